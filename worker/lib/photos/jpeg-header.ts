import { readExifOrientation, type ExifOrientation } from "./exif-orientation.ts";
import { MAX_SCANS, readScanHeader, type JpegScan } from "./jpeg-scans.ts";

/**
 * A JPEG marker walk over untrusted bytes. It answers the cheap questions
 * (is it a JPEG, how many pixels, which way up, is it complete, which scans
 * does it hold) before any pixel is decoded, so a hostile header cannot
 * make the Worker allocate.
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

export type JpegHeaderResult = { ok: true; header: JpegHeader } | { ok: false; reason: "NOT_JPEG" | "UNREADABLE" | "TOO_MANY_MARKERS" };

/**
 * Most markers each walk (up to the frame, then from it to EOI) reads. A
 * phone photo has about 15 in all, libjpeg's progressive file about 30, a
 * colour profile split over APP2 segments rarely 20. Every segment costs
 * a decoder work: 10 MB of empty comments (2.6 million) kept the earlier
 * JavaScript decoder busy for seconds (ADR 0008, "Hostile uploads").
 */
export const MAX_MARKERS = 256;

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
 * Most 0xFF fill bytes before a marker. The standard allows any number and
 * encoders write none, or a few to align; 10 MB of them kept the earlier
 * JavaScript decoder busy for seconds.
 */
export const MAX_FILL_BYTES = 64;

/**
 * Reads the marker at `at`: one 0xFF, fill bytes, then the code. Null when
 * `at` does not hold a marker, the buffer ends first or the fill runs long.
 */
function readMarker(bytes: Uint8Array, at: number): Marker {
  if (at >= bytes.length || bytes[at] !== MARKER_PREFIX) return null;
  const pos = skipFillBytes(bytes, at + 1);
  if (pos === null) return null;
  const code = bytes[pos];
  if (code === undefined || code === 0x00) return null;
  return { code, next: pos + 1 };
}

/** Past the fill bytes from `at`: where the marker's code is, or null when they run past MAX_FILL_BYTES. */
function skipFillBytes(bytes: Uint8Array, at: number): number | null {
  let pos = at;
  while (pos < bytes.length && bytes[pos] === MARKER_PREFIX) {
    if (pos - at === MAX_FILL_BYTES) return null;
    pos++;
  }
  return pos;
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
  for (let markers = 1; ; markers++) {
    if (markers > MAX_MARKERS) return { ok: false, reason: "TOO_MANY_MARKERS" };
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
  // phone writes and libjpeg does not support; a size we cannot check is refused.
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

export type ScanWalk = { ok: true; end: number; scans: JpegScan[] } | { ok: false; reason: "UNREADABLE" | "TOO_MANY_SCANS" | "TOO_MANY_MARKERS" };

/**
 * Walks the rest of the file after the frame header: segments by their
 * lengths, each SOS header read, and the entropy-coded data after it up to
 * the next real marker (0xFF 0x00 is a stuffed data byte, RSTn a restart).
 * Returns the offset just past EOI and the scans, or why not: the file
 * ends first or is garbled, or it has more scans or markers than a photo
 * needs, which ends the walk there (a 10 MB file has room for 700,000
 * scans).
 *
 * libjpeg decodes a truncated file with only a warning and paints the
 * missing part grey, so completeness is checked here. Bytes after EOI are allowed
 * and ignored: phones append data there (motion-photo video, MPF images).
 */
export function walkScans(bytes: Uint8Array, from: number): ScanWalk {
  const unreadable = { ok: false, reason: "UNREADABLE" } as const;
  const scans: JpegScan[] = [];
  let pos = from;
  for (let markers = 1; ; markers++) {
    if (markers > MAX_MARKERS) return { ok: false, reason: "TOO_MANY_MARKERS" };
    const marker = readMarker(bytes, pos);
    if (!marker) return unreadable;
    const { code } = marker;
    pos = marker.next;
    if (code === EOI) return scans.length > 0 ? { ok: true, end: pos, scans } : unreadable;
    if (isStandalone(code)) continue;
    // A second SOI or frame is a hierarchical or concatenated file, which the decoder cannot take.
    if (code === SOI || isStartOfFrame(code)) return unreadable;
    const end = segmentEnd(bytes, pos);
    if (end === null) return unreadable;
    const payload = bytes.subarray(pos + 2, end);
    pos = end;
    if (code !== SOS) continue;
    const scan = readScanHeader(payload);
    if (!scan) return unreadable;
    if (scans.length === MAX_SCANS) return { ok: false, reason: "TOO_MANY_SCANS" };
    scans.push(scan);
    const markerAt = skipEntropyCodedData(bytes, pos);
    if (markerAt === null) return unreadable;
    pos = markerAt;
  }
}

/**
 * The offset of the first real marker in entropy-coded data starting at
 * `from`, or null if none (or its fill runs long). A plain loop, not indexOf: a scan of nothing but
 * stuffed bytes (0xFF 0x00, five million in 10 MB) would cost a native call
 * each, 130 ms, where this loop takes about 25 ms over any 10 MB.
 */
function skipEntropyCodedData(bytes: Uint8Array, from: number): number | null {
  const length = bytes.length;
  for (let prefix = from; prefix < length; prefix++) {
    if (bytes[prefix] !== MARKER_PREFIX) continue;
    const next = skipFillBytes(bytes, prefix + 1);
    if (next === null) return null;
    const code = bytes[next];
    if (code === undefined) return null;
    if (code !== 0x00 && (code < 0xd0 || code > 0xd7)) return prefix;
    prefix = next;
  }
  return null;
}
