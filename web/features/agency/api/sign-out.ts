// POST /api/admin/sign_out: ends the staff session on the server.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { adminQueryKey, adminRequest } from "../lib/admin-request.ts";
import { clearStaffSession } from "../lib/staff-session.ts";

export function staffSignOut() {
  return adminRequest("POST /admin/sign_out", { timeoutMs: 10_000 });
}

export function useStaffSignOut(onDone: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: staffSignOut,
    // Signing out works offline too: the desk is cleared even when the
    // server cannot be told.
    onSettled: () => {
      clearStaffSession();
      queryClient.removeQueries({ queryKey: adminQueryKey });
      onDone();
    },
  });
}
