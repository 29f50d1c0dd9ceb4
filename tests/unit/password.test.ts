import { describe, expect, it } from "vitest";
import { PBKDF2_ITERATIONS, constantTimeEqual, generatePassword, hashPassword, verifyPassword } from "#worker/lib/password.ts";

describe("password hashing", () => {
  it("verifies the right password and refuses a wrong one or another pepper", async () => {
    const stored = await hashPassword("Kx7pQ2mz", "pepper-pepper-pepper");
    expect(stored.startsWith(`pbkdf2-sha256$${PBKDF2_ITERATIONS}$`)).toBe(true);
    expect(await verifyPassword("Kx7pQ2mz", stored, "pepper-pepper-pepper")).toBe(true);
    expect(await verifyPassword("Kx7pQ2mZ", stored, "pepper-pepper-pepper")).toBe(false);
    expect(await verifyPassword("Kx7pQ2mz", stored, "another-pepper-value")).toBe(false);
  });

  it("salts each hash", async () => {
    expect(await hashPassword("same", "pepper")).not.toBe(await hashPassword("same", "pepper"));
  });

  it("never matches a malformed or over-expensive stored hash", async () => {
    for (const stored of ["", "plain", "md5$1$a$b", `pbkdf2-sha256$${PBKDF2_ITERATIONS * 10}$AAAA$AAAA`, "pbkdf2-sha256$0$AAAA$AAAA"]) {
      expect(await verifyPassword("x", stored, "pepper")).toBe(false);
    }
  });

  it("generates 8-character passwords without look-alike characters", () => {
    for (let i = 0; i < 200; i++) expect(generatePassword()).toMatch(/^[a-km-np-zA-HJ-NP-Z2-9]{8}$/);
  });

  it("compares bytes in constant time, lengths included", () => {
    expect(constantTimeEqual(new Uint8Array([1, 2]), new Uint8Array([1, 2]))).toBe(true);
    expect(constantTimeEqual(new Uint8Array([1, 2]), new Uint8Array([1, 3]))).toBe(false);
    expect(constantTimeEqual(new Uint8Array([1, 2]), new Uint8Array([1, 2, 0]))).toBe(false);
  });
});
