import type { JpegFrame } from "./jpeg-header.ts";

/**
 * How much memory a jpeg-js decode of a frame holds at its peak, from the
 * header alone, so the Worker can refuse a photo before the isolate (128 MB,
 * shared by concurrent requests) is killed for exceeding its limit.
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

export function estimateDecodePeakBytes(frame: JpegFrame, inputBytes: number): number {
  const maxH = Math.max(...frame.components.map((c) => c.h));
  const maxV = Math.max(...frame.components.map((c) => c.v));
  const mcusPerLine = Math.ceil(frame.width / 8 / maxH);
  const mcusPerColumn = Math.ceil(frame.height / 8 / maxV);
  let blocks = 0;
  let lineBytes = 0;
  for (const { h, v } of frame.components) {
    blocks += mcusPerLine * h * mcusPerColumn * v;
    lineBytes += Math.ceil((Math.ceil(frame.width / 8) * h) / maxH) * 8 * Math.ceil((Math.ceil(frame.height / 8) * v) / maxV) * 8;
  }
  const pixels = frame.width * frame.height;
  const parsing = blocks * BLOCK_BYTES + lineBytes;
  const converting = lineBytes + pixels * frame.components.length + pixels * 3;
  return inputBytes + Math.max(parsing, converting);
}
