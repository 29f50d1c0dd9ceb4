// The photo pipeline's CPU time (worker/lib/photos/process-photo.ts) on a
// photo as the web app uploads it: 1600x1200 after its downscale, with a
// camera's noise; then the time it takes to refuse or clean each hostile
// upload of the test corpus (ADR 0008, "Hostile uploads"). Run in Node: the
// same V8 and the same code as in workerd. Prints figures, asserts nothing;
// `npm run bench` calls it and reads the first line's median.
import jpeg from "jpeg-js";
import { PHOTO_LIMITS } from "../shared/schemas/registration.ts";
import { estimateDecodePeakBytes } from "../worker/lib/photos/decode-budget.ts";
import { DEFAULT_DECODE_BUDGET_BYTES, PhotoError, processPhoto } from "../worker/lib/photos/process-photo.ts";
import {
  SOF_EXTENDED,
  cmykRed,
  commentFlood,
  fillBytes,
  highPrecision,
  htmlThenJpeg,
  jpegThenHtml,
  jpegThenZip,
  photoWithGps,
  pixelFlood,
  scanBomb,
  scriptInComment,
  stuffedScan,
  truncatedPhoto,
} from "../tests/worker/photos/hostile-jpegs.ts";

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

const SQUARE = largestGreySquare();
const TEN_MB_OF_COMMENTS = Math.floor(PHOTO_LIMITS.maxBytes / 4) - 64;

const HOSTILE: [string, Uint8Array][] = [
  ["scan bomb, 10,000 scans", scanBomb(10_000)],
  ["scan bomb, as many scans as 10 MB holds", largestScanBomb()],
  ["work bomb, 8 scans at 2000x2000", scanBomb(6)],
  ["costliest script accepted, 7 scans at 2000x2000", scanBomb(5)],
  [`costliest photo accepted, 7 scans at ${SQUARE}x${SQUARE} (the largest grey square the memory budget takes)`, scanBomb(5, SQUARE)],
  ["pixel flood, 60000x60000", pixelFlood(60_000, 60_000)],
  ["pixel flood, 6000x6000", pixelFlood(6_000, 6_000)],
  ["10 MB of stuffed bytes in one scan", stuffedScan(PHOTO_LIMITS.maxBytes)],
  ["10 MB of empty comments before the frame", commentFlood(TEN_MB_OF_COMMENTS, "header")],
  ["10 MB of empty comments after the scan", commentFlood(TEN_MB_OF_COMMENTS, "scans")],
  ["10 MB of fill bytes", fillBytes(PHOTO_LIMITS.maxBytes - 200)],
  ["truncated photo", truncatedPhoto()],
  ["HTML before the JPEG", htmlThenJpeg()],
  ["HTML after the JPEG", jpegThenHtml()],
  ["ZIP after the JPEG", jpegThenZip()],
  ["script in a comment", scriptInComment()],
  ["EXIF with GPS", photoWithGps()],
  ["CMYK with its Adobe segment", cmykRed()],
  ["CMYK without it", cmykRed(false)],
  ["12-bit samples", highPrecision(SOF_EXTENDED, 12)],
];

for (const [name, bytes] of HOSTILE) {
  const runs: number[] = [];
  let outcome = "";
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    outcome = attempt(bytes);
    runs.push(performance.now() - started);
  }
  runs.sort((a, b) => a - b);
  console.log(`hostile photo: ${name} (${kb(bytes.byteLength)}): ${outcome} in ${runs[Math.floor(RUNS / 2)]?.toFixed(2)} ms (median of ${RUNS})`);
}

/** The scan bomb with as many refinement scans as the upload limit allows. */
function largestScanBomb(): Uint8Array {
  const [one, two] = [scanBomb(1).byteLength, scanBomb(2).byteLength];
  return scanBomb(Math.floor((PHOTO_LIMITS.maxBytes - one) / (two - one)) + 1);
}

/** The side of the largest grey square whose decode fits the default memory budget. */
function largestGreySquare(): number {
  const fits = (size: number) =>
    estimateDecodePeakBytes({ marker: 0xc2, precision: 8, width: size, height: size, components: [{ id: 1, h: 1, v: 1 }] }, 0) <= DEFAULT_DECODE_BUDGET_BYTES;
  let size = 8;
  while (fits(size + 8)) size += 8;
  return size;
}

/** What the pipeline made of an upload: the refusal's code, or the size of the photo it stored. */
function attempt(bytes: Uint8Array): string {
  try {
    const { width, height } = processPhoto(bytes);
    return `cleaned to ${width}x${height}`;
  } catch (error) {
    if (!(error instanceof PhotoError)) throw error;
    return `refused ${error.code}`;
  }
}
