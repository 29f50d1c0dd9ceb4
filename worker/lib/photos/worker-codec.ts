import decoder from "@jsquash/jpeg/codec/dec/mozjpeg_dec.wasm";
import encoder from "@jsquash/jpeg/codec/enc/mozjpeg_enc.wasm";
import { mozjpegCodec } from "./mozjpeg.ts";

// The Worker's JPEG codec: wrangler bundles .wasm imports as compiled
// modules (CompiledWasm), so nothing is fetched or compiled per request.
export const workerJpegCodec = mozjpegCodec({ decoder, encoder });
