// The two font packages ship no types; only what scripts/lib/header-font.ts and its test call.

declare module "subset-font" {
  export default function subsetFont(font: Uint8Array, text: string, options?: { targetFormat?: "sfnt" | "truetype" | "woff" | "woff2" }): Promise<Buffer>;
}

declare module "fontverter" {
  export function convert(font: Uint8Array, toFormat: "sfnt" | "truetype" | "woff" | "woff2"): Promise<Buffer>;
}
