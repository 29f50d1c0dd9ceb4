/// <reference path="./jsquash-modules.d.ts" />
import createDecoder, { type MozjpegDecoder } from "@jsquash/jpeg/codec/dec/mozjpeg_dec.js";
import createEncoder, { type MozjpegEncoder } from "@jsquash/jpeg/codec/enc/mozjpeg_enc.js";
import type { EmscriptenOptions } from "@jsquash/jpeg/codec/emscripten-options";
import { defaultOptions, type MozjpegOptions } from "@jsquash/jpeg/meta.js";
import type { RgbaRaster, Size } from "./raster.ts";

/**
 * JPEG decoding and encoding with mozjpeg compiled to WebAssembly (jSquash's
 * build, @jsquash/jpeg 1.6.0; ADR 0030). The wasm is handed in compiled: the
 * Worker imports the .wasm files (worker-codec.ts), a script under Node
 * compiles their bytes; nothing is fetched at run time.
 *
 * One decoder and one encoder instance serve the isolate. A wasm memory
 * only ever grows and is only returned when its instance is collected,
 * which V8 does not hurry: a fresh instance per photo left 2.6 GB of heaps
 * behind after 31 12-megapixel photos in Node. A kept instance holds the
 * largest heap a photo has needed (the budget in decode-budget.ts bounds
 * it) and reuses it. When libjpeg gives up on a file, exit() unwinds past
 * its clean-up and leaves what it allocated in the heap, so that decoder
 * is dropped and the next photo gets a new one.
 */

export interface MozjpegModules {
  decoder: WebAssembly.Module;
  encoder: WebAssembly.Module;
}

/** An image to encode, and how. */
export interface EncodeJob {
  image: RgbaRaster;
  /** mozjpeg's quality (0-100). Without chromaQuality it also sets the colour's resolution: a quarter below 80, half from 80, full from 90. */
  quality: number;
  /** Colour at full resolution (4:4:4), quantised at this quality instead. */
  chromaQuality?: number;
  /** The JPEG standard's example tables (ITU-T T.81 Annex K, as libjpeg and jpeg-js use) instead of mozjpeg's own. */
  annexKTables?: boolean;
}

export interface JpegCodec {
  /**
   * Decodes a JPEG of the given size (EXIF orientation not applied) and
   * returns what `reduce` makes of its pixels. `reduce` reads them where
   * the decoder wrote them, in its wasm heap, and must not keep them: the
   * full-size pixels are never copied (46 MiB at 12 megapixels). Throws
   * DecodeFailure when libjpeg gives up or the size is not the one expected.
   */
  decode<T>(jpeg: Uint8Array, size: Size, reduce: (pixels: RgbaRaster) => T): T;
  /**
   * One baseline JPEG per job, in order: JFIF, tables, one frame, one scan.
   * mozjpeg writes no EXIF, comment or other application segment. Baseline
   * rather than progressive: 2-3% larger files for half the encoding time
   * (ADR 0030).
   */
  encode(jobs: readonly EncodeJob[]): Uint8Array[];
}

/** libjpeg stopped on an error in the file (its warnings, such as corrupt entropy data, it decodes through). */
export class DecodeFailure extends Error {
  constructor() {
    super("libjpeg could not decode the file");
    this.name = "DecodeFailure";
  }
}

export function mozjpegCodec(modules: MozjpegModules): JpegCodec {
  let decoder: ReducingDecoder | null = null;
  let encoder: Pick<MozjpegEncoder, "encode"> | null = null;
  return {
    decode(jpeg, size, reduce) {
      decoder ??= instantiateDecoder(modules.decoder);
      try {
        return decoder.decode(jpeg, size, reduce);
      } catch (error) {
        // Whatever was thrown unwound through the wasm past libjpeg's clean-up.
        decoder = null;
        throw error;
      }
    },
    encode(jobs) {
      encoder ??= instantiateEncoder(modules.encoder);
      const { encode } = encoder;
      // A copy: the encoder frees its output buffer before returning.
      return jobs.map((job) => encode(job.image.data, job.image.width, job.image.height, encodeOptions(job)));
    },
  };
}

/** jSquash's options for a job: baseline, optimised Huffman tables, and mozjpeg's defaults unless the job says otherwise. */
function encodeOptions({ quality, chromaQuality, annexKTables }: EncodeJob): MozjpegOptions {
  const options: MozjpegOptions = { ...defaultOptions, quality, progressive: false, baseline: true };
  if (annexKTables) options.quant_table = 0;
  if (chromaQuality !== undefined) {
    // chroma_subsample is the luma's sampling factor relative to the colour's: 1 is 4:4:4.
    Object.assign(options, { auto_subsample: false, chroma_subsample: 1, separate_chroma_quality: true, chroma_quality: chromaQuality });
  }
  return options;
}

interface ReducingDecoder {
  decode: JpegCodec["decode"];
}

/** The decode in progress: what its pixels are for, and what came of them. */
interface PendingDecode {
  size: Size;
  reduce: (pixels: RgbaRaster) => unknown;
  reduced?: { value: unknown };
  decodedSize?: Size;
}

/**
 * jSquash's decoder (codec/dec/mozjpeg_dec.cpp) ends with
 * `ImageData.new_(Uint8ClampedArray.new_(typed_memory_view(size, pixels)), width, height)`:
 * it copies the whole picture out of its heap into JavaScript, which at 12
 * megapixels would put 46 MiB beside the 52 MiB heap. embind looks both
 * constructors up by name on the global object, once, at the instance's
 * first decode. So during each decode call they are replaced by stand-ins
 * that embind keeps: a Uint8ClampedArray made from a view of this heap
 * becomes `reduce`'s result instead of a copy (any other is made as usual),
 * and ImageData records the size. The call is synchronous, so no other code
 * sees the replacements, and both globals are put back before it returns or
 * throws.
 */
function instantiateDecoder(compiled: WebAssembly.Module): ReducingDecoder {
  const module: EmscriptenOptions & Partial<MozjpegDecoder> = fromCompiled(compiled);
  // A failure to initialise rejects the promise; the check below reports it.
  createDecoder(module).catch(ignore);
  const { decode } = module;
  if (!decode) throw new Error("mozjpeg's decoder did not initialise synchronously");

  let pending: PendingDecode | null = null;
  const RealClampedArray = Uint8ClampedArray;
  function interceptPixels(...args: unknown[]): object {
    const [view] = args;
    if (pending && view instanceof Uint8Array && view.buffer === module.HEAPU8?.buffer) {
      const { size, reduce } = pending;
      if (view.length === size.width * size.height * 4) pending.reduced = { value: reduce({ ...size, channels: 4, data: view }) };
      return {};
    }
    return Reflect.construct(RealClampedArray, args);
  }
  function recordSize(_pixels: unknown, width: number, height: number): object {
    if (pending) pending.decodedSize = { width, height };
    return {};
  }

  return {
    decode<T>(jpeg: Uint8Array, size: Size, reduce: (pixels: RgbaRaster) => T): T {
      const current: PendingDecode = { size, reduce };
      pending = current;
      try {
        withGlobals({ Uint8ClampedArray: interceptPixels, ImageData: recordSize }, () => decode(jpeg, false));
      } catch (error) {
        // libjpeg's error_exit calls exit(), which Emscripten throws as an
        // ExitStatus; anything else (a trap) is a fault of ours.
        if (isExitStatus(error)) throw new DecodeFailure();
        throw error;
      } finally {
        pending = null;
      }
      const { reduced, decodedSize } = current;
      if (!reduced || !decodedSize || !sameSize(decodedSize, size)) throw new DecodeFailure();
      // `reduced` holds what this call's `reduce` returned.
      return reduced.value as T;
    },
  };
}

function sameSize(a: Size, b: Size): boolean {
  return a.width === b.width && a.height === b.height;
}

/** Runs `run` with the named globals replaced, restoring them (or their absence) afterwards. */
function withGlobals<R>(replacements: Record<string, unknown>, run: () => R): R {
  const saved = Object.keys(replacements).map((name) => ({ name, descriptor: Object.getOwnPropertyDescriptor(globalThis, name) }));
  try {
    for (const [name, value] of Object.entries(replacements)) {
      Object.defineProperty(globalThis, name, { value, configurable: true, writable: true });
    }
    return run();
  } finally {
    for (const { name, descriptor } of saved) {
      if (descriptor) Object.defineProperty(globalThis, name, descriptor);
      else Reflect.deleteProperty(globalThis, name);
    }
  }
}

function instantiateEncoder(compiled: WebAssembly.Module): Pick<MozjpegEncoder, "encode"> {
  const module: EmscriptenOptions & Partial<MozjpegEncoder> = fromCompiled(compiled);
  createEncoder(module).catch(ignore);
  const { encode } = module;
  if (!encode) throw new Error("mozjpeg's encoder did not initialise synchronously");
  return { encode };
}

/**
 * The options of an Emscripten module factory that instantiates from a
 * compiled module. The factory fills in the very object it is given and,
 * as instantiateWasm hands over the instance at once, finishes before it
 * returns: the module is ready without awaiting the factory's promise. That
 * keeps the pipeline synchronous, so nothing else in the isolate runs
 * between the header checks, the decode and the encode.
 */
function fromCompiled(compiled: WebAssembly.Module): EmscriptenOptions {
  return {
    noInitialRun: true,
    instantiateWasm: (imports, done) => {
      const instance = new WebAssembly.Instance(compiled, imports);
      done(instance);
      return instance.exports;
    },
    // libjpeg's warnings name byte counts in a hostile file: nothing to log.
    print: ignore,
    printErr: ignore,
  };
}

function ignore(): void {}

function isExitStatus(error: unknown): boolean {
  return typeof error === "object" && error !== null && "name" in error && error.name === "ExitStatus";
}
