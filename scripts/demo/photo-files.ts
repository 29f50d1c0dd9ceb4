// The two JPEGs stored per photo: the full portrait and the tiny blurred
// derivative that members who may not see the photo receive instead (ADR
// 0008: CSS blur on a full image is not privacy).
import jpeg from "jpeg-js";
import { renderPortrait, type PortraitSpec, type RgbaImage } from "./portrait.ts";

export const FULL_QUALITY = 80;
export const BLUR_QUALITY = 60;
export const BLUR_WIDTH = 24;
export const BLUR_HEIGHT = 30;

export interface PhotoFiles {
  full: Uint8Array<ArrayBuffer>;
  blur: Uint8Array<ArrayBuffer>;
}

/** Area-average downscale: every source pixel counts, so no detail survives to be recovered. */
export function downscale(image: RgbaImage, width: number, height: number): RgbaImage {
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    const sy0 = Math.floor((y * image.height) / height);
    const sy1 = Math.max(sy0 + 1, Math.floor(((y + 1) * image.height) / height));
    for (let x = 0; x < width; x++) {
      const sx0 = Math.floor((x * image.width) / width);
      const sx1 = Math.max(sx0 + 1, Math.floor(((x + 1) * image.width) / width));
      const sum = [0, 0, 0];
      for (let sy = sy0; sy < sy1; sy++) {
        for (let sx = sx0; sx < sx1; sx++) {
          const i = (sy * image.width + sx) * 4;
          sum[0] = (sum[0] ?? 0) + (image.data[i] ?? 0);
          sum[1] = (sum[1] ?? 0) + (image.data[i + 1] ?? 0);
          sum[2] = (sum[2] ?? 0) + (image.data[i + 2] ?? 0);
        }
      }
      const count = (sy1 - sy0) * (sx1 - sx0);
      const j = (y * width + x) * 4;
      data[j] = Math.round((sum[0] ?? 0) / count);
      data[j + 1] = Math.round((sum[1] ?? 0) / count);
      data[j + 2] = Math.round((sum[2] ?? 0) / count);
      data[j + 3] = 255;
    }
  }
  return { width, height, data };
}

/** One 3x3 box-blur pass with clamped edges. */
export function boxBlur(image: RgbaImage): RgbaImage {
  const { width, height } = image;
  const data = new Uint8Array(image.data.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      for (let channel = 0; channel < 3; channel++) {
        let sum = 0;
        for (let dy = -1; dy <= 1; dy++) {
          for (let dx = -1; dx <= 1; dx++) {
            const sx = Math.min(width - 1, Math.max(0, x + dx));
            const sy = Math.min(height - 1, Math.max(0, y + dy));
            sum += image.data[(sy * width + sx) * 4 + channel] ?? 0;
          }
        }
        data[(y * width + x) * 4 + channel] = Math.round(sum / 9);
      }
      data[(y * width + x) * 4 + 3] = 255;
    }
  }
  return { width, height, data };
}

function encode(image: RgbaImage, quality: number): Uint8Array<ArrayBuffer> {
  return new Uint8Array(jpeg.encode({ width: image.width, height: image.height, data: image.data }, quality).data);
}

export function makePhotoFiles(spec: PortraitSpec): PhotoFiles {
  const image = renderPortrait(spec);
  const blurred = boxBlur(boxBlur(downscale(image, BLUR_WIDTH, BLUR_HEIGHT)));
  return { full: encode(image, FULL_QUALITY), blur: encode(blurred, BLUR_QUALITY) };
}
