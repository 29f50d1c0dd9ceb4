// POST /api/admin/staff: a new staff or owner account. The server makes the
// password; this answer is the only place it is ever shown.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { NewStaff } from "#shared/schemas/staff.ts";
import { adminRequest } from "../lib/admin-request.ts";
import { staffQueryKey } from "./get-staff.ts";

export function addStaff(body: NewStaff) {
  return adminRequest("POST /admin/staff", { json: body });
}

export function useAddStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addStaff,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: staffQueryKey }),
  });
}
