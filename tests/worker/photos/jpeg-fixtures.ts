import jpeg from "jpeg-js";

// Builders for the photo pipeline's tests: real JPEGs from jpeg-js, then
// variants made by editing their bytes the way cameras and attackers do.

export type Rgb = readonly [number, number, number];
export type Painter = (x: number, y: number) => Rgb;

export const RED: Rgb = [230, 30, 30];
export const GREEN: Rgb = [30, 200, 40];
export const BLUE: Rgb = [30, 40, 230];
export const WHITE: Rgb = [245, 245, 245];

/** A JPEG of the given size, 4:4:4 baseline as jpeg-js writes it. */
export function encodeJpeg(width: number, height: number, paint: Painter, quality = 90): Uint8Array {
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const [r, g, b] = paint(x, y);
      data.set([r, g, b, 255], (y * width + x) * 4);
    }
  }
  return new Uint8Array(jpeg.encode({ width, height, data }, quality).data);
}

/** Four coloured quadrants, so any turn or mirror shows in where each colour lands. */
export function quadrants(width: number, height: number): Painter {
  return (x, y) => {
    const right = x >= width / 2;
    const bottom = y >= height / 2;
    if (!bottom) return right ? GREEN : RED;
    return right ? WHITE : BLUE;
  };
}

export function solid(color: Rgb): Painter {
  return () => color;
}

export interface Decoded {
  width: number;
  height: number;
  data: Uint8Array;
}

export function decode(bytes: Uint8Array): Decoded {
  return jpeg.decode(bytes, { useTArray: true, formatAsRGBA: true });
}

export function pixelAt(image: Decoded, x: number, y: number): Rgb {
  const at = (y * image.width + x) * 4;
  return [image.data[at] ?? 0, image.data[at + 1] ?? 0, image.data[at + 2] ?? 0];
}

/** The named colour nearest to a pixel, to tell quadrants apart through JPEG noise. */
export function nearestColor(pixel: Rgb): string {
  const named: Record<string, Rgb> = { red: RED, green: GREEN, blue: BLUE, white: WHITE };
  let best = "";
  let bestDistance = Infinity;
  for (const [name, color] of Object.entries(named)) {
    const distance = color.reduce((sum, value, i) => sum + (value - (pixel[i] ?? 0)) ** 2, 0);
    if (distance < bestDistance) {
      best = name;
      bestDistance = distance;
    }
  }
  return best;
}

/** Colours at the centres of the four quadrants, clockwise from top-left. */
export function cornerColors(image: Decoded): [string, string, string, string] {
  const { width: w, height: h } = image;
  const at = (x: number, y: number) => nearestColor(pixelAt(image, Math.floor(x), Math.floor(y)));
  return [at(w / 4, h / 4), at((3 * w) / 4, h / 4), at((3 * w) / 4, (3 * h) / 4), at(w / 4, (3 * h) / 4)];
}

/** Inserts a segment right after SOI, as cameras put APP1 there. */
export function insertAfterSoi(bytes: Uint8Array, segment: Uint8Array): Uint8Array {
  const out = new Uint8Array(bytes.length + segment.length);
  out.set(bytes.subarray(0, 2));
  out.set(segment, 2);
  out.set(bytes.subarray(2), 2 + segment.length);
  return out;
}

/** A marker segment: FF code, 16-bit length (which counts itself), payload. */
export function segment(code: number, payload: Uint8Array): Uint8Array {
  const out = new Uint8Array(4 + payload.length);
  out.set([0xff, code, (payload.length + 2) >> 8, (payload.length + 2) & 0xff]);
  out.set(payload, 4);
  return out;
}

const ascii = (text: string) => Array.from(text, (c) => c.charCodeAt(0));

interface IfdEntry {
  tag: number;
  type: number;
  count: number;
  /** The 4-byte value field, or the bytes stored at `offset` when larger. */
  value: number[];
}

/** Hyderabad, the kind of location a phone writes into every photo. */
export const GPS_LATITUDE = [17, 1, 23, 1, 4500, 100];

/**
 * A TIFF block as cameras write into APP1: IFD0 with Orientation, and when
 * asked a GPS IFD (latitude, longitude and the processing method, which
 * phones fill with the ASCII text "GPS" or "NETWORK").
 */
export function exifTiff(options: { orientation?: number; bigEndian?: boolean; gps?: boolean }): Uint8Array {
  const little = !options.bigEndian;
  const bytes: number[] = [];
  const u16 = (v: number) => (little ? [v & 0xff, v >> 8] : [v >> 8, v & 0xff]);
  const u32 = (v: number) => (little ? [v & 0xff, (v >> 8) & 0xff, (v >> 16) & 0xff, v >>> 24] : [v >>> 24, (v >> 16) & 0xff, (v >> 8) & 0xff, v & 0xff]);
  const rationals = (values: number[]) => values.flatMap(u32);

  const ifd0: IfdEntry[] = [];
  if (options.orientation !== undefined) ifd0.push({ tag: 0x0112, type: 3, count: 1, value: [...u16(options.orientation), 0, 0] });
  const gps: IfdEntry[] = [
    { tag: 0x0001, type: 2, count: 2, value: [...ascii("N"), 0, 0, 0] },
    { tag: 0x0002, type: 5, count: 3, value: rationals(GPS_LATITUDE) },
    { tag: 0x0003, type: 2, count: 2, value: [...ascii("E"), 0, 0, 0] },
    { tag: 0x0004, type: 5, count: 3, value: rationals([78, 1, 29, 1, 1200, 100]) },
    { tag: 0x001b, type: 7, count: 11, value: [...ascii("ASCII"), 0, 0, 0, ...ascii("GPS")] },
  ];
  if (options.gps) ifd0.push({ tag: 0x8825, type: 4, count: 1, value: [0, 0, 0, 0] });

  // Layout: header, IFD0, GPS IFD, then the values too large for an entry.
  const ifdSize = (entries: IfdEntry[]) => 2 + entries.length * 12 + 4;
  const ifd0At = 8;
  const gpsAt = ifd0At + ifdSize(ifd0);
  const dataAt = gpsAt + (options.gps ? ifdSize(gps) : 0);
  const extra: number[] = [];
  const writeIfd = (entries: IfdEntry[]) => {
    bytes.push(...u16(entries.length));
    for (const entry of entries) {
      bytes.push(...u16(entry.tag), ...u16(entry.type), ...u32(entry.count));
      if (entry.tag === 0x8825) bytes.push(...u32(gpsAt));
      else if (entry.value.length <= 4) bytes.push(...entry.value, ...new Array<number>(4 - entry.value.length).fill(0));
      else {
        bytes.push(...u32(dataAt + extra.length));
        extra.push(...entry.value);
      }
    }
    bytes.push(0, 0, 0, 0);
  };
  bytes.push(...(little ? ascii("II") : ascii("MM")), ...u16(42), ...u32(ifd0At));
  writeIfd(ifd0);
  if (options.gps) writeIfd(gps);
  // Both IFDs are written, so the bytes end where dataAt said values begin.
  bytes.push(...extra);
  return new Uint8Array(bytes);
}

/** An APP1 EXIF segment around a TIFF block. */
export function exifSegment(tiff: Uint8Array): Uint8Array {
  const payload = new Uint8Array(6 + tiff.length);
  payload.set(ascii("Exif\0\0"));
  payload.set(tiff, 6);
  return segment(0xe1, payload);
}

export function withExif(bytes: Uint8Array, options: Parameters<typeof exifTiff>[0]): Uint8Array {
  return insertAfterSoi(bytes, exifSegment(exifTiff(options)));
}

/** The offset of the first FF code marker, or -1. */
export function findMarker(bytes: Uint8Array, code: number): number {
  for (let i = 0; i + 1 < bytes.length; i++) {
    if (bytes[i] === 0xff && bytes[i + 1] === code) return i;
  }
  return -1;
}

/** The SOFn, width and height fields of the first frame header, as offsets. */
export function sofOffset(bytes: Uint8Array): number {
  for (let i = 2; i + 1 < bytes.length; i++) {
    const code = bytes[i + 1] ?? 0;
    if (bytes[i] === 0xff && code >= 0xc0 && code <= 0xc2) return i;
  }
  throw new Error("no SOF in fixture");
}

/** Rewrites the frame header's size, leaving the pixels as they were. */
export function withFrameSize(bytes: Uint8Array, width: number, height: number): Uint8Array {
  const out = bytes.slice();
  const at = sofOffset(out);
  out.set([height >> 8, height & 0xff, width >> 8, width & 0xff], at + 5);
  return out;
}

/** The marker codes of a JPEG's segments from SOI up to SOS. */
export function headerMarkers(bytes: Uint8Array): number[] {
  const codes: number[] = [];
  let pos = 2;
  while (pos + 3 < bytes.length && bytes[pos] === 0xff) {
    const code = bytes[pos + 1] ?? 0;
    codes.push(code);
    if (code === 0xda) break;
    pos += 2 + (((bytes[pos + 2] ?? 0) << 8) | (bytes[pos + 3] ?? 0));
  }
  return codes;
}

export function containsAscii(bytes: Uint8Array, text: string): boolean {
  return containsBytes(bytes, ascii(text));
}

export function containsBytes(bytes: Uint8Array, needle: readonly number[]): boolean {
  outer: for (let i = 0; i + needle.length <= bytes.length; i++) {
    for (let j = 0; j < needle.length; j++) if (bytes[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
}

/** A deterministic generator, so a failing random input can be replayed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

export function fromBase64(text: string): Uint8Array {
  return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
}
