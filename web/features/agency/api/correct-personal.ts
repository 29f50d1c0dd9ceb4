// PUT /api/admin/members/{pid}/personal: staff correct the Personal part,
// birth date, birth time and height included (ADR 0022); multipart, with an
// optional new photo. The answer is the member whole.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AdminMember } from "#shared/admin-types.ts";
import { DELAYS } from "#shared/constants.ts";
import { adminRequest } from "../lib/admin-request.ts";
import { storeMember } from "./get-member.ts";

export function correctPersonal(pid: number, formData: FormData): Promise<AdminMember> {
  // A photo upload on a slow connection takes as long as the member's own edit may.
  return adminRequest("PUT /admin/members/:pid/personal", { params: { pid }, formData, timeoutMs: DELAYS.editSaveTimeout });
}

export function useCorrectPersonal(pid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (formData: FormData) => correctPersonal(pid, formData),
    onSuccess: (member) => storeMember(queryClient, member),
  });
}
