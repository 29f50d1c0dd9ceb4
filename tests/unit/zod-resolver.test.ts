import { afterEach, describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { SIGN_IN_MESSAGES, signInSchema } from "#shared/schemas/sign-in.ts";
import { te } from "#shared/i18n/te.ts";
import { activateLanguage } from "#web/lib/i18n.ts";
import { schemaMessage } from "#web/lib/schema-message.ts";
import { lazyZodMiniResolver, zodMiniResolver } from "#web/lib/zod-resolver.ts";

// The forms' resolver (web/lib/zod-resolver.ts): the shared schema's messages
// per field, through the schema's Standard Schema interface; the lazy one
// loads its schema on the first validation only (ADR 0031).

interface Values {
  pid: string;
  password: string;
}

const toPayload = (values: Values) => ({ pid: values.pid === "" ? undefined : Number(values.pid), password: values.password });
const options = { fields: {}, shouldUseNativeValidation: false } as const;

describe("zodMiniResolver", () => {
  it("gives the payload the schema parsed", async () => {
    const resolve = zodMiniResolver<Values, typeof signInSchema>(signInSchema, toPayload);
    expect(await resolve({ pid: "10123", password: "secret" }, undefined, options)).toEqual({ values: { pid: 10123, password: "secret" }, errors: {} });
  });

  it("gives the first message of each field, by its path", async () => {
    const nested = z.object({ parent: z.object({ name: z.string().check(z.minLength(2, "Too short"), z.maxLength(1, "Too long")) }) });
    const resolve = zodMiniResolver<{ name: string }, typeof nested>(nested, (values) => ({ parent: { name: values.name } }));
    const result = await resolve({ name: "" }, undefined, options);
    expect(result.values).toEqual({});
    expect(result.errors).toEqual({ parent: { name: { type: "validation", message: "Too short" } } });
  });
});

describe("lazyZodMiniResolver", () => {
  it("loads the schema when it first validates, not before", async () => {
    let loads = 0;
    const resolve = lazyZodMiniResolver<Values, typeof signInSchema>(() => {
      loads += 1;
      return Promise.resolve(signInSchema);
    }, toPayload);
    expect(loads).toBe(0);
    const result = await resolve({ pid: "", password: "" }, undefined, options);
    expect(loads).toBe(1);
    expect(result.errors).toEqual({
      pid: { type: "validation", message: SIGN_IN_MESSAGES.pid },
      password: { type: "validation", message: SIGN_IN_MESSAGES.password },
    });
  });
});

describe("the messages in the active language (ADR 0040)", () => {
  afterEach(() => activateLanguage("en"));

  it("keeps the schema's own text, worded in the language active when it is shown, so a switch mid-form re-words it", async () => {
    const resolve = zodMiniResolver<Values, typeof signInSchema>(signInSchema, toPayload);
    await activateLanguage("te");
    const { errors } = await resolve({ pid: "", password: "" }, undefined, options);
    expect(errors).toEqual({
      pid: { type: "validation", message: SIGN_IN_MESSAGES.pid },
      password: { type: "validation", message: SIGN_IN_MESSAGES.password },
    });
    expect(schemaMessage(SIGN_IN_MESSAGES.pid)).toBe(te["validation.profileIdRequired"]);
    expect(schemaMessage(SIGN_IN_MESSAGES.password)).toBe(te["validation.passwordRequired"]);
    await activateLanguage("en");
    expect(schemaMessage(SIGN_IN_MESSAGES.pid)).toBe(SIGN_IN_MESSAGES.pid);
    // A server's answer, already in the member's words, is shown as it came.
    expect(schemaMessage("ఈ ప్రొఫైల్ ఐడీ లేదు")).toBe("ఈ ప్రొఫైల్ ఐడీ లేదు");
  });
});
