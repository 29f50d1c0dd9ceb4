// Encoded demo photos kept between runs: the end-to-end and benchmark scripts
// seed a fresh state every time, and the same seed draws the same portraits,
// so only the first run pays for jpeg-js. The key covers the portrait spec and
// the source of the drawing code, so editing the drawing never serves stale bytes.
import { createHash } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { readFileSync } from "node:fs";
import path from "node:path";
import type { PhotoFiles } from "./photo-files.ts";
import type { PortraitSpec } from "./portrait.ts";

const CACHE_DIR = path.resolve(import.meta.dirname, "../../node_modules/.cache/demo-photos");
const DRAWING_SOURCES = ["portrait.ts", "photo-files.ts", "bitmap-font.ts"];

let drawingVersion: string | null = null;

function versionOfDrawing(): string {
  drawingVersion ??= createHash("sha256")
    .update(DRAWING_SOURCES.map((file) => readFileSync(path.join(import.meta.dirname, file), "utf8")).join("\0"))
    .digest("hex");
  return drawingVersion;
}

export function photoCacheKey(spec: PortraitSpec): string {
  return createHash("sha256").update(versionOfDrawing()).update(JSON.stringify(spec)).digest("hex");
}

export async function readCachedPhoto(key: string): Promise<PhotoFiles | null> {
  try {
    const [full, blur] = await Promise.all([readFile(path.join(CACHE_DIR, `${key}.jpg`)), readFile(path.join(CACHE_DIR, `${key}-blur.jpg`))]);
    return { full: new Uint8Array(full), blur: new Uint8Array(blur) };
  } catch {
    return null;
  }
}

/** Best effort: a cache that cannot be written only costs time on the next run. */
export async function writeCachedPhoto(key: string, files: PhotoFiles): Promise<void> {
  try {
    await mkdir(CACHE_DIR, { recursive: true });
    // Write then rename, so that a run killed halfway never leaves a truncated JPEG behind.
    for (const [suffix, bytes] of [
      [".jpg", files.full],
      ["-blur.jpg", files.blur],
    ] as const) {
      const target = path.join(CACHE_DIR, `${key}${suffix}`);
      const temporary = `${target}.${process.pid}.tmp`;
      await writeFile(temporary, bytes);
      await rename(temporary, target);
    }
  } catch {
    // Read-only node_modules or a full disk: carry on without the cache.
  }
}
