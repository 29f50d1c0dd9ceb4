import { readJpegHeader } from "./jpeg-header.ts";
import type { JpegCodec } from "./mozjpeg.ts";
import type { RgbaRaster } from "./raster.ts";

// Link-preview images (ADR 0017, ADR 0031): JPEG, at least 400 px
// wide, well under 300 KB, showing nothing a stranger may not see. A
// profile's preview is its tiny blurred derivative enlarged, so no face can
// be recovered from it; without one, the agency's colours.

export const OG_PROFILE_SIZE = { width: 480, height: 600 } as const;
export const OG_DEFAULT_SIZE = { width: 1200, height: 630 } as const;
const OG_QUALITY = 78;
/** A blurred derivative is about 24x32; anything near a megapixel under its key is not one. */
const MAX_BLUR_PIXELS = 1_000_000;

/**
 * Where a profile's preview is kept in R2: named after its blurred
 * derivative, so a new photo has a new preview, and the preview goes with the
 * photo it was made from (a replacement, an erasure: ADR 0034).
 */
export function previewImageKey(blurKey: string): string {
  return `og/${blurKey.replace(/^photos\//, "").replace(/\//g, "-")}`;
}

/** Bilinear enlargement: smooth, which is what a blurred preview wants. */
function enlarge(source: { width: number; height: number; data: Uint8Array }, width: number, height: number): RgbaRaster {
  const output = new Uint8Array(width * height * 4);
  const sx = source.width / width;
  const sy = source.height / height;
  for (let y = 0; y < height; y++) {
    const fy = Math.max(0, (y + 0.5) * sy - 0.5);
    const y0 = Math.min(source.height - 1, Math.floor(fy));
    const y1 = Math.min(source.height - 1, y0 + 1);
    const wy = fy - y0;
    for (let x = 0; x < width; x++) {
      const fx = Math.max(0, (x + 0.5) * sx - 0.5);
      const x0 = Math.min(source.width - 1, Math.floor(fx));
      const x1 = Math.min(source.width - 1, x0 + 1);
      const wx = fx - x0;
      for (let c = 0; c < 3; c++) {
        const at = (px: number, py: number) => source.data[(py * source.width + px) * 4 + c] ?? 0;
        const top = at(x0, y0) * (1 - wx) + at(x1, y0) * wx;
        const bottom = at(x0, y1) * (1 - wx) + at(x1, y1) * wx;
        output[(y * width + x) * 4 + c] = Math.round(top * (1 - wy) + bottom * wy);
      }
      output[(y * width + x) * 4 + 3] = 255;
    }
  }
  return { width, height, channels: 4, data: output };
}

/** The preview of a profile from its blurred derivative's JPEG bytes (ours, from R2). */
export function profilePreview(codec: JpegCodec, blurJpeg: Uint8Array): Uint8Array {
  const parsed = readJpegHeader(blurJpeg);
  if (!parsed.ok) throw new Error(`the stored blurred photo does not read as a JPEG: ${parsed.reason}`);
  const { width, height } = parsed.header.frame;
  if (width * height > MAX_BLUR_PIXELS) throw new Error(`the stored blurred photo is ${width}x${height}`);
  const big = codec.decode(blurJpeg, { width, height }, (small) => enlarge(small, OG_PROFILE_SIZE.width, OG_PROFILE_SIZE.height));
  return encode(codec, big);
}

/** The agency's preview: a maroon to saffron gradient, the colours of the site. */
export function defaultPreview(codec: JpegCodec): Uint8Array {
  const { width, height } = OG_DEFAULT_SIZE;
  const data = new Uint8Array(width * height * 4);
  const from = [124, 28, 46];
  const to = [232, 145, 45];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const t = (x / width) * 0.7 + (y / height) * 0.3;
      const i = (y * width + x) * 4;
      for (let c = 0; c < 3; c++) data[i + c] = Math.round((from[c] ?? 0) + ((to[c] ?? 0) - (from[c] ?? 0)) * t);
      data[i + 3] = 255;
    }
  }
  return encode(codec, { width, height, channels: 4, data });
}

function encode(codec: JpegCodec, image: RgbaRaster): Uint8Array {
  const [bytes] = codec.encode([{ image, quality: OG_QUALITY }]);
  if (!bytes) throw new Error("the encoder returned no JPEG");
  return bytes;
}
