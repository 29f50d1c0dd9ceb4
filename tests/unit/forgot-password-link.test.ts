import { describe, expect, it } from "vitest";
import { forgotPasswordHref } from "#web/lib/forgot-password-link.ts";

// "Forgot password?" on /login and on the request page (ADR 0021): the
// Profile ID the member has just typed goes with it, so /forgot_password
// starts with it filled in.

describe("the Forgot password link", () => {
  it("carries the Profile ID typed, once it is one", () => {
    expect(forgotPasswordHref("/forgot_password", "10001")).toBe("/forgot_password?pid=10001");
    expect(forgotPasswordHref("/forgot_password", " 10001 ")).toBe("/forgot_password?pid=10001");
  });

  it("keeps what the link already carries (back to the request)", () => {
    expect(forgotPasswordHref("/forgot_password?next=%2Frequest%3Fq%3Dabc", "10001")).toBe("/forgot_password?next=%2Frequest%3Fq%3Dabc&pid=10001");
  });

  it("stays as it is while the field is empty or holds no Profile ID", () => {
    for (const typed of ["", undefined, "abc", "0", "12a", "-5", "99999999999", "2147483648"]) {
      expect(forgotPasswordHref("/forgot_password", typed)).toBe("/forgot_password");
    }
  });
});
