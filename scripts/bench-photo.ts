// The photo pipeline's CPU time (worker/lib/photos/process-photo.ts) on a
// photo as the web app uploads it: 1600x1200 after its downscale, with a
// camera's noise. Run in Node: the same V8 and the same code as in workerd.
// Prints one line; `npm run bench` calls it.
import jpeg from "jpeg-js";
import { processPhoto } from "../worker/lib/photos/process-photo.ts";

const WIDTH = 1600;
const HEIGHT = 1200;
const RUNS = 5;

/** A deterministic stand-in for sensor noise (xorshift), so runs compare. */
let state = 12345;
function noise(): number {
  state ^= state << 13;
  state ^= state >>> 17;
  state ^= state << 5;
  return ((state >>> 0) % 1000) / 1000;
}

const data = new Uint8Array(WIDTH * HEIGHT * 4);
for (let y = 0; y < HEIGHT; y++) {
  for (let x = 0; x < WIDTH; x++) {
    const n = noise() * 24;
    data.set([(x / WIDTH) * 200 + n, (y / HEIGHT) * 180 + n, ((x + y) / (WIDTH + HEIGHT)) * 160 + 40 + n, 255], (y * WIDTH + x) * 4);
  }
}
const input = new Uint8Array(jpeg.encode({ width: WIDTH, height: HEIGHT, data }, 90).data);

const times: number[] = [];
let result = processPhoto(input);
for (let run = 0; run < RUNS; run++) {
  const started = performance.now();
  result = processPhoto(input);
  times.push(performance.now() - started);
}
times.sort((a, b) => a - b);
const kb = (bytes: number) => `${Math.round(bytes / 1024)} KB`;
console.log(
  `photo pipeline: ${WIDTH}x${HEIGHT} (${kb(input.byteLength)}) to ${result.width}x${result.height} (${kb(result.full.byteLength)}) and a blur (${kb(result.blur.byteLength)}): median ${times[Math.floor(RUNS / 2)]?.toFixed(0)} ms of ${RUNS} runs`,
);
