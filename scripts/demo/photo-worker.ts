// Worker-thread entry: renders and encodes photos, so that every core works
// (jpeg-js is plain JavaScript and takes tens of milliseconds per photo).
import { parentPort } from "node:worker_threads";
import { makePhotoFiles } from "./photo-files.ts";
import type { PhotoJob, PhotoResult } from "./photo-pool.ts";

parentPort?.on("message", (job: PhotoJob) => {
  const files = makePhotoFiles(job.spec);
  const result: PhotoResult = { id: job.id, ...files };
  parentPort?.postMessage(result, [files.full.buffer, files.blur.buffer]);
});
