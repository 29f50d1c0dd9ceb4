// Images made on first use and kept in R2 under a key of their own (the link
// previews, the card-size copies of photos). A photo can be deleted while a
// copy is being made from it (a replacement, an erasure: ADR 0034), and that
// deletion names the copy too: a copy stored after it would outlive the
// photo, so the photo is looked for again once the copy is stored, and the
// copy goes when the photo has gone.

export interface KeptImage {
  body: ReadableStream | ArrayBuffer;
  httpEtag: string;
}

/**
 * The image under `key`, made by `make` when it is not kept yet; null when
 * `make` has nothing to make it from. `madeFrom`: the key of the object it
 * is made from, whose deletion must take the image with it.
 */
export async function keptInR2(bucket: R2Bucket, key: string, make: () => Promise<Uint8Array | null>, madeFrom?: string): Promise<KeptImage | null> {
  const stored = await bucket.get(key);
  if (stored) return { body: stored.body, httpEtag: stored.httpEtag };
  const bytes = await make();
  if (!bytes) return null;
  const kept = await bucket.put(key, bytes, { httpMetadata: { contentType: "image/jpeg" } });
  if (madeFrom !== undefined && !(await bucket.head(madeFrom))) {
    await bucket.delete(key);
    return null;
  }
  return { body: bytes.slice().buffer, httpEtag: kept.httpEtag };
}

/** The bytes of the object under `key`, or null when there is none. */
export async function r2Bytes(bucket: R2Bucket, key: string): Promise<Uint8Array | null> {
  const object = await bucket.get(key);
  return object ? new Uint8Array(await object.arrayBuffer()) : null;
}
