// Encodes photos on worker threads, one per core, handing each result to the
// caller (who uploads it) as soon as it is ready.
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { makePhotoFiles, type PhotoFiles } from "./photo-files.ts";
import type { PortraitSpec } from "./portrait.ts";

export interface PhotoJob {
  id: number;
  spec: PortraitSpec;
}
export interface PhotoResult extends PhotoFiles {
  id: number;
}

/** Below this many photos, starting workers costs more than it saves. */
const INLINE_LIMIT = 8;

/**
 * Workers do not inherit tsx's loader, so each one registers it before
 * importing the TypeScript entry; both are resolved here, independent of the cwd.
 */
function startWorker(): Worker {
  const tsxApi = import.meta.resolve("tsx/esm/api");
  const entry = new URL("./photo-worker.ts", import.meta.url).href;
  const boot = `import(${JSON.stringify(tsxApi)}).then((api) => { api.register(); return import(${JSON.stringify(entry)}); })`;
  return new Worker(boot, { eval: true });
}

export async function encodePhotos(
  specs: readonly PortraitSpec[],
  onResult: (index: number, files: PhotoFiles) => Promise<void>,
  threads: number = availableParallelism(),
): Promise<void> {
  const pending: Promise<void>[] = [];
  if (specs.length <= INLINE_LIMIT || threads < 2) {
    for (const [index, spec] of specs.entries()) {
      pending.push(onResult(index, makePhotoFiles(spec)));
      // Lets uploads and password-hash callbacks progress between encodes.
      await new Promise((resolve) => setImmediate(resolve));
    }
    await Promise.all(pending);
    return;
  }
  let next = 0;
  const workers = Array.from({ length: Math.min(threads, specs.length) }, startWorker);
  try {
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve, reject) => {
            const feed = () => {
              const spec = specs[next];
              if (spec === undefined) return resolve();
              worker.postMessage({ id: next++, spec } satisfies PhotoJob);
            };
            worker.on("message", (result: PhotoResult) => {
              pending.push(onResult(result.id, { full: result.full, blur: result.blur }));
              feed();
            });
            worker.on("error", reject);
            feed();
          }),
      ),
    );
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
  await Promise.all(pending);
}
