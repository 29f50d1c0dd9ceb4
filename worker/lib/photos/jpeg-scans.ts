import type { JpegComponent, JpegFrame } from "./jpeg-header.ts";

/**
 * The scan headers (SOS) of a JPEG and the rules of ITU-T T.81 they must
 * keep. libjpeg decodes each scan by walking every block of its components,
 * whatever the scan holds, so the scans decide the decoder's work (ADR 0008,
 * "Hostile uploads"); a scan that breaks these rules is refused before any
 * decoding rather than left to the decoder to interpret.
 */

export interface JpegScan {
  /** Component ids (Cs), in the order the scan codes them. */
  componentIds: readonly number[];
  /** Spectral selection: the first and last zig-zag coefficient the scan codes. */
  ss: number;
  se: number;
  /** Successive approximation: the bit position before (Ah) and after (Al) this scan. */
  ah: number;
  al: number;
}

/**
 * Most scans a photo may have. libjpeg's progressive scripts write 10 scans
 * for colour, 6 for grey, 18 for CMYK; phones write one. Thousands of scans
 * only serve to make the decoder walk the image thousands of times.
 */
export const MAX_SCANS = 32;

/** A JPEG interleaves at most 4 components per scan, and at most 10 blocks per MCU (T.81 B.2.3). */
const MAX_SCAN_COMPONENTS = 4;
const MAX_BLOCKS_PER_MCU = 10;
/** The last zig-zag coefficient of an 8x8 block. */
const LAST_COEFFICIENT = 63;
/** The largest point transform T.81 allows (G.1.1.1.1). */
const MAX_POINT_TRANSFORM = 13;

/** Reads an SOS payload (after its length). Null when its length does not match its component count. */
export function readScanHeader(payload: Uint8Array): JpegScan | null {
  const count = payload[0] ?? 0;
  if (count < 1 || count > MAX_SCAN_COMPONENTS || payload.length !== 1 + count * 2 + 3) return null;
  const componentIds: number[] = [];
  for (let i = 0; i < count; i++) componentIds.push(payload[1 + i * 2] ?? 0);
  const at = 1 + count * 2;
  const approximation = payload[at + 2] ?? 0;
  return { componentIds, ss: payload[at] ?? 0, se: payload[at + 1] ?? 0, ah: approximation >> 4, al: approximation & 0x0f };
}

/** The frame's components a scan codes, or null when it names one the frame lacks or names one twice. */
export function scanComponents(frame: JpegFrame, scan: JpegScan): JpegComponent[] | null {
  const components: JpegComponent[] = [];
  for (const id of scan.componentIds) {
    const component = frame.components.find((c) => c.id === id);
    if (!component || components.includes(component)) return null;
    components.push(component);
  }
  return components;
}

export function isProgressive(frame: JpegFrame): boolean {
  return frame.marker === 0xc2;
}

/**
 * True when every scan keeps T.81's rules for its frame and together they
 * code every component: what libjpeg refuses is refused here.
 */
export function isValidScanScript(frame: JpegFrame, scans: readonly JpegScan[]): boolean {
  const coded = new Set<JpegComponent>();
  for (const scan of scans) {
    const components = scanComponents(frame, scan);
    if (!components || !fitsMcu(components)) return false;
    if (isProgressive(frame)) {
      if (!isValidProgressiveScan(scan)) return false;
    } else if (components.some((c) => coded.has(c))) {
      // A sequential frame codes each component in exactly one scan (T.81 B.2.3);
      // a repeat would only make the decoder decode it again.
      return false;
    }
    for (const component of components) coded.add(component);
  }
  // A component no scan codes would decode as flat grey, like a truncated file.
  return coded.size === frame.components.length;
}

function fitsMcu(components: readonly JpegComponent[]): boolean {
  if (components.length === 1) return true;
  return components.reduce((blocks, c) => blocks + c.h * c.v, 0) <= MAX_BLOCKS_PER_MCU;
}

/**
 * T.81 G.1.1.1.1, as libjpeg checks it: a DC scan codes coefficient 0
 * only; an AC scan a band within 1-63 of one component; a refinement
 * lowers the point transform by exactly one bit. (A sequential frame's
 * Ss, Se, Ah and Al are unused: libjpeg only warns about them, so they are
 * not checked.)
 */
function isValidProgressiveScan(scan: JpegScan): boolean {
  const { ss, se, ah, al } = scan;
  const dc = ss === 0;
  if (dc && se !== 0) return false;
  if (!dc && (se < ss || se > LAST_COEFFICIENT || scan.componentIds.length !== 1)) return false;
  if (al > MAX_POINT_TRANSFORM) return false;
  return ah === 0 || al === ah - 1;
}
