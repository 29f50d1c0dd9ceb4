import { readExifOrientation, type ExifOrientation } from "./exif-orientation.ts";

/**
 * A JPEG marker walk over untrusted bytes. It answers the cheap questions
 * (is it a JPEG, how many pixels, which way up, is it complete) before any
 * pixel is decoded, so a hostile header cannot make the Worker allocate.
 * Nothing here throws: every length is checked against the buffer and a
 * failure is a value.
 */

export interface JpegComponent {
  id: number;
  /** Horizontal and vertical sampling factors (1-4 in a valid file). */
  h: number;
  v: number;
}

export interface JpegFrame {
  /** The SOFn marker code, e.g. 0xc0 baseline, 0xc2 progressive. */
  marker: number;
  precision: number;
  width: number;
  height: number;
  components: readonly JpegComponent[];
}

export interface JpegHeader {
  frame: JpegFrame;
  orientation: ExifOrientation;
  /** Offset just past the SOF segment, where the rest of the walk resumes. */
  frameEnd: number;
}

export type JpegHeaderResult =
  | { ok: true; header: JpegHeader }
  | { ok: false; reason: "NOT_JPEG" | "UNREADABLE" };

const MARKER_PREFIX = 0xff;
const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const APP1 = 0xe1;

/** SOI followed by the 0xFF of the next marker: every JPEG starts so. */
export function hasJpegSignature(bytes: Uint8Array): boolean {
  return bytes.length >= 3 && bytes[0] === MARKER_PREFIX && bytes[1] === SOI && bytes[2] === MARKER_PREFIX;
}

/** SOF0-SOF15 except the codes in that range that mean something else (DHT, JPG, DAC). */
export function isStartOfFrame(code: number): boolean {
  return code >= 0xc0 && code <= 0xcf && code !== 0xc4 && code !== 0xc8 && code !== 0xcc;
}

/** Markers that stand alone, without a length: RST0-7 and TEM. */
function isStandalone(code: number): boolean {
  return (code >= 0xd0 && code <= 0xd7) || code === 0x01;
}

type Marker = { code: number; next: number } | null;

/**
 * Reads the marker at `at`: one 0xFF, any number of 0xFF fill bytes (which
 * the standard allows before a marker), then the code. Null when `at` does
 * not hold a marker or the buffer ends first.
 */
function readMarker(bytes: Uint8Array, at: number): Marker {
  if (at >= bytes.length || bytes[at] !== MARKER_PREFIX) return null;
  let pos = at + 1;
  while (pos < bytes.length && bytes[pos] === MARKER_PREFIX) pos++;
  const code = bytes[pos];
  if (code === undefined || code === 0x00) return null;
  return { code, next: pos + 1 };
}

/** The end of the segment whose length field starts at `at`, or null when it does not fit the buffer. */
function segmentEnd(bytes: Uint8Array, at: number): number | null {
  const high = bytes[at];
  const low = bytes[at + 1];
  if (high === undefined || low === undefined) return null;
  const length = (high << 8) | low;
  // The length counts its own two bytes, so below 2 it is garbage.
  if (length < 2 || at + length > bytes.length) return null;
  return at + length;
}

/**
 * Walks from SOI to the first SOFn, skipping APPn, DQT, DHT, COM and the
 * rest by their lengths, and reads the frame size there. The EXIF
 * orientation is picked up on the way (it sits in APP1, before the frame).
 */
export function readJpegHeader(bytes: Uint8Array): JpegHeaderResult {
  if (!hasJpegSignature(bytes)) return { ok: false, reason: "NOT_JPEG" };
  const unreadable = { ok: false, reason: "UNREADABLE" } as const;
  let orientation: ExifOrientation | null = null;
  let pos = 2;
  for (;;) {
    const marker = readMarker(bytes, pos);
    if (!marker) return unreadable;
    const { code } = marker;
    pos = marker.next;
    if (isStandalone(code)) continue;
    // Image data, the end or a second start before any frame: not a usable JPEG.
    if (code === SOS || code === EOI || code === SOI) return unreadable;
    const end = segmentEnd(bytes, pos);
    if (end === null) return unreadable;
    const payload = bytes.subarray(pos + 2, end);
    if (isStartOfFrame(code)) {
      const frame = readFrame(code, payload);
      if (!frame) return unreadable;
      return { ok: true, header: { frame, orientation: orientation ?? 1, frameEnd: end } };
    }
    // The first EXIF block wins, as in browsers; other APP1 blocks (XMP) read as null.
    if (code === APP1 && orientation === null) orientation = readExifOrientation(payload);
    pos = end;
  }
}

function readFrame(marker: number, payload: Uint8Array): JpegFrame | null {
  if (payload.length < 6) return null;
  const precision = payload[0] ?? 0;
  const height = ((payload[1] ?? 0) << 8) | (payload[2] ?? 0);
  const width = ((payload[3] ?? 0) << 8) | (payload[4] ?? 0);
  const count = payload[5] ?? 0;
  // Height 0 defers the height to a DNL marker after the scan, which no
  // phone writes and the decoder ignores; a size we cannot check is refused.
  if (width === 0 || height === 0 || count === 0) return null;
  if (payload.length < 6 + count * 3) return null;
  const components: JpegComponent[] = [];
  for (let i = 0; i < count; i++) {
    const at = 6 + i * 3;
    const sampling = payload[at + 1] ?? 0;
    const h = sampling >> 4;
    const v = sampling & 0x0f;
    if (h < 1 || h > 4 || v < 1 || v > 4) return null;
    components.push({ id: payload[at] ?? 0, h, v });
  }
  return { marker, precision, width, height, components };
}

/**
 * Walks the rest of the file after the frame header: segments by their
 * lengths, and the entropy-coded data after each SOS up to the next real
 * marker (0xFF 0x00 is a stuffed data byte, RSTn a restart). Returns the
 * offset just past EOI, or null when the file ends first or is garbled.
 *
 * jpeg-js decodes a truncated file without complaint and paints the missing
 * part grey, so completeness is checked here. Bytes after EOI are allowed
 * and ignored: phones append data there (motion-photo video, MPF images).
 */
export function findImageEnd(bytes: Uint8Array, from: number): number | null {
  let pos = from;
  let scans = 0;
  for (;;) {
    const marker = readMarker(bytes, pos);
    if (!marker) return null;
    const { code } = marker;
    pos = marker.next;
    if (code === EOI) return scans > 0 ? pos : null;
    if (isStandalone(code)) continue;
    // A second SOI or frame is a hierarchical or concatenated file, which the decoder cannot take.
    if (code === SOI || isStartOfFrame(code)) return null;
    const end = segmentEnd(bytes, pos);
    if (end === null) return null;
    pos = end;
    if (code !== SOS) continue;
    scans++;
    const markerAt = skipEntropyCodedData(bytes, pos);
    if (markerAt === null) return null;
    pos = markerAt;
  }
}

/** The offset of the first real marker in entropy-coded data starting at `from`, or null if none. */
function skipEntropyCodedData(bytes: Uint8Array, from: number): number | null {
  let pos = from;
  for (;;) {
    // indexOf is native, so scanning megabytes of scan data stays cheap.
    const prefix = bytes.indexOf(MARKER_PREFIX, pos);
    if (prefix < 0) return null;
    let next = prefix + 1;
    while (next < bytes.length && bytes[next] === MARKER_PREFIX) next++;
    const code = bytes[next];
    if (code === undefined) return null;
    if (code === 0x00 || (code >= 0xd0 && code <= 0xd7)) {
      pos = next + 1;
      continue;
    }
    return prefix;
  }
}
