/**
 * Pixel work of the photo pipeline on plain typed arrays: area-averaging
 * downscale, EXIF orientation and a box blur. Pure functions; each
 * allocates only its output and a row or two of scratch (the resize copies
 * its input only when it does not start on a 4-byte boundary, which neither
 * the decoder's heap, whose allocations are 8-byte aligned, nor our own
 * arrays do).
 */

/** Interleaved 8-bit RGBA pixels: what mozjpeg decodes to and encodes from. */
export interface RgbaRaster {
  width: number;
  height: number;
  channels: 4;
  data: Uint8Array;
}

export interface Size {
  width: number;
  height: number;
}

/** The size that fits within the box keeping the aspect ratio; never larger than the input. */
export function fitWithin(size: Size, box: Size): Size {
  const scale = Math.min(1, box.width / size.width, box.height / size.height);
  return {
    width: Math.max(1, Math.min(box.width, Math.round(size.width * scale))),
    height: Math.max(1, Math.min(box.height, Math.round(size.height * scale))),
  };
}

/**
 * For each output index, the source indices it covers and how much of each:
 * output pixel i is the average of source interval [i*s, (i+1)*s), so a
 * source pixel cut by the boundary counts by the fraction inside. This is
 * "area" resampling: every source pixel contributes, unlike nearest-neighbour,
 * which drops most of them and aliases when shrinking by 5x.
 */
interface Taps {
  first: Int32Array;
  count: Int32Array;
  /** Fixed point: each output's weights sum to exactly WEIGHT_ONE. */
  weights: Int32Array;
  /** Where output i's weights start in `weights`. */
  offset: Int32Array;
}

/**
 * Integer weights: the sums stay exact small integers (a source row's
 * reduction is at most 255 * 2^12), which V8 keeps unboxed, and rounding
 * them to 12 bits moves an output value by at most one step in 255.
 */
const WEIGHT_BITS = 12;
const WEIGHT_ONE = 1 << WEIGHT_BITS;

function areaTaps(sourceLength: number, outputLength: number): Taps {
  const scale = sourceLength / outputLength;
  const first = new Int32Array(outputLength);
  const count = new Int32Array(outputLength);
  const offset = new Int32Array(outputLength);
  const all: number[] = [];
  for (let i = 0; i < outputLength; i++) {
    const start = i * scale;
    const end = Math.min(sourceLength, (i + 1) * scale);
    const from = Math.floor(start);
    const to = Math.min(sourceLength, Math.ceil(end));
    first[i] = from;
    offset[i] = all.length;
    count[i] = to - from;
    let total = 0;
    let largest = all.length;
    for (let j = from; j < to; j++) {
      const covered = Math.max(0, Math.min(j + 1, end) - Math.max(j, start));
      const weight = Math.round((covered / (end - start)) * WEIGHT_ONE);
      if (weight > (all[largest] ?? 0)) largest = all.length;
      all.push(weight);
      total += weight;
    }
    // Rounding may leave the sum a step off: the largest weight takes the difference.
    all[largest] = (all[largest] ?? 0) + WEIGHT_ONE - total;
  }
  return { first, count, offset, weights: Int32Array.from(all) };
}

/**
 * Area-averaging resize. Separable: each output row sums its source rows,
 * each reduced horizontally and added by its vertical weight, so only two
 * rows of scratch exist however large the source is. It runs over every
 * decoded pixel, 12 million of them for a 12-megapixel photo, so it reads
 * and writes a whole RGBA pixel as one 32-bit word (little-endian, as
 * WebAssembly's memory and every host of a Worker are: red in the low byte)
 * and indexes typed arrays directly (the `!`s are in bounds by construction).
 */
export function resizeArea(source: RgbaRaster, width: number, height: number): RgbaRaster {
  const xTaps = areaTaps(source.width, width);
  const yTaps = areaTaps(source.height, height);
  const pixels = pixelWords(source);
  const output = new Uint32Array(width * height);
  // Sums of row reductions times vertical weights reach 255 * 2^24: past
  // int32, so doubles; they start at half a unit so the truncation rounds.
  const sum = new Float64Array(width * 3);
  const half = (WEIGHT_ONE * WEIGHT_ONE) / 2;
  const unit = 1 / (WEIGHT_ONE * WEIGHT_ONE);
  // A source row cut by an output row's lower edge counts in the next output
  // row too: it is reduced once, kept here, and added to both.
  const sharedRow = new Int32Array(width * 3);
  let sharedY = -1;
  for (let y = 0; y < height; y++) {
    sum.fill(half);
    const from = yTaps.first[y]!;
    const count = yTaps.count[y]!;
    const w0 = yTaps.offset[y]!;
    for (let k = 0; k < count; k++) {
      const weight = yTaps.weights[w0 + k]!;
      const sourceY = from + k;
      if (weight === 0) continue;
      const shared = sourceY === sharedY || (k === count - 1 && yTaps.first[y + 1] === sourceY);
      if (!shared) {
        addReducedRow(pixels, sourceY * source.width, xTaps, weight, sum);
        continue;
      }
      if (sharedY !== sourceY) {
        reduceRow(pixels, sourceY * source.width, xTaps, sharedRow);
        sharedY = sourceY;
      }
      for (let i = 0; i < sum.length; i++) sum[i]! += sharedRow[i]! * weight;
    }
    let out = y * width;
    for (let i = 0; i < sum.length; i += 3) {
      output[out++] = packRgb(sum[i]! * unit, sum[i + 1]! * unit, sum[i + 2]! * unit);
    }
  }
  return { width, height, channels: 4, data: new Uint8Array(output.buffer) };
}

/**
 * Adds the source row starting at pixel `base`, reduced to the output's
 * width, times `weight`, into `sum` (RGB). The same loop as reduceRow with
 * the vertical weight applied at once: most rows count in one output row
 * only, and a row of scratch written and read back costs a third more.
 */
function addReducedRow(pixels: Uint32Array, base: number, taps: Taps, weight: number, sum: Float64Array): void {
  const { first, count, offset, weights } = taps;
  let out = 0;
  for (let x = 0; x < count.length; x++) {
    let at = base + first[x]!;
    let w = offset[x]!;
    const end = w + count[x]!;
    let r = 0;
    let g = 0;
    let b = 0;
    for (; w < end; w++, at++) {
      const pixel = pixels[at]!;
      const tap = weights[w]!;
      r += (pixel & 0xff) * tap;
      g += ((pixel >>> 8) & 0xff) * tap;
      b += ((pixel >>> 16) & 0xff) * tap;
    }
    sum[out++]! += r * weight;
    sum[out++]! += g * weight;
    sum[out++]! += b * weight;
  }
}

/** The source row starting at pixel `base`, reduced to the output's width, into `row` (RGB, fixed point). */
function reduceRow(pixels: Uint32Array, base: number, taps: Taps, row: Int32Array): void {
  const { first, count, offset, weights } = taps;
  let out = 0;
  for (let x = 0; x < count.length; x++) {
    let at = base + first[x]!;
    let w = offset[x]!;
    const end = w + count[x]!;
    let r = 0;
    let g = 0;
    let b = 0;
    for (; w < end; w++, at++) {
      const pixel = pixels[at]!;
      const tap = weights[w]!;
      r += (pixel & 0xff) * tap;
      g += ((pixel >>> 8) & 0xff) * tap;
      b += ((pixel >>> 16) & 0xff) * tap;
    }
    row[out++] = r;
    row[out++] = g;
    row[out++] = b;
  }
}

/** An opaque RGBA pixel as a little-endian word; the channels are truncated and kept within 0-255. */
function packRgb(r: number, g: number, b: number): number {
  return (Math.min(255, r | 0) | (Math.min(255, g | 0) << 8) | (Math.min(255, b | 0) << 16) | 0xff000000) >>> 0;
}

/** The raster's pixels as 32-bit words: a view when its bytes are 4-byte aligned (the decoder's heap, our own arrays), else a copy. */
function pixelWords({ data, width, height }: RgbaRaster): Uint32Array {
  const bytes = data.byteOffset % 4 === 0 ? data : data.slice(0, width * height * 4);
  return new Uint32Array(bytes.buffer, bytes.byteOffset, width * height);
}

/** The EXIF orientations that turn the picture a quarter, so width and height swap. */
export function swapsAxes(orientation: number): boolean {
  return orientation >= 5 && orientation <= 8;
}

/**
 * Turns stored pixels upright for an EXIF orientation (1-8). Runs after the
 * downscale, on the small image: area averaging commutes with flips and
 * quarter turns, and turning 800x1000 instead of 4000x3000 spares both time
 * and a second full-size buffer.
 */
export function applyOrientation(image: RgbaRaster, orientation: number): RgbaRaster {
  if (orientation < 2 || orientation > 8) return image;
  const { width: w, height: h } = image;
  const swap = swapsAxes(orientation);
  const outWidth = swap ? h : w;
  const outHeight = swap ? w : h;
  const output = new Uint8Array(w * h * 4);
  // One 32-bit word per RGBA pixel; both buffers are our own, so 4-byte aligned.
  const src = new Uint32Array(image.data.buffer, image.data.byteOffset, w * h);
  const dst = new Uint32Array(output.buffer, 0, w * h);
  for (let y = 0; y < outHeight; y++) {
    for (let x = 0; x < outWidth; x++) {
      // Where the upright pixel (x, y) sits in the stored image.
      let sx: number;
      let sy: number;
      switch (orientation) {
        case 2:
          sx = w - 1 - x;
          sy = y;
          break; // mirrored left-right
        case 3:
          sx = w - 1 - x;
          sy = h - 1 - y;
          break; // turned 180
        case 4:
          sx = x;
          sy = h - 1 - y;
          break; // mirrored top-bottom
        case 5:
          sx = y;
          sy = x;
          break; // transposed
        case 6:
          sx = y;
          sy = h - 1 - x;
          break; // needs a quarter turn clockwise
        case 7:
          sx = w - 1 - y;
          sy = h - 1 - x;
          break; // transverse
        default:
          sx = w - 1 - y;
          sy = x;
          break; // 8: needs a quarter turn anticlockwise
      }
      dst[y * outWidth + x] = src[sy * w + sx] ?? 0;
    }
  }
  return { width: outWidth, height: outHeight, channels: 4, data: output };
}

/**
 * Box blur, `passes` times (three passes approach a Gaussian). Separable,
 * edges clamped so the border does not darken. Meant for the tiny privacy
 * derivative, so it favours plainness over speed.
 */
export function boxBlur(image: RgbaRaster, radius: number, passes: number): RgbaRaster {
  const { width, height } = image;
  let current = Float32Array.from(image.data);
  let scratch = new Float32Array(current.length);
  const span = radius * 2 + 1;
  for (let pass = 0; pass < passes; pass++) {
    for (const horizontal of [true, false]) {
      const lines = horizontal ? height : width;
      const length = horizontal ? width : height;
      for (let line = 0; line < lines; line++) {
        for (let i = 0; i < length; i++) {
          for (let c = 0; c < 3; c++) {
            let total = 0;
            for (let k = -radius; k <= radius; k++) {
              const j = Math.min(length - 1, Math.max(0, i + k));
              const at = horizontal ? (line * width + j) * 4 : (j * width + line) * 4;
              total += current[at + c] ?? 0;
            }
            const at = horizontal ? (line * width + i) * 4 : (i * width + line) * 4;
            scratch[at + c] = total / span;
          }
        }
      }
      [current, scratch] = [scratch, current];
    }
  }
  const output = new Uint8ClampedArray(current.length);
  for (let i = 0; i < output.length; i++) output[i] = (i & 3) === 3 ? 255 : current[i]!;
  return { width, height, channels: 4, data: new Uint8Array(output.buffer) };
}
