import * as z from "zod/mini";
import { PROFILE_TYPES } from "../constants.ts";

// What several answers carry about a member's membership and one-time codes
// (shared/membership.ts, ADR 0021).

export const profileLimitsSchema = z.object({
  profileType: z.enum(PROFILE_TYPES),
  profilesCount: z.number(),
  total: z.number(),
  lastViewDate: z.nullable(z.string()).check(z.describe("ISO date (yyyy-MM-dd) the membership runs to, or null.")),
});

export const membershipStateSchema = z.object({ paid: z.boolean(), active: z.boolean(), balance: z.number() });

/** A one-time code on its way: the same answer whether or not a code was really sent (ADR 0021). */
export const codeSentSchema = z.object({
  byAgency: z.boolean().check(z.describe("No Cloud API: the agency sends the code from its own WhatsApp, which may take hours.")),
  validMinutes: z.number().check(z.describe("How long the code works once made.")),
});
