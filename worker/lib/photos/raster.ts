/**
 * Pixel work of the photo pipeline on plain typed arrays: area-averaging
 * downscale, EXIF orientation and a box blur. Pure functions; each
 * allocates only its output (and one or two rows of scratch).
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
  weights: Float32Array;
  /** Where output i's weights start in `weights`. */
  offset: Int32Array;
}

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
    for (let j = from; j < to; j++) {
      const covered = Math.min(j + 1, end) - Math.max(j, start);
      all.push(covered > 0 ? covered / (end - start) : 0);
    }
    count[i] = to - from;
  }
  return { first, count, offset, weights: Float32Array.from(all) };
}

/**
 * Area-averaging resize. Separable: each source row is reduced horizontally
 * once into `row`, then added into `sum` by its vertical weight, so only two
 * float rows of scratch exist however large the source is. The loops index
 * typed arrays directly (the `!`s are in bounds by construction): this runs
 * over every decoded pixel, 12 million of them for a 12-megapixel photo.
 */
export function resizeArea(source: RgbaRaster, width: number, height: number): RgbaRaster {
  const xTaps = areaTaps(source.width, width);
  const yTaps = areaTaps(source.height, height);
  const output = new Uint8ClampedArray(width * height * 4);
  const row = new Float32Array(width * 3);
  const sum = new Float32Array(width * 3);
  for (let y = 0; y < height; y++) {
    sum.fill(0);
    const from = yTaps.first[y]!;
    const w0 = yTaps.offset[y]!;
    for (let k = 0; k < yTaps.count[y]!; k++) {
      const weight = yTaps.weights[w0 + k]!;
      if (weight === 0) continue;
      reduceRow(source, from + k, xTaps, row);
      for (let i = 0; i < sum.length; i++) sum[i]! += row[i]! * weight;
    }
    // Uint8ClampedArray rounds and clamps: weights sum to 1 only up to float error.
    let out = y * width * 4;
    for (let i = 0; i < sum.length; i += 3) {
      output[out] = sum[i]!;
      output[out + 1] = sum[i + 1]!;
      output[out + 2] = sum[i + 2]!;
      output[out + 3] = 255;
      out += 4;
    }
  }
  return { width, height, channels: 4, data: new Uint8Array(output.buffer) };
}

/** Source row `y` reduced to the output's width, as RGB floats. */
function reduceRow(source: RgbaRaster, y: number, taps: Taps, row: Float32Array): void {
  const { data } = source;
  const base = y * source.width * 4;
  const { first, count, offset, weights } = taps;
  let out = 0;
  for (let x = 0; x < count.length; x++) {
    let at = base + first[x]! * 4;
    let w = offset[x]!;
    const end = w + count[x]!;
    let r = 0;
    let g = 0;
    let b = 0;
    for (; w < end; w++, at += 4) {
      const weight = weights[w]!;
      r += data[at]! * weight;
      g += data[at + 1]! * weight;
      b += data[at + 2]! * weight;
    }
    row[out++] = r;
    row[out++] = g;
    row[out++] = b;
  }
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
