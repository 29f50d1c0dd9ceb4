import { describe, expect, it } from "vitest";
import englishCatalogue from "#shared/i18n/compiled/en.json";
import { readMessageRef } from "#shared/i18n/message-ref.ts";
import { te } from "#shared/i18n/te.ts";
import { DELETE_PROFILE_MESSAGES } from "#shared/schemas/delete-profile.ts";
import { PASSWORD_MESSAGES } from "#shared/schemas/password.ts";
import { FORMAT, NAME_FORMAT, REQUIRED } from "#shared/schemas/profile-fields.ts";
import { DATE_MESSAGE } from "#shared/schemas/public-page.ts";
import { NOTICE_REQUIRED, PHOTO_MESSAGES } from "#shared/schemas/registration.ts";
import { SIBLING_MESSAGES } from "#shared/schemas/sibling.ts";
import { SIGN_IN_MESSAGES } from "#shared/schemas/sign-in.ts";

// The shared schemas speak English, word for word what the specification
// says; the catalogue has each of their messages under a "validation." id,
// so the Worker and the forms write them in Telugu too (ADR 0040).

const SCHEMA_MESSAGES: string[] = [
  ...Object.values(REQUIRED),
  ...Object.values(FORMAT).flatMap((text) => (typeof text === "string" ? [text] : [])),
  FORMAT.tooLong(60),
  ...Object.values(NAME_FORMAT),
  ...Object.values(PHOTO_MESSAGES),
  NOTICE_REQUIRED,
  ...Object.values(PASSWORD_MESSAGES),
  ...Object.values(SIGN_IN_MESSAGES),
  ...Object.values(SIBLING_MESSAGES),
  ...Object.values(DELETE_PROFILE_MESSAGES),
  DATE_MESSAGE,
];

describe("the schemas' messages", () => {
  it("are all in the catalogue's validation section", () => {
    expect(SCHEMA_MESSAGES.filter((text) => readMessageRef(text, englishCatalogue)?.id.startsWith("validation.") !== true)).toEqual([]);
  });

  it("are found with the values the schema filled in", () => {
    expect(readMessageRef(FORMAT.tooLong(60), englishCatalogue)).toEqual({ id: "validation.tooLong", values: { max: "60" } });
    expect(readMessageRef(PASSWORD_MESSAGES.tooShort, englishCatalogue)).toEqual({ id: "validation.passwordTooShort", values: { min: "8" } });
    expect(readMessageRef(NAME_FORMAT.shape, englishCatalogue)).toEqual({ id: "validation.nameShape", values: {} });
  });

  it("leave a text the catalogue does not have as it is (the console's, which stays English)", () => {
    expect(readMessageRef("page must be a whole number", englishCatalogue)).toBeNull();
    expect(readMessageRef("server.notFound", englishCatalogue)).toBeNull();
  });

  it("have Telugu in the Telugu catalogue", () => {
    const ids = SCHEMA_MESSAGES.map((text) => readMessageRef(text, englishCatalogue)?.id).filter((id) => id !== undefined);
    expect(ids.filter((id) => !/[\u0C00-\u0C7F]/.test(te[id]))).toEqual([]);
  });
});
