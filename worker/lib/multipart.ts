import type { HonoRequest } from "hono";
import { ApiError, text } from "./errors.ts";

export interface MultipartForm {
  /** Text fields; a repeated name keeps its first value. */
  values: Record<string, string>;
  files: Map<string, File>;
}

/**
 * Reads a multipart/form-data body; anything else is refused with 415. A
 * browser sends every line break of a text field as CR+LF, which the form
 * counted as one character (a textarea's value holds LF): text values get
 * LF line breaks, so the shared schema's limits count what the form counted
 * (ADR 0013).
 */
export async function readMultipart(req: HonoRequest): Promise<MultipartForm> {
  const type = req.header("Content-Type") ?? "";
  if (!/^multipart\/form-data/i.test(type)) throw new ApiError(415, "UNSUPPORTED_MEDIA_TYPE", "Send the form as multipart/form-data.");
  let form: FormData;
  try {
    form = await req.formData();
  } catch {
    throw new ApiError(400, "BAD_REQUEST", text("server.formUnreadable"));
  }
  const values: Record<string, string> = {};
  const files = new Map<string, File>();
  form.forEach((value, name) => {
    if (typeof value === "string") values[name] ??= value.replace(/\r\n?/g, "\n");
    else if (!files.has(name)) files.set(name, value);
  });
  return { values, files };
}
