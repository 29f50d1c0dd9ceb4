import type { JpegComponent, JpegFrame } from "./jpeg-header.ts";
import { isProgressive, scanComponents, type JpegScan } from "./jpeg-scans.ts";

/**
 * What processing a photo costs, from the headers alone, so the Worker can
 * refuse it before decoding: the memory the pipeline holds at its peak (the
 * isolate has 128 MB, wasm memory included) and the work the scans make the
 * decoder do (ADR 0008, "Hostile uploads"; ADR 0030 for the figures).
 *
 * mozjpeg runs in wasm instances the isolate keeps (mozjpeg.ts). The
 * decoder's heap starts at 16 MiB and grows to hold at once a copy of the
 * input, the whole image's DCT coefficients when libjpeg must keep them,
 * and the decoded RGBA, which is resized where it lies, never copied out.
 * Beside it are the input in JavaScript, the resized photo with its scratch
 * rows, and the encoder's heap (16 MiB, which an 800x1000 encode does not
 * outgrow). A kept heap is reused by the next photo: alternating 12-MP
 * baseline and 8-MP progressive photos it stayed at 55.9 MiB, within what
 * this model gives the larger of them.
 */
const MiB = 1024 * 1024;
const DECODER_INITIAL_HEAP = 16 * MiB;
/** libjpeg's tables and row buffers and the heap's static data: measured 0.8 to 3.2 MiB at 12 megapixels. */
const DECODER_OVERHEAD = 4 * MiB;
/** The resized photo (at most 800x1000 RGBA, 3.1 MiB) and the resize's scratch rows. */
const RESIZED = 4 * MiB;
const ENCODER_HEAP = 16 * MiB;
/** An 8x8 block of DCT coefficients as libjpeg keeps them (JBLOCK: 64 16-bit values). */
const COEFFICIENT_BLOCK_BYTES = 128;

/**
 * The most memory the pipeline may hold for a photo: 96 MiB of the isolate's 128,
 * leaving 32 for the Worker's own heap, the upload's multipart copy and
 * other requests. A 12-megapixel baseline photo (what phone cameras write)
 * takes 78 MiB with a 4 MB file and 89 MiB with a 10 MB one; a progressive
 * one, whose coefficients add 34 MiB, is refused, as is anything over about
 * 16 megapixels.
 */
export const DEFAULT_DECODE_BUDGET_BYTES = 96 * MiB;

/** An 8x8 block: 64 samples, or 64 DCT coefficients. */
const BLOCK_SIZE = 64;

/**
 * How many times, on average, the decoder may step through each coefficient
 * of each block. A baseline photo needs 1; libjpeg's progressive scripts at
 * most 3 (grey: 191 steps a block). Beyond 6 a photo is refused.
 */
export const MAX_DECODE_PASSES = 6;

interface FrameGeometry {
  maxH: number;
  maxV: number;
  mcusPerLine: number;
  mcusPerColumn: number;
}

function geometry(frame: JpegFrame): FrameGeometry {
  const maxH = Math.max(...frame.components.map((c) => c.h));
  const maxV = Math.max(...frame.components.map((c) => c.v));
  return { maxH, maxV, mcusPerLine: Math.ceil(frame.width / 8 / maxH), mcusPerColumn: Math.ceil(frame.height / 8 / maxV) };
}

/** The blocks libjpeg allocates for a component: whole MCUs, so padded past the image's edge. */
function allocatedBlocks(g: FrameGeometry, c: JpegComponent): number {
  return g.mcusPerLine * c.h * g.mcusPerColumn * c.v;
}

/** The blocks of a component inside the image: what a scan of that component alone walks. */
function imageBlocks(frame: JpegFrame, g: FrameGeometry, c: JpegComponent): number {
  return Math.ceil((Math.ceil(frame.width / 8) * c.h) / g.maxH) * Math.ceil((Math.ceil(frame.height / 8) * c.v) / g.maxV);
}

/**
 * libjpeg keeps every block's coefficients until the last scan when the
 * file is progressive or its first scan does not code every component
 * (jdcoefct.c's full buffer); a single interleaved scan is decoded a row of
 * blocks at a time.
 */
function holdsCoefficients(frame: JpegFrame, scans: readonly JpegScan[]): boolean {
  return isProgressive(frame) || (scans[0]?.componentIds.length ?? 0) < frame.components.length;
}

/** The most memory processing this photo holds at once, input included. */
export function estimateDecodePeakBytes(frame: JpegFrame, scans: readonly JpegScan[], inputBytes: number): number {
  const g = geometry(frame);
  const rgba = frame.width * frame.height * 4;
  const blocks = frame.components.reduce((sum, c) => sum + allocatedBlocks(g, c), 0);
  const coefficients = holdsCoefficients(frame, scans) ? blocks * COEFFICIENT_BLOCK_BYTES : 0;
  const decoderHeap = Math.max(DECODER_INITIAL_HEAP, DECODER_OVERHEAD + inputBytes + coefficients + rgba);
  return inputBytes + decoderHeap + RESIZED + ENCODER_HEAP;
}

/**
 * The coefficient steps libjpeg takes to decode these scans: for each scan,
 * the blocks it walks times the coefficients of its band. A scan of one
 * component walks that component's blocks, an interleaved scan whole MCUs,
 * whether or not the scan carries any data: an AC refinement scan steps
 * through its whole band in every block, so a 15-byte scan costs a pass
 * over the image.
 * A sequential frame's scan decodes whole blocks, whatever its header says.
 * Scans must have passed isValidScanScript.
 */
export function countDecodeWork(frame: JpegFrame, scans: readonly JpegScan[]): number {
  const g = geometry(frame);
  let work = 0;
  for (const scan of scans) {
    const components = scanComponents(frame, scan) ?? [];
    const blocks = components.length === 1 ? components.reduce((sum, c) => sum + imageBlocks(frame, g, c), 0) : components.reduce((sum, c) => sum + allocatedBlocks(g, c), 0);
    const band = isProgressive(frame) ? scan.se - scan.ss + 1 : BLOCK_SIZE;
    work += blocks * band;
  }
  return work;
}

/** The most coefficient steps a frame's scans may take: MAX_DECODE_PASSES over every allocated block. */
export function decodeWorkLimit(frame: JpegFrame): number {
  const g = geometry(frame);
  const blocks = frame.components.reduce((sum, c) => sum + allocatedBlocks(g, c), 0);
  return MAX_DECODE_PASSES * BLOCK_SIZE * blocks;
}
