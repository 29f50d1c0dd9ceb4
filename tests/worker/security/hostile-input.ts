import fc from "fast-check";
import { smallJpeg } from "../setup/fixtures.ts";
import { encodeQuery, toWire, type Call, type Wire } from "./calls.ts";
import { pathOf, type RouteKey } from "./route-inventory.ts";

// Hostile variants of a valid call (ADR 0027): per field of its JSON body,
// form or query, a value of the wrong type, huge, empty, odd unicode, a
// number at the edges, missing, or added; prototype-pollution keys; bodies
// that are not what the route reads; hostile path segments.

/** Text that has broken parsers, databases and templates before. */
const NASTY_TEXT = [
  "",
  " ",
  "0",
  "-1",
  "1.5",
  "1e309",
  "NaN",
  "Infinity",
  "null",
  "undefined",
  "true",
  "[]",
  "{}",
  "__proto__",
  "constructor",
  "\u0000",
  "a\u0000b",
  "\uD800",
  "\uDFFF",
  "\u202Eevil",
  "\u200B\u200D",
  "\uFEFF",
  "\r\n",
  "'; DROP TABLE members; --",
  '" OR 1=1 --',
  "<script>alert(1)</script>",
  "{{pid}}",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template placeholder is the hostile input here.
  "${process}",
  "../../etc/passwd",
  "%00",
  "%",
  "2024-02-30",
  "0000-00-00",
  "9999-12-31",
  "31/02/2024",
  "25:61 PM",
  "+91 ",
  "+919848012345",
  "9848012345",
  "١٢٣٤٥٦",
  "１２３",
  "𝟏𝟐𝟑",
  "ఆంధ్ర ప్రదేశ్",
  "😀",
  "LIFE",
  "owner",
  "V",
  " 1 ",
  "0x10",
  "1_000",
];

/** Numbers at the edges of what JavaScript, SQLite and the schemas take. */
const EDGE_NUMBERS = [0, -0, -1, 1.5, 2 ** 31, -(2 ** 31) - 1, 2 ** 53, -(2 ** 53), Number.MAX_VALUE, Number.MIN_VALUE, 1e21];

const hostileText: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...NASTY_TEXT), weight: 4 },
  { arbitrary: fc.string({ unit: "binary", maxLength: 40 }), weight: 2 },
  { arbitrary: fc.string({ unit: "grapheme", maxLength: 40 }), weight: 2 },
  { arbitrary: fc.integer().map(String), weight: 1 },
  // Longer than any field allows, and than a JSON body may be.
  { arbitrary: fc.tuple(fc.constantFrom("a", "ఆ", "😀", "9", "%"), fc.integer({ min: 61, max: 70_000 })).map(([char, times]) => char.repeat(times)), weight: 1 },
);

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: hostileText, weight: 4 },
  { arbitrary: fc.constantFrom<unknown>(null, true, false, ...EDGE_NUMBERS), weight: 3 },
  { arbitrary: fc.integer(), weight: 1 },
  { arbitrary: fc.double(), weight: 1 },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 2 },
  // Nesting deeper than any schema expects.
  { arbitrary: fc.integer({ min: 20, max: 2_000 }).map((depth) => nest(depth)), weight: 1 },
);

const hostileKey: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom("__proto__", "constructor", "prototype", "toString", "hasOwnProperty", "isAdmin", "role", "pid", "profileType", "total", "active"),
  fc.string({ maxLength: 12 }),
);

function nest(depth: number): unknown {
  let value: unknown = "deep";
  for (let level = 0; level < depth; level++) value = level % 2 === 0 ? [value] : { a: value };
  return value;
}

/** The key a pollution payload sets: the suite checks no object of the isolate has it afterwards. */
export const POLLUTION_KEY = "pollutedBySecurityFuzz";
const POLLUTION = `{"__proto__":{"${POLLUTION_KEY}":true},"constructor":{"prototype":{"${POLLUTION_KEY}":true}}}`;

/** A file that is not the small JPEG the forms expect. */
const hostileFile: fc.Arbitrary<File> = fc.oneof(
  fc.uint8Array({ maxLength: 2_048 }).map((bytes) => new File([bytes], "photo.jpg", { type: "image/jpeg" })),
  fc.integer({ min: 0, max: 300 }).map((length) => new File([smallJpeg().slice(0, length)], "cut.jpg", { type: "image/jpeg" })),
  fc.uint8Array({ minLength: 1, maxLength: 512 }).map((tail) => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0]), tail], "head.jpg", { type: "image/jpeg" })),
  fc.constant(new File([smallJpeg()], "photo.png", { type: "image/png" })),
  fc.constant(new File([], "empty.jpg", { type: "image/jpeg" })),
);

type Place = "json" | "form" | "query";

/** One change to one field of the call. */
export type Edit =
  | { kind: "set"; place: Place; field: string; value: unknown }
  | { kind: "drop"; place: Place; field: string }
  | { kind: "repeat"; place: "form" | "query"; field: string; value: string }
  | { kind: "file"; field: string; file: File }
  | { kind: "segment"; index: number; value: string };

/** A whole request that is not what the route reads. */
export type Replacement = { kind: "json"; value: unknown } | { kind: "text"; contentType: string | null; text: string } | { kind: "pollute" } | { kind: "query"; raw: string };

export type Mutation = { edits: Edit[] } | { replace: Replacement };

const CONTENT_TYPES = [
  "application/json",
  "APPLICATION/JSON; charset=utf-16",
  "application/vnd.api+json",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data",
  "multipart/form-data; boundary=----x",
  "image/jpeg",
  "application/json; boundary=x",
];

/** Which fields a call has, by where they travel. */
function fieldsOf(call: Call): { place: Place; field: string }[] {
  const fields: { place: Place; field: string }[] = [];
  if (call.json && typeof call.json === "object" && !Array.isArray(call.json)) for (const field of Object.keys(call.json)) fields.push({ place: "json", field });
  for (const field of Object.keys(call.form ?? {})) fields.push({ place: "form", field });
  for (const field of Object.keys(call.query ?? {})) fields.push({ place: "query", field });
  return fields;
}

/** Path segments that are parameters (or a wildcard) in the route's template. */
function paramSegments(key: RouteKey): number[] {
  return pathOf(key)
    .split("/")
    .flatMap((segment, index) => (segment.startsWith(":") || segment === "*" ? [index] : []));
}

function editsFor(key: RouteKey, call: Call): fc.Arbitrary<Edit>[] {
  const edits: fc.Arbitrary<Edit>[] = [];
  const fields = fieldsOf(call);
  const places: Place[] = call.form ? ["form"] : call.json !== undefined ? ["json", "query"] : ["query"];
  if (fields.length > 0) {
    const field = fc.constantFrom(...fields);
    edits.push(
      fc.tuple(field, hostileValue).map(([{ place, field: name }, value]): Edit => ({ kind: "set", place, field: name, value: place === "json" ? value : textOf(value) })),
    );
    edits.push(field.map(({ place, field: name }): Edit => ({ kind: "drop", place, field: name })));
  }
  // Fields the route does not know, prototype keys among them.
  edits.push(
    fc
      .tuple(fc.constantFrom(...places), hostileKey, hostileValue)
      .map(([place, name, value]): Edit => ({ kind: "set", place, field: name, value: place === "json" ? value : textOf(value) })),
  );
  const repeatable = fields.filter((field): field is { place: "form" | "query"; field: string } => field.place !== "json");
  if (repeatable.length > 0) {
    edits.push(fc.tuple(fc.constantFrom(...repeatable), hostileText).map(([{ place, field }, value]): Edit => ({ kind: "repeat", place, field, value })));
  }
  if (call.form) {
    const formFields = Object.keys(call.form);
    edits.push(fc.tuple(fc.constantFrom(...formFields), hostileFile).map(([field, file]): Edit => ({ kind: "file", field, file })));
  }
  const segments = paramSegments(key);
  if (segments.length > 0) edits.push(fc.tuple(fc.constantFrom(...segments), hostileText).map(([index, value]): Edit => ({ kind: "segment", index, value })));
  return edits;
}

function replacementsFor(call: Call): fc.Arbitrary<Replacement> {
  const rawQuery = fc
    .constantFrom("%", "%E0%A4%A", "a=%ZZ", "=&=&&", "__proto__[x]=1", "constructor.prototype.x=1", "page=1&page=2", `q=${"%41".repeat(3_000)}`)
    .map((raw): Replacement => ({ kind: "query", raw }));
  // A GET carries no body.
  if (call.method === "GET") return rawQuery;
  const valid = call.json === undefined ? "{}" : JSON.stringify(call.json);
  return fc.oneof(
    hostileValue.map((value): Replacement => ({ kind: "json", value })),
    fc
      .tuple(
        fc.constantFrom<string | null>(null, ...CONTENT_TYPES),
        fc.oneof(
          hostileText,
          fc.nat(valid.length).map((end) => valid.slice(0, end)),
          fc.constant(`\uFEFF${valid}`),
        ),
      )
      .map(([contentType, text]): Replacement => ({ kind: "text", contentType, text })),
    fc.constant<Replacement>({ kind: "pollute" }),
    rawQuery,
  );
}

/** Mutations of a route's valid call: one to three field edits, or a whole request of another kind. */
export function mutationsOf(key: RouteKey, call: Call): fc.Arbitrary<Mutation> {
  const edits = fc.array(fc.oneof(...editsFor(key, call)), { minLength: 1, maxLength: 3 }).map((list): Mutation => ({ edits: list }));
  return fc.oneof({ arbitrary: edits, weight: 4 }, { arbitrary: replacementsFor(call).map((replace): Mutation => ({ replace })), weight: 1 });
}

function textOf(value: unknown): string {
  return typeof value === "string" ? value : (JSON.stringify(value) ?? "undefined");
}

/** Sets a key as the object's own property, `__proto__` included, as JSON.parse would. */
function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** The call with the mutation applied, as it goes on the wire. */
export function mutate(call: Call, mutation: Mutation): Wire {
  if ("replace" in mutation) return replaced(call, mutation.replace);
  const json: Record<string, unknown> | undefined = call.json && typeof call.json === "object" ? { ...(call.json as Record<string, unknown>) } : undefined;
  const form: [string, string | File][] = Object.entries(call.form ?? {});
  const query: [string, string][] = Object.entries(call.query ?? {});
  const segments = call.path.split("/");
  for (const edit of mutation.edits) {
    if (edit.kind === "segment") segments[edit.index] = encodeURIComponent(edit.value.replace(/[\uD800-\uDFFF]/g, "?"));
    else if (edit.kind === "file") replaceEntry(form, edit.field, edit.file);
    else if (edit.kind === "repeat") (edit.place === "form" ? form : query).push([edit.field, edit.value]);
    else if (edit.place === "json" && json) {
      if (edit.kind === "set") setOwn(json, edit.field, edit.value);
      else delete json[edit.field];
    } else if (edit.place !== "json") {
      const entries = edit.place === "form" ? form : query;
      if (edit.kind === "set") replaceEntry(entries, edit.field, textOf(edit.value));
      else entries.splice(0, entries.length, ...entries.filter(([name]) => name !== edit.field));
    }
  }
  const path = segments.join("/");
  const target = query.length > 0 ? `${path}?${encodeQuery(query)}` : path;
  if (call.form) {
    const body = new FormData();
    // workerd's FormData cannot encode a name ending in a backslash; a browser's cannot send one either.
    for (const [name, value] of form) body.append(name.replace(/\\+$/, "_"), value);
    return { method: call.method, target, headers: {}, body };
  }
  if (json) return { method: call.method, target, headers: { "Content-Type": "application/json" }, body: JSON.stringify(json), signed: call.signed };
  return { method: call.method, target, headers: {}, signed: call.signed };
}

function replaceEntry<T>(entries: [string, T][], name: string, value: T): void {
  const index = entries.findIndex(([entry]) => entry === name);
  if (index === -1) entries.push([name, value]);
  else entries[index] = [name, value];
}

function replaced(call: Call, replacement: Replacement): Wire {
  const valid = toWire(call);
  const json = (body: string): Wire => ({ ...valid, headers: { "Content-Type": "application/json" }, body });
  switch (replacement.kind) {
    case "json":
      return json(JSON.stringify(replacement.value) ?? "");
    case "text":
      return { ...valid, headers: replacement.contentType ? { "Content-Type": replacement.contentType } : {}, body: replacement.text };
    case "pollute": {
      const fields = call.json && typeof call.json === "object" ? JSON.stringify(call.json).slice(1, -1) : "";
      return json(fields ? `${POLLUTION.slice(0, -1)},${fields}}` : POLLUTION);
    }
    case "query":
      return { ...valid, target: `${valid.target}${valid.target.includes("?") ? "&" : "?"}${replacement.raw}` };
  }
}

/** A short description of a wire request, for a failure message. */
export function describeWire(wire: Wire): string {
  const body = typeof wire.body === "string" ? wire.body : wire.body instanceof FormData ? `form(${[...wire.body.keys()].join(",")})` : "";
  const shown = body.length > 300 ? `${body.slice(0, 300)}… (${body.length} chars)` : body;
  return `${wire.method} ${wire.target.length > 300 ? `${wire.target.slice(0, 300)}…` : wire.target} ${JSON.stringify(wire.headers)} ${JSON.stringify(shown)}`;
}
