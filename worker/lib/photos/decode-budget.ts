import type { JpegComponent, JpegFrame } from "./jpeg-header.ts";
import { isProgressive, scanComponents, type JpegScan } from "./jpeg-scans.ts";

/**
 * What a jpeg-js decode of a frame costs, from the headers alone, so the
 * Worker can refuse a photo before decoding it: the memory it holds at its
 * peak (the isolate has 128 MB, shared by concurrent requests) and the work
 * its scans make it do (ADR 0008, "Hostile uploads").
 *
 * jpeg-js works in two phases. Parsing keeps every 8x8 block of every
 * component as its own Int32Array(64): 256 bytes of data plus about 200
 * bytes of V8 object (measured in Node: 281,250 blocks held 52 MB of heap
 * and 69 MB of array buffers), and at the end builds one byte per sample of
 * component lines beside them. Then the blocks are garbage, and the lines,
 * an interleaved copy of all components and the RGB output coexist. It also
 * copies its input first.
 */
const BLOCK_BYTES = 256 + 200;

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

/** The blocks jpeg-js allocates for a component: whole MCUs, so padded past the image's edge. */
function allocatedBlocks(g: FrameGeometry, c: JpegComponent): number {
  return g.mcusPerLine * c.h * g.mcusPerColumn * c.v;
}

/** The blocks of a component inside the image: what a scan of that component alone walks. */
function imageBlocks(frame: JpegFrame, g: FrameGeometry, c: JpegComponent): number {
  return Math.ceil((Math.ceil(frame.width / 8) * c.h) / g.maxH) * Math.ceil((Math.ceil(frame.height / 8) * c.v) / g.maxV);
}

/** The most memory a decode of this frame holds at once, input included. */
export function estimateDecodePeakBytes(frame: JpegFrame, inputBytes: number): number {
  const g = geometry(frame);
  let blocks = 0;
  let lineBytes = 0;
  for (const c of frame.components) {
    blocks += allocatedBlocks(g, c);
    lineBytes += imageBlocks(frame, g, c) * BLOCK_SIZE;
  }
  const pixels = frame.width * frame.height;
  const parsing = blocks * BLOCK_BYTES + lineBytes;
  const converting = lineBytes + pixels * frame.components.length + pixels * 3;
  return inputBytes + Math.max(parsing, converting);
}

/**
 * The coefficient steps jpeg-js takes to decode these scans: for each scan,
 * the blocks it walks times the coefficients of its band. A scan of one
 * component walks that component's blocks, an interleaved scan whole MCUs,
 * whether or not the scan carries any data: an AC refinement scan steps
 * through its whole band in every block (measured: 63 steps cost about 0.5
 * microseconds), so one 15-byte scan can cost 30 ms on a 2000x2000 image.
 * A sequential frame's scan decodes whole blocks, whatever its header says.
 * Scans must have passed isValidScanScript.
 */
export function countDecodeWork(frame: JpegFrame, scans: readonly JpegScan[]): number {
  const g = geometry(frame);
  let work = 0;
  for (const scan of scans) {
    const components = scanComponents(frame, scan) ?? [];
    const blocks =
      components.length === 1
        ? components.reduce((sum, c) => sum + imageBlocks(frame, g, c), 0)
        : components.reduce((sum, c) => sum + allocatedBlocks(g, c), 0);
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
