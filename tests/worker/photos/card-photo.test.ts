import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { ProfileCard } from "#shared/api-types.ts";
import { CARD_BOX, cardPhoto, cardPhotoKey } from "#worker/lib/photos/card-photo.ts";
import { readJpegHeader } from "#worker/lib/photos/jpeg-header.ts";
import { keptInR2 } from "#worker/lib/photos/kept-in-r2.ts";
import { processPhoto } from "#worker/lib/photos/process-photo.ts";
import { workerJpegCodec as codec } from "#worker/lib/photos/worker-codec.ts";
import { api, createMember, signedInMember } from "../setup/fixtures.ts";
import { GREEN, RED, cornerColors, decode, encodeJpeg, pixelAt, quadrants, type Painter } from "./jpeg-fixtures.ts";

// A photo's card-size copy (ADR 0043): made from the stored photo on its
// first request, kept in R2 beside it, encoded as the photo is, and gone
// with the photo.

function frameOf(bytes: Uint8Array) {
  const header = readJpegHeader(bytes);
  if (!header.ok) throw new Error(`not a JPEG: ${header.reason}`);
  return header.header.frame;
}

/** A stored photo as the pipeline writes it, from a painted upload of `width`x`height`. */
function storedPhoto(width: number, height: number, paint: Painter = quadrants(width, height)): Uint8Array {
  return processPhoto(codec, encodeJpeg(width, height, paint, 95)).full;
}

describe("the card-size copy of a photo", () => {
  it("fits the card's box, keeps the picture's shape and corners, and is encoded as the photo is", () => {
    const photo = storedPhoto(1600, 2000);
    expect(frameOf(photo)).toMatchObject({ width: 800, height: 1000 });
    const card = cardPhoto(codec, photo);
    const frame = frameOf(card);
    expect({ width: frame.width, height: frame.height }).toEqual(CARD_BOX);
    // Colour at full resolution, as the stored photo (ADR 0030).
    expect(frame.components.map(({ h, v }) => [h, v])).toEqual([
      [1, 1],
      [1, 1],
      [1, 1],
    ]);
    expect(cornerColors(decode(card))).toEqual(cornerColors(decode(photo)));
    expect(card.byteLength).toBeLessThan(photo.byteLength);
  });

  it("keeps a landscape photo's shape within the box", () => {
    const frame = frameOf(cardPhoto(codec, storedPhoto(1600, 900)));
    expect({ width: frame.width, height: frame.height }).toEqual({ width: 400, height: 225 });
  });

  it("keeps one-pixel colour detail that a card can show", () => {
    // Two-pixel stripes halve to one-pixel ones: red and green, not olive.
    const stripes: Painter = (x) => (Math.floor(x / 2) % 2 === 0 ? RED : GREEN);
    const card = decode(cardPhoto(codec, storedPhoto(800, 1000, stripes)));
    for (const x of [100, 101]) {
      const painted = x % 2 === 0 ? RED : GREEN;
      for (const [channel, value] of pixelAt(card, x, 250).entries()) expect(Math.abs(value - (painted[channel] ?? 0))).toBeLessThan(40);
    }
  });

  it("is the photo itself when the photo already fits the box", () => {
    const photo = storedPhoto(300, 400);
    expect(cardPhoto(codec, photo)).toBe(photo);
  });

  it("refuses a file larger than any photo the pipeline stores", () => {
    const tooLarge = encodeJpeg(1200, 1000, quadrants(1200, 1000));
    expect(() => cardPhoto(codec, tooLarge)).toThrow("the stored photo is 1200x1000");
  });
});

describe("GET /images/cards/{photo key}", () => {
  it("is on a visible photo's card, made on the first request and kept in R2", async () => {
    const bride = await createMember({ gender: "F" });
    const photo = storedPhoto(800, 1000);
    await env.PHOTOS.put(`photos/full-${bride.pid}.jpg`, photo);
    await env.DB.prepare("UPDATE members SET show_photo = 2 WHERE pid = ?1").bind(bride.pid).run();
    const groom = await signedInMember({ gender: "M", profileType: "PREMIUM", profilesCount: 5, lastViewDate: "2099-01-01" });

    const card = (await (await api(`/api/single_user_profile/${bride.pid}`, { headers: groom.headers })).json<{ data: ProfileCard }>()).data;
    expect(card).toMatchObject({ photoVisible: true, photoUrl: `/images/photos/full-${bride.pid}.jpg`, photoCardUrl: `/images/cards/photos/full-${bride.pid}.jpg` });

    expect(await env.PHOTOS.head(`cards/photos/full-${bride.pid}.jpg`)).toBeNull();
    const first = await api(card.photoCardUrl ?? "");
    expect(first.status).toBe(200);
    expect(first.headers.get("Content-Type")).toBe("image/jpeg");
    expect(first.headers.get("Cache-Control")).toBe("private, max-age=31536000, immutable");
    const bytes = new Uint8Array(await first.arrayBuffer());
    expect(frameOf(bytes)).toMatchObject(CARD_BOX);
    const kept = await env.PHOTOS.get(`cards/photos/full-${bride.pid}.jpg`);
    expect(new Uint8Array((await kept?.arrayBuffer()) ?? new ArrayBuffer(0))).toEqual(bytes);

    const second = await api(card.photoCardUrl ?? "");
    expect(new Uint8Array(await second.arrayBuffer())).toEqual(bytes);
    expect(second.headers.get("ETag")).toBe(first.headers.get("ETag"));
  });

  it("is the blurred derivative itself on a card whose photo the viewer may not see", async () => {
    const bride = await createMember({ gender: "F" });
    const groom = await signedInMember({ gender: "M", profileType: "PREMIUM", profilesCount: 5, lastViewDate: "2099-01-01" });
    const card = (await (await api(`/api/single_user_profile/${bride.pid}`, { headers: groom.headers })).json<{ data: ProfileCard }>()).data;
    expect(card).toMatchObject({ photoVisible: false, photoUrl: `/images/photos/full-${bride.pid}-blur.jpg`, photoCardUrl: `/images/photos/full-${bride.pid}-blur.jpg` });
  });

  it("makes no card-size copy of a blurred derivative, whose key every member shown the blurred card has", async () => {
    const bride = await createMember({ gender: "F" });
    const blurKey = `photos/full-${bride.pid}-blur.jpg`;
    await env.PHOTOS.put(blurKey, storedPhoto(24, 30));
    const response = await api(`/images/cards/${blurKey}`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: "NOT_FOUND" });
    expect(await env.PHOTOS.head(cardPhotoKey(blurKey))).toBeNull();
    // The derivative itself is served as before.
    expect((await api(`/images/${blurKey}`)).status).toBe(200);
  });

  it("answers 404 and keeps nothing for a photo that does not exist or a key that names none", async () => {
    for (const key of ["cards/photos/nobody.jpg", "cards/og/default.jpg", "cards/cards/photos/nobody.jpg", "cards/photos/../secret.jpg"]) {
      const response = await api(`/images/${key}`);
      expect(response.status, key).toBe(404);
      expect(await response.json()).toMatchObject({ code: "NOT_FOUND" });
    }
    expect((await env.PHOTOS.list({ prefix: "cards/photos/nobody" })).objects).toEqual([]);
  });
});

describe("an image kept in R2", () => {
  it("is not kept when the photo it was made from is deleted while it is made", async () => {
    await env.PHOTOS.put("photos/going.jpg", storedPhoto(800, 1000));
    const image = await keptInR2(
      env.PHOTOS,
      cardPhotoKey("photos/going.jpg"),
      async () => {
        const photo = new Uint8Array(await ((await env.PHOTOS.get("photos/going.jpg"))?.arrayBuffer() ?? new ArrayBuffer(0)));
        // An erasure deletes the photo and its copy here, before the copy is stored.
        await env.PHOTOS.delete(["photos/going.jpg", cardPhotoKey("photos/going.jpg")]);
        return cardPhoto(codec, photo);
      },
      "photos/going.jpg",
    );
    expect(image).toBeNull();
    expect(await env.PHOTOS.head(cardPhotoKey("photos/going.jpg"))).toBeNull();
  });
});
