// Types for the parts of jSquash's mozjpeg build (@jsquash/jpeg 1.6.0) that
// the photo pipeline calls directly: its Emscripten module factories, so
// that each photo gets instances of its own (ADR 0030). The package's own
// declarations need DOM types the Worker does not have.

declare module "@jsquash/jpeg/codec/dec/mozjpeg_dec.js" {
  import type { EmscriptenOptions } from "@jsquash/jpeg/codec/emscripten-options";
  export interface MozjpegDecoder {
    /** An ImageData of RGBA pixels copied out of the wasm heap; as stored unless `applyOrientation`. */
    decode(jpeg: Uint8Array, applyOrientation: boolean): unknown;
    HEAPU8: Uint8Array;
  }
  const createDecoder: (options: EmscriptenOptions) => Promise<MozjpegDecoder>;
  export default createDecoder;
}

declare module "@jsquash/jpeg/codec/enc/mozjpeg_enc.js" {
  import type { EmscriptenOptions } from "@jsquash/jpeg/codec/emscripten-options";
  import type { MozjpegOptions } from "@jsquash/jpeg/meta.js";
  export interface MozjpegEncoder {
    encode(rgba: Uint8Array, width: number, height: number, options: MozjpegOptions): Uint8Array;
    HEAPU8: Uint8Array;
  }
  const createEncoder: (options: EmscriptenOptions) => Promise<MozjpegEncoder>;
  export default createEncoder;
}

declare module "@jsquash/jpeg/meta.js" {
  export interface MozjpegOptions {
    quality: number;
    baseline: boolean;
    arithmetic: boolean;
    progressive: boolean;
    optimize_coding: boolean;
    smoothing: number;
    color_space: number;
    quant_table: number;
    trellis_multipass: boolean;
    trellis_opt_zero: boolean;
    trellis_opt_table: boolean;
    trellis_loops: number;
    auto_subsample: boolean;
    chroma_subsample: number;
    separate_chroma_quality: boolean;
    chroma_quality: number;
  }
  export const defaultOptions: MozjpegOptions;
}

/** Not a file of the package: the factory options both modules take. */
declare module "@jsquash/jpeg/codec/emscripten-options" {
  export interface EmscriptenOptions {
    noInitialRun: boolean;
    /** Instantiates from a compiled module instead of fetching the .wasm. */
    instantiateWasm: (imports: WebAssembly.Imports, done: (instance: WebAssembly.Instance) => void) => WebAssembly.Exports;
    /** Where libjpeg's warnings ("Corrupt JPEG data: ...") would be printed. */
    print: (text: string) => void;
    printErr: (text: string) => void;
  }
}

/** wrangler and the Workers test pool import a .wasm file as its compiled module. */
declare module "*.wasm" {
  const compiled: WebAssembly.Module;
  export default compiled;
}
