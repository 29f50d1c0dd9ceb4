// POST /api/admin/sign_in: staff accounts are not members (ADR 0018); the
// token goes to the console's own session.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type * as z from "zod/mini";
import type { staffSignInSchema } from "#shared/schemas/staff.ts";
import { adminQueryKey, adminRequest } from "../lib/admin-request.ts";
import { saveStaffSession } from "../lib/staff-session.ts";

export type StaffSignInBody = z.output<typeof staffSignInSchema>;

export function staffSignIn(body: StaffSignInBody) {
  return adminRequest("POST /admin/sign_in", { json: body });
}

export function useStaffSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: staffSignIn,
    onSuccess: (result) => {
      // Another staff member may have used this desk: none of their data stays.
      queryClient.removeQueries({ queryKey: adminQueryKey });
      saveStaffSession(result.token, result.staff);
    },
  });
}
