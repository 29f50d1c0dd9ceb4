import { describe, expectTypeOf, it } from "vitest";
import type * as z from "zod/mini";
import type * as admin from "#shared/admin-types.ts";
import type { AshtakootaScore } from "#shared/astro/ashtakoota.ts";
import type * as contract from "#shared/contract/admin.ts";
import type { profileLimitsSchema } from "#shared/contract/membership.ts";
import type { ashtakootaScoreSchema } from "#shared/contract/profiles.ts";
import type { ProfileLimits } from "#shared/membership.ts";

// Types written by hand elsewhere in shared/ must be exactly what the
// contract's schemas describe (ADR 0035): tsc checks these lines, so a field
// added to one and not the other fails `npx tsc -b`. The runtime assertions
// are vitest's no-ops; the test file only has to compile.

type Of<S extends z.ZodMiniType> = z.infer<S>;

describe("hand-written types equal the contract's schemas", () => {
  it("membership and matching points", () => {
    expectTypeOf<ProfileLimits>().toEqualTypeOf<Of<typeof profileLimitsSchema>>();
    // An intersection (Record<KootaKey, number> & {...}) and its flat object are the same shape both ways.
    expectTypeOf<AshtakootaScore>().toExtend<Of<typeof ashtakootaScoreSchema>>();
    expectTypeOf<Of<typeof ashtakootaScoreSchema>>().toExtend<AshtakootaScore>();
  });

  it("the agency console's answers", () => {
    expectTypeOf<admin.StaffUser>().toEqualTypeOf<Of<typeof contract.staffUserSchema>>();
    expectTypeOf<admin.StaffAccount>().toEqualTypeOf<Of<typeof contract.staffAccountSchema>>();
    expectTypeOf<admin.StaffPassword>().toEqualTypeOf<Of<typeof contract.staffPasswordSchema>>();
    expectTypeOf<admin.StaffSignInResult>().toEqualTypeOf<Of<typeof contract.staffSignInResultSchema>>();
    expectTypeOf<admin.AdminMemberRow>().toEqualTypeOf<Of<typeof contract.adminMemberRowSchema>>();
    expectTypeOf<admin.AdminInterest>().toEqualTypeOf<Of<typeof contract.adminInterestSchema>>();
    expectTypeOf<admin.AdminMember>().toEqualTypeOf<Of<typeof contract.adminMemberSchema>>();
    expectTypeOf<admin.AdminLink>().toEqualTypeOf<Of<typeof contract.adminLinkSchema>>();
    expectTypeOf<admin.IssuedLink>().toEqualTypeOf<Of<typeof contract.issuedLinkSchema>>();
    expectTypeOf<admin.AdminOutboxMessage>().toEqualTypeOf<Of<typeof contract.adminOutboxMessageSchema>>();
    expectTypeOf<admin.OutboxSummary>().toEqualTypeOf<Of<typeof contract.outboxSummarySchema>>();
    expectTypeOf<admin.InboundMessage>().toEqualTypeOf<Of<typeof contract.inboundMessageSchema>>();
    expectTypeOf<admin.CodeDelivery>().toEqualTypeOf<Of<typeof contract.codeDeliverySchema>>();
    expectTypeOf<admin.AdminRecommendation>().toEqualTypeOf<Of<typeof contract.adminRecommendationSchema>>();
    expectTypeOf<admin.AuditEntry>().toEqualTypeOf<Of<typeof contract.auditEntrySchema>>();
    expectTypeOf<admin.AdminTemplate>().toEqualTypeOf<Of<typeof contract.adminTemplateSchema>>();
    expectTypeOf<admin.AdminPublicList>().toEqualTypeOf<Of<typeof contract.adminPublicListSchema>>();
    expectTypeOf<admin.Paged<admin.AuditEntry>>().toEqualTypeOf<Of<ReturnType<typeof contract.pagedSchema<typeof contract.auditEntrySchema>>>>();
  });
});
