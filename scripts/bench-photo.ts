// The photo pipeline's time (worker/lib/photos/process-photo.ts) on a photo
// as the web app uploads it: 1600x1200 after its downscale, with a camera's
// noise, and the same turned to portrait (1200x1600 to 750x1000, a resize by
// a fraction); each with its CPU time and the load average beside the wall
// time, since the machine may be shared; then a 12-megapixel photo as a phone camera writes it (4000x3000,
// baseline 4:2:0), the memory left after 30 of them in a row, and the time
// it takes to refuse or clean each hostile upload of the test corpus (ADR
// 0008, "Hostile uploads"; ADR 0030). Run in Node: the same V8, the same
// code and the same wasm as in workerd, the wasm compiled here from the
// package's files. Prints figures, asserts nothing; `npm run bench` calls it
// and reads the first line's median.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { loadavg } from "node:os";
import jpeg from "jpeg-js";
import { PHOTO_LIMITS } from "#shared/schemas/registration.ts";
import { DEFAULT_DECODE_BUDGET_BYTES, estimateDecodePeakBytes } from "#worker/lib/photos/decode-budget.ts";
import { readJpegHeader, walkScans } from "#worker/lib/photos/jpeg-header.ts";
import { mozjpegCodec } from "#worker/lib/photos/mozjpeg.ts";
import { cardPhoto } from "#worker/lib/photos/card-photo.ts";
import { PhotoError, processPhoto } from "#worker/lib/photos/process-photo.ts";
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
} from "#tests/worker/photos/hostile-jpegs.ts";

const RUNS = 5;
/** More runs for the two upload sizes, whose medians are the figures that count (ADR 0030). */
const UPLOAD_RUNS = 11;
const LARGE_RUNS = 30;

const require = createRequire(import.meta.url);
const compile = (path: string) => new WebAssembly.Module(readFileSync(require.resolve(path)));
const codec = mozjpegCodec({
  decoder: compile("@jsquash/jpeg/codec/dec/mozjpeg_dec.wasm"),
  encoder: compile("@jsquash/jpeg/codec/enc/mozjpeg_enc.wasm"),
});

/** Smooth colour with a deterministic stand-in for sensor noise (xorshift), so runs compare. */
function cameraLike(width: number, height: number): Uint8Array {
  let state = 12345;
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      const n = (((state >>> 0) % 1000) / 1000) * 24;
      data.set([(x / width) * 200 + n, (y / height) * 180 + n, ((x + y) / (width + height)) * 160 + 40 + n, 255], (y * width + x) * 4);
    }
  }
  return data;
}

const kb = (bytes: number) => `${Math.round(bytes / 1024)} KB`;
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

/** Median wall and CPU time of `runs` runs after one to warm up. The CPU time leaves out the time spent waiting for a core another process holds. */
function timed(input: Uint8Array, runs: number) {
  const wall: number[] = [];
  const cpu: number[] = [];
  let result = processPhoto(codec, input);
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    result = processPhoto(codec, input);
    const used = process.cpuUsage(cpuBefore);
    wall.push(performance.now() - started);
    cpu.push((used.user + used.system) / 1000);
  }
  return { result, median: median(wall), cpuMedian: median(cpu) };
}

function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
}

const load = () => `load average ${loadavg()[0]?.toFixed(1)}`;

/** One upload size: its time, what it became, and the load it ran under. */
function uploadLine(width: number, height: number): string {
  // As the web app sends it: jpeg-js's baseline 4:4:4 at quality 90, as before ADR 0030, so figures compare.
  const upload = new Uint8Array(jpeg.encode({ width, height, data: cameraLike(width, height) }, 90).data);
  const { result, median: wall, cpuMedian } = timed(upload, UPLOAD_RUNS);
  return `photo pipeline: ${width}x${height} (${kb(upload.byteLength)}) to ${result.width}x${result.height} (${kb(result.full.byteLength)}) and a blur (${kb(result.blur.byteLength)}): median ${wall.toFixed(0)} ms of ${UPLOAD_RUNS} runs, CPU ${cpuMedian.toFixed(0)} ms, ${load()}`;
}

/** The card-size copy (card-photo.ts) of the photo stored from a portrait upload: what a list downloads instead of the photo. */
function cardLine(width: number, height: number): string {
  const stored = processPhoto(codec, new Uint8Array(jpeg.encode({ width, height, data: cameraLike(width, height) }, 90).data)).full;
  const wall: number[] = [];
  let card = cardPhoto(codec, stored);
  for (let run = 0; run < UPLOAD_RUNS; run++) {
    const started = performance.now();
    card = cardPhoto(codec, stored);
    wall.push(performance.now() - started);
  }
  const percent = Math.round((100 * card.byteLength) / stored.byteLength);
  return `card-size copy: of the ${width}x${height} upload's stored photo (${kb(stored.byteLength)}), ${kb(card.byteLength)} (${percent}%), made in a median ${median(wall).toFixed(0)} ms of ${UPLOAD_RUNS} runs, once per photo, ${load()}`;
}

// `npm run bench` reads the median of the first line.
console.log(uploadLine(1600, 1200));
console.log(uploadLine(1200, 1600));
console.log(cardLine(1200, 1600));

// As a phone camera writes it: baseline, 4:2:0 (mozjpeg subsamples below quality 80).
const [camera] = codec.encode([{ image: { width: 4000, height: 3000, channels: 4, data: cameraLike(4000, 3000) }, quality: 75 }]);
if (!camera) throw new Error("no 12-megapixel photo");
const memoryBefore = process.memoryUsage();
const large = timed(camera, LARGE_RUNS);
const memoryAfter = process.memoryUsage();
console.log(
  `photo pipeline: 4000x3000 (${kb(camera.byteLength)}) to ${large.result.width}x${large.result.height} (${kb(large.result.full.byteLength)}): median ${large.median.toFixed(0)} ms of ${LARGE_RUNS} runs, CPU ${large.cpuMedian.toFixed(0)} ms, ${load()}; estimated peak ${mib(estimatedPeak(camera))} of a ${mib(DEFAULT_DECODE_BUDGET_BYTES)} budget`,
);
console.log(
  `memory after ${LARGE_RUNS + 1} 12-megapixel photos in a row: rss ${mib(memoryAfter.rss)} (before ${mib(memoryBefore.rss)}), array buffers and wasm ${mib(memoryAfter.arrayBuffers + memoryAfter.external)} (before ${mib(memoryBefore.arrayBuffers + memoryBefore.external)}), JS heap ${mib(memoryAfter.heapUsed)} (before ${mib(memoryBefore.heapUsed)})`,
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
  console.log(`hostile photo: ${name} (${kb(bytes.byteLength)}): ${outcome} in ${median(runs).toFixed(2)} ms (median of ${RUNS})`);
}

/** What the memory budget estimates for a photo, from its headers, as the pipeline does. */
function estimatedPeak(bytes: Uint8Array): number {
  const parsed = readJpegHeader(bytes);
  if (!parsed.ok) throw new Error(`header refused: ${parsed.reason}`);
  const walk = walkScans(bytes, parsed.header.frameEnd);
  if (!walk.ok) throw new Error(`scans refused: ${walk.reason}`);
  return estimateDecodePeakBytes(parsed.header.frame, walk.scans, walk.end);
}

/** The scan bomb with as many refinement scans as the upload limit allows. */
function largestScanBomb(): Uint8Array {
  const [one, two] = [scanBomb(1).byteLength, scanBomb(2).byteLength];
  return scanBomb(Math.floor((PHOTO_LIMITS.maxBytes - one) / (two - one)) + 1);
}

/** The side of the largest grey square whose decode fits the default memory budget. */
function largestGreySquare(): number {
  const grey = { marker: 0xc2, precision: 8, width: 0, height: 0, components: [{ id: 1, h: 1, v: 1 }] };
  const fits = (size: number) => estimateDecodePeakBytes({ ...grey, width: size, height: size }, [], 0) <= DEFAULT_DECODE_BUDGET_BYTES;
  let size = 8;
  while (fits(size + 8)) size += 8;
  return size;
}

/** What the pipeline made of an upload: the refusal's code, or the size of the photo it stored. */
function attempt(bytes: Uint8Array): string {
  try {
    const { width, height } = processPhoto(codec, bytes);
    return `cleaned to ${width}x${height}`;
  } catch (error) {
    if (!(error instanceof PhotoError)) throw error;
    return `refused ${error.code}`;
  }
}
