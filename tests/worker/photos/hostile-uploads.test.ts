import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PHOTO_LIMITS, PHOTO_MESSAGES } from "#shared/schemas/registration.ts";
import { MAX_DECODE_PASSES, countDecodeWork, decodeWorkLimit } from "#worker/lib/photos/decode-budget.ts";
import { MAX_FILL_BYTES, MAX_MARKERS, readJpegHeader, walkScans } from "#worker/lib/photos/jpeg-header.ts";
import { MAX_SCANS, isValidScanScript } from "#worker/lib/photos/jpeg-scans.ts";
import { PhotoError, processPhoto, type PhotoErrorCode } from "#worker/lib/photos/process-photo.ts";
import { workerJpegCodec as codec } from "#worker/lib/photos/worker-codec.ts";
import { api, createMember, personalForm, signIn, bearer, staffSession } from "../setup/fixtures.ts";
import { registrationForm } from "../setup/registration-form.ts";
import { PROGRESSIVE_420 } from "./cjpeg-samples.ts";
import { GPS_LATITUDE, containsAscii, containsBytes, cornerColors, decode, fromBase64, headerMarkers, pixelAt } from "./jpeg-fixtures.ts";
import {
  GREY,
  SCRIPT,
  SOF_BASELINE,
  SOF_EXTENDED,
  SOF_PROGRESSIVE,
  acScan,
  cmykRed,
  commentFlood,
  dcScan,
  fillBytes,
  highPrecision,
  htmlThenJpeg,
  innocentPhoto,
  jpegThenHtml,
  jpegThenZip,
  photoWithGps,
  pixelFlood,
  scanBomb,
  scriptInComment,
  sequentialScan,
  stuffedScan,
  syntheticJpeg,
  truncatedPhoto,
  undefinedQuantisationTable,
  type SyntheticComponent,
  type SyntheticScan,
} from "./hostile-jpegs.ts";

// Hostile uploads (ADR 0008, "Hostile uploads"), generated in code: each is
// refused before any decoding, or comes out as a clean JPEG. What bounds the
// decoder is shown by what the headers count (markers, scans, coefficient steps),
// never by a clock; how long each takes is scripts/bench-photo.ts's to print.

afterEach(() => {
  vi.restoreAllMocks();
});

interface Refusal {
  code: PhotoErrorCode;
  message: string;
}

/** Runs the pipeline, which must refuse, and says whether the decoder was reached. */
function refuse(input: Uint8Array): Refusal & { decoded: boolean } {
  const decoder = vi.spyOn(codec, "decode");
  try {
    processPhoto(codec, input);
  } catch (error) {
    if (!(error instanceof PhotoError)) throw error;
    return { code: error.code, message: error.message, decoded: decoder.mock.calls.length > 0 };
  } finally {
    decoder.mockRestore();
  }
  throw new Error("expected the photo to be refused");
}

/** What the headers say a decode would cost: the scans, the coefficient steps they take, and the most allowed. */
function inspect(bytes: Uint8Array) {
  const parsed = readJpegHeader(bytes);
  if (!parsed.ok) throw new Error(`header refused: ${parsed.reason}`);
  const { frame, frameEnd } = parsed.header;
  const walk = walkScans(bytes, frameEnd);
  if (!walk.ok) return walk;
  return { scans: walk.scans.length, valid: isValidScanScript(frame, walk.scans), work: countDecodeWork(frame, walk.scans), limit: decodeWorkLimit(frame) };
}

const TOO_COMPLEX: Refusal = { code: "TOO_COMPLEX", message: PHOTO_MESSAGES.unreadable };
const UNREADABLE: Refusal = { code: "UNREADABLE", message: PHOTO_MESSAGES.unreadable };

// Per block of the bomb's grey frame: its DC scan steps through 1
// coefficient, the AC band 63, each refinement 63 more.
const bombStepsPerBlock = (refinements: number) => 1 + 63 + 63 * refinements;
const LIMIT_PER_BLOCK = MAX_DECODE_PASSES * 64;

describe("the scan bomb", () => {
  it("10,000 refinement scans in under 200 KB: the walk stops at the scan cap and the photo is refused without decoding", () => {
    const bomb = scanBomb(10_000);
    expect(bomb.length).toBeLessThan(200_000);
    // Unguarded, libjpeg would walk the 62,500 blocks of the 2000x2000 frame 10,002 times.
    expect(inspect(bomb)).toEqual({ ok: false, reason: "TOO_MANY_SCANS" });
    expect(refuse(bomb)).toEqual({ ...TOO_COMPLEX, decoded: false });
  });

  it("a bomb of exactly 32 scans passes the cap and is refused by the counted work", () => {
    const bomb = scanBomb(MAX_SCANS - 2);
    const blocks = 250 * 250;
    expect(inspect(bomb)).toEqual({ scans: MAX_SCANS, valid: true, work: bombStepsPerBlock(30) * blocks, limit: LIMIT_PER_BLOCK * blocks });
    expect(refuse(bomb)).toEqual({ ...TOO_COMPLEX, decoded: false });
  });

  it.each([64, 400, 2000])("under the cap the counted work decides, at the same scan for a %i px square", (size) => {
    const blocks = Math.ceil(size / 8) ** 2;
    // 5 refinements: 379 steps a block, within 6 passes of 64; 6 refinements: 442, beyond.
    expect(inspect(scanBomb(5, size))).toEqual({ scans: 7, valid: true, work: bombStepsPerBlock(5) * blocks, limit: LIMIT_PER_BLOCK * blocks });
    expect(inspect(scanBomb(6, size))).toEqual({ scans: 8, valid: true, work: bombStepsPerBlock(6) * blocks, limit: LIMIT_PER_BLOCK * blocks });
    expect(bombStepsPerBlock(5)).toBeLessThanOrEqual(LIMIT_PER_BLOCK);
    expect(bombStepsPerBlock(6)).toBeGreaterThan(LIMIT_PER_BLOCK);
    expect(refuse(scanBomb(6, size))).toEqual({ ...TOO_COMPLEX, decoded: false });
  });

  it("the same script one refinement shorter is decoded: the budget, not the file, refused the other", () => {
    // The spy that shows the refusals above never reached the decoder sees this decode.
    const decoder = vi.spyOn(codec, "decode");
    const result = processPhoto(codec, scanBomb(5, 64));
    expect(decoder).toHaveBeenCalledTimes(1);
    expect([result.width, result.height]).toEqual([64, 64]);
    const [r, g, b] = pixelAt(decode(result.full), 32, 32);
    for (const channel of [r, g, b]) expect(Math.abs(channel - 140)).toBeLessThan(4);
  });

  it("photos as encoders write them stay well within the budget: libjpeg's progressive script under half, baseline a sixth", () => {
    const progressive = inspect(fromBase64(PROGRESSIVE_420));
    if (!("work" in progressive)) throw new Error("the sample was refused");
    expect(progressive.scans).toBe(10);
    expect(progressive.work / progressive.limit).toBeLessThan(0.5);
    const baseline = inspect(innocentPhoto());
    if (!("work" in baseline)) throw new Error("the photo was refused");
    expect(baseline.work / baseline.limit).toBe(1 / MAX_DECODE_PASSES);
  });
});

describe("scans that break the rules of T.81 are refused before decoding", () => {
  const grey = [GREY()];
  const colour: SyntheticComponent[] = [
    { id: 1, h: 2, v: 2, level: 81 },
    { id: 2, h: 1, v: 1, level: 90 },
    { id: 3, h: 1, v: 1, level: 240 },
  ];
  const progressive = (scans: SyntheticScan[], components = grey) => syntheticJpeg({ marker: SOF_PROGRESSIVE, width: 64, height: 48, components, scans });
  const sequential = (scans: SyntheticScan[], components = grey) => syntheticJpeg({ marker: SOF_BASELINE, width: 64, height: 48, components, scans });

  it.each([
    ["a band that ends before it starts (Ss > Se)", progressive([dcScan([1]), acScan(1, 10, 5)])],
    ["a band past the last coefficient (Se > 63)", progressive([dcScan([1]), acScan(1, 1, 64)])],
    ["a DC scan that also claims AC coefficients (Ss = 0, Se = 63)", progressive([{ ids: [1], ss: 0, se: 63, ah: 0, al: 0 }])],
    ["an AC scan of two components", progressive([dcScan([1, 2, 3]), { ids: [1, 2], ss: 1, se: 63, ah: 0, al: 0 }, acScan(3)], colour)],
    ["a refinement that skips bits (Ah 3, Al 0)", progressive([dcScan([1]), { ids: [1], ss: 1, se: 63, ah: 0, al: 3 }, { ids: [1], ss: 1, se: 63, ah: 3, al: 0 }])],
    ["a point transform beyond 13 bits", progressive([dcScan([1]), { ids: [1], ss: 1, se: 63, ah: 0, al: 14 }])],
    ["a baseline frame that scans its component twice", sequential([sequentialScan([1]), sequentialScan([1])])],
    ["a scan of a component the frame does not have", sequential([sequentialScan([1]), sequentialScan([2])])],
    ["a component no scan codes", sequential([sequentialScan([1, 2])], colour)],
    ["an MCU of 11 blocks (at most 10)", sequential([sequentialScan([1, 2, 3])], [{ id: 1, h: 3, v: 3, level: 128 }, ...colour.slice(1)])],
  ])("%s: UNREADABLE", (_name, input) => {
    expect(inspect(input)).toMatchObject({ valid: false });
    expect(refuse(input)).toEqual({ ...UNREADABLE, decoded: false });
  });

  it("an SOS header whose length disagrees with its component count: UNREADABLE", () => {
    const input = sequential([sequentialScan([1])]);
    const sos = input.findIndex((byte, i) => byte === 0xff && input[i + 1] === 0xda);
    input[sos + 4] = 2; // Ns = 2 in a segment sized for one component
    expect(inspect(input)).toEqual({ ok: false, reason: "UNREADABLE" });
    expect(refuse(input)).toEqual({ ...UNREADABLE, decoded: false });
  });

  it("the writer's valid scripts decode to the colours they were given (so the refusals above are the rules')", () => {
    const expectRed = (bytes: Uint8Array) => {
      const [r, g, b] = pixelAt(decode(processPhoto(codec, bytes).full), 8, 8);
      expect(r).toBeGreaterThan(200);
      expect(Math.max(g, b)).toBeLessThan(40);
    };
    expectRed(sequential([sequentialScan([1, 2, 3])], colour));
    expectRed(progressive([dcScan([1, 2, 3]), acScan(1), acScan(2), acScan(3)], colour));
  });
});

describe("files padded with what costs the parsers, refused by counting", () => {
  // As many empty comments (4 bytes each) as fit in 10 MB: 2.6 million.
  const flood = Math.floor(PHOTO_LIMITS.maxBytes / 4) - 64;
  const tinyPhoto = (bytes: Uint8Array) => {
    const result = processPhoto(codec, bytes);
    return [result.width, result.height];
  };

  it("2.6 million empty comments before the frame: the header walk stops at its marker cap", () => {
    const input = commentFlood(flood, "header");
    expect(input.length).toBeLessThanOrEqual(PHOTO_LIMITS.maxBytes);
    expect(readJpegHeader(input)).toEqual({ ok: false, reason: "TOO_MANY_MARKERS" });
    expect(refuse(input)).toEqual({ ...TOO_COMPLEX, decoded: false });
  });

  it("2.6 million empty comments after the scan: the scan walk stops at its marker cap", () => {
    const input = commentFlood(flood, "scans");
    expect(inspect(input)).toEqual({ ok: false, reason: "TOO_MANY_MARKERS" });
    expect(refuse(input)).toEqual({ ...TOO_COMPLEX, decoded: false });
  });

  it("each walk reads up to 256 markers", () => {
    // Before the frame: the comments, DQT and SOF.
    expect(tinyPhoto(commentFlood(MAX_MARKERS - 2, "header"))).toEqual([8, 8]);
    expect(refuse(commentFlood(MAX_MARKERS - 1, "header"))).toEqual({ ...TOO_COMPLEX, decoded: false });
    // After it: two DHT, SOS, the comments and EOI.
    expect(tinyPhoto(commentFlood(MAX_MARKERS - 4, "scans"))).toEqual([8, 8]);
    expect(refuse(commentFlood(MAX_MARKERS - 3, "scans"))).toEqual({ ...TOO_COMPLEX, decoded: false });
  });

  it("10 MB of fill bytes before EOI: UNREADABLE, as is one past the 64 a marker may have", () => {
    expect(refuse(fillBytes(PHOTO_LIMITS.maxBytes - 200))).toEqual({ ...UNREADABLE, decoded: false });
    expect(tinyPhoto(fillBytes(MAX_FILL_BYTES))).toEqual([8, 8]);
    expect(refuse(fillBytes(MAX_FILL_BYTES + 1))).toEqual({ ...UNREADABLE, decoded: false });
  });
});

describe("the rest of the corpus, through the pipeline", () => {
  it("a pixel flood: 60000x60000 in under 8 KB is refused by its header", () => {
    const flood = pixelFlood(60_000, 60_000);
    expect(flood.length).toBeLessThan(8_000);
    expect(refuse(flood)).toEqual({ code: "TOO_MANY_PIXELS", message: PHOTO_MESSAGES.tooManyPixels, decoded: false });
  });

  it("a pixel flood under the 40 MP cap (6000x6000, 1 KB) is refused by the memory budget", () => {
    const flood = pixelFlood(6_000, 6_000);
    expect(flood.length).toBeLessThan(1_000);
    expect(refuse(flood)).toEqual({ code: "TOO_MANY_PIXELS", message: PHOTO_MESSAGES.tooDetailed, decoded: false });
  });

  it.each([
    ["a truncated photo", truncatedPhoto()],
    ["12-bit samples, extended sequential (SOF1)", highPrecision(SOF_EXTENDED, 12)],
    ["12-bit samples, progressive (SOF2)", highPrecision(SOF_PROGRESSIVE, 12)],
    ["16-bit samples, lossless (SOF3)", highPrecision(0xc3, 16)],
    ["4 components without the Adobe segment that says they are CMYK", cmykRed(false)],
  ])("%s: UNREADABLE before decoding", (_name, input) => {
    expect(refuse(input)).toEqual({ ...UNREADABLE, decoded: false });
  });

  it("HTML before the JPEG: not a JPEG", () => {
    expect(refuse(htmlThenJpeg())).toEqual({ code: "NOT_JPEG", message: PHOTO_MESSAGES.jpegOnly, decoded: false });
  });

  it.each([
    ["an HTML page after the end of the image", jpegThenHtml()],
    ["a ZIP archive after the end of the image", jpegThenZip()],
    ["a script in a comment segment", scriptInComment()],
  ])("%s: the stored JPEG is the picture alone", (_name, input) => {
    expect(containsAscii(input, SCRIPT)).toBe(true);
    const result = processPhoto(codec, input);
    for (const output of [result.full, result.blur]) expectNoPayload(output);
    expect(cornerColors(decode(result.full))).toEqual(["red", "green", "white", "blue"]);
  });

  it("EXIF with the GPS location: both outputs carry neither", () => {
    const input = photoWithGps();
    expect(containsAscii(input, "GPS")).toBe(true);
    const result = processPhoto(codec, input);
    for (const output of [result.full, result.blur]) expectNoExif(output);
  });

  it("10 MB of stuffed bytes in one scan: walked to the end, and decoded as the one block it holds", () => {
    const input = stuffedScan(PHOTO_LIMITS.maxBytes);
    expect(input.length).toBe(PHOTO_LIMITS.maxBytes);
    expect(inspect(input)).toEqual({ scans: 1, valid: true, work: 64, limit: LIMIT_PER_BLOCK });
    const result = processPhoto(codec, input);
    expect([result.width, result.height]).toEqual([8, 8]);
    expectNoPayload(result.full);
    const [r, g, b] = pixelAt(decode(result.full), 4, 4);
    for (const channel of [r, g, b]) expect(Math.abs(channel - 200)).toBeLessThan(4);
  });

  it("a CMYK JPEG, even with the Adobe segment that says so: UNREADABLE before decoding (mozjpeg has no CMYK to RGB)", () => {
    expect(refuse(cmykRed())).toEqual({ ...UNREADABLE, decoded: false });
  });

  it("a frame naming a quantisation table the file lacks: libjpeg gives up, UNREADABLE, and the next photo decodes", () => {
    expect(refuse(undefinedQuantisationTable())).toEqual({ ...UNREADABLE, decoded: true });
    // The decoder libjpeg gave up in is replaced, not reused with what it left behind.
    const result = processPhoto(codec, innocentPhoto());
    expect(cornerColors(decode(result.full))).toEqual(["red", "green", "white", "blue"]);
  });
});

/** A JPEG as mozjpeg writes it: JFIF, tables, one frame, one scan, EOI, and nothing of the upload's extras. */
function expectNoPayload(output: Uint8Array): void {
  const markers = headerMarkers(output);
  expect(markers[0]).toBe(0xe0);
  expect(markers).not.toContain(0xfe); // COM
  expect(markers.filter((code) => code === 0xda)).toHaveLength(1);
  expect(Array.from(output.subarray(-2))).toEqual([0xff, 0xd9]);
  expect(containsAscii(output, "<script")).toBe(false);
  expect(containsAscii(output, "html")).toBe(false);
  expect(containsBytes(output, [0x50, 0x4b, 0x03, 0x04])).toBe(false);
  expect(containsBytes(output, [0x50, 0x4b, 0x05, 0x06])).toBe(false);
}

function expectNoExif(output: Uint8Array): void {
  expectNoPayload(output);
  expect(headerMarkers(output)).not.toContain(0xe1);
  expect(containsAscii(output, "Exif")).toBe(false);
  expect(containsAscii(output, "GPS")).toBe(false);
  expect(containsBytes(output, Array.from(new Uint8Array(new Uint32Array(GPS_LATITUDE).buffer)))).toBe(false);
}

// ---- The routes ------------------------------------------------------------

const REFUSED: [string, () => Uint8Array, number, string, string][] = [
  ["the scan bomb (10,000 scans)", () => scanBomb(10_000), 400, "VALIDATION_FAILED", PHOTO_MESSAGES.unreadable],
  ["the work bomb (8 scans, 2000x2000)", () => scanBomb(6), 400, "VALIDATION_FAILED", PHOTO_MESSAGES.unreadable],
  ["a pixel flood (60000x60000)", () => pixelFlood(60_000, 60_000), 413, "PAYLOAD_TOO_LARGE", PHOTO_MESSAGES.tooManyPixels],
  ["a pixel flood under the cap (6000x6000)", () => pixelFlood(6_000, 6_000), 413, "PAYLOAD_TOO_LARGE", PHOTO_MESSAGES.tooDetailed],
  ["a truncated photo", truncatedPhoto, 400, "VALIDATION_FAILED", PHOTO_MESSAGES.unreadable],
  ["1,000 empty comments after the scan", () => commentFlood(1000, "scans"), 400, "VALIDATION_FAILED", PHOTO_MESSAGES.unreadable],
  ["1,000 fill bytes before EOI", () => fillBytes(1000), 400, "VALIDATION_FAILED", PHOTO_MESSAGES.unreadable],
  ["HTML before the JPEG", htmlThenJpeg, 415, "UNSUPPORTED_MEDIA_TYPE", PHOTO_MESSAGES.jpegOnly],
  ["CMYK without its Adobe segment", () => cmykRed(false), 400, "VALIDATION_FAILED", PHOTO_MESSAGES.unreadable],
  ["CMYK with its Adobe segment", () => cmykRed(), 400, "VALIDATION_FAILED", PHOTO_MESSAGES.unreadable],
  ["12-bit samples", () => highPrecision(SOF_EXTENDED, 12), 400, "VALIDATION_FAILED", PHOTO_MESSAGES.unreadable],
];

const CLEANED: [string, () => Uint8Array][] = [
  ["an HTML page after the image", jpegThenHtml],
  ["a ZIP archive after the image", jpegThenZip],
  ["a script in a comment", scriptInComment],
  ["EXIF with GPS", photoWithGps],
];

async function expectPhotoRefusal(response: Response, status: number, code: string, message: string): Promise<void> {
  expect(response.status).toBe(status);
  expect(await response.json()).toEqual({ error: message, code, fields: { photo: message } });
}

async function storedObjects(): Promise<string[]> {
  const listed = await env.PHOTOS.list({ prefix: "photos/" });
  return listed.objects.map((object) => object.key).sort();
}

async function expectStoredClean(photoKey: string, blurKey: string): Promise<void> {
  for (const key of [photoKey, blurKey]) {
    const object = await env.PHOTOS.get(key);
    if (!object) throw new Error(`${key} was not stored`);
    expectNoExif(new Uint8Array(await object.arrayBuffer()));
  }
}

let mobiles = 0;

/** The registration form as the web app sends it, with a fresh WhatsApp number. */
function registrationWith(photo: Uint8Array): FormData {
  mobiles += 1;
  return registrationForm({ mobile: `97010${String(mobiles).padStart(5, "0")}` }, photo);
}

/** The Personal tab of the member's edit (and of the console), renaming the member, with a photo. */
const renamedWithPhoto = (photo: Uint8Array) => personalForm({ name: "Renamed" }, photo);

const memberCount = async () => (await env.DB.prepare("SELECT count(*) AS n FROM members").first<{ n: number }>())?.n;

/** A member whose current photo is a stored pair, so a refused upload can be seen to leave it alone. */
async function memberWithPhoto() {
  const member = await createMember();
  const photoKey = `photos/current-${member.pid}.jpg`;
  const blurKey = `photos/current-${member.pid}-blur.jpg`;
  await env.PHOTOS.put(photoKey, innocentPhoto());
  await env.PHOTOS.put(blurKey, innocentPhoto());
  await env.DB.prepare("UPDATE members SET photo_key = ?1, photo_blur_key = ?2 WHERE pid = ?3").bind(photoKey, blurKey, member.pid).run();
  return { ...member, photoKey, blurKey };
}

const storedMember = (pid: number) =>
  env.DB.prepare("SELECT name, photo_key, photo_blur_key FROM members WHERE pid = ?1").bind(pid).first<{ name: string; photo_key: string; photo_blur_key: string }>();

describe("POST /api/save_new_registration (anonymous)", () => {
  it.each(REFUSED)("refuses %s with the photo's message and writes nothing", async (_name, make, status, code, message) => {
    const [members, objects] = [await memberCount(), await storedObjects()];
    const response = await api("/api/save_new_registration", { method: "POST", body: registrationWith(make()) });
    await expectPhotoRefusal(response, status, code, message);
    expect(await memberCount()).toBe(members);
    expect(await storedObjects()).toEqual(objects);
  });

  it.each(CLEANED)("registers with %s and stores the picture alone", async (_name, make) => {
    const response = await api("/api/save_new_registration", { method: "POST", body: registrationWith(make()) });
    expect(response.status).toBe(200);
    const { data } = await response.json<{ data: { pid: number } }>();
    const row = await storedMember(data.pid);
    if (!row) throw new Error("no member row");
    await expectStoredClean(row.photo_key, row.photo_blur_key);
  });
});

describe("PUT /api/profile_personal_data (a member)", () => {
  it.each(REFUSED)("refuses %s, keeps the photo and saves nothing", async (_name, make, status, code, message) => {
    const member = await memberWithPhoto();
    const objects = await storedObjects();
    const response = await api("/api/profile_personal_data", { method: "PUT", headers: bearer(await signIn(member)), body: renamedWithPhoto(make()) });
    await expectPhotoRefusal(response, status, code, message);
    expect(await storedMember(member.pid)).toEqual({ name: "Lakshmi", photo_key: member.photoKey, photo_blur_key: member.blurKey });
    expect(await storedObjects()).toEqual(objects);
  });

  it.each(CLEANED)("replaces the photo with %s, stored as the picture alone", async (_name, make) => {
    const member = await memberWithPhoto();
    const response = await api("/api/profile_personal_data", { method: "PUT", headers: bearer(await signIn(member)), body: renamedWithPhoto(make()) });
    expect(response.status).toBe(200);
    const row = await storedMember(member.pid);
    if (!row) throw new Error("no member row");
    expect(row.photo_key).not.toBe(member.photoKey);
    await expectStoredClean(row.photo_key, row.photo_blur_key);
  });
});

describe("PUT /api/admin/members/{pid}/personal (staff)", () => {
  it("refuses the scan bomb, keeps the member's photo and saves nothing", async () => {
    const [staff, member] = [await staffSession(), await memberWithPhoto()];
    const objects = await storedObjects();
    const response = await api(`/api/admin/members/${member.pid}/personal`, { method: "PUT", headers: staff.headers, body: renamedWithPhoto(scanBomb(10_000)) });
    await expectPhotoRefusal(response, 400, "VALIDATION_FAILED", PHOTO_MESSAGES.unreadable);
    expect(await storedMember(member.pid)).toEqual({ name: "Lakshmi", photo_key: member.photoKey, photo_blur_key: member.blurKey });
    expect(await storedObjects()).toEqual(objects);
  });
});
