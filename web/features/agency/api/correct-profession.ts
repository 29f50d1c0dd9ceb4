// PUT /api/admin/members/{pid}/profession: the member's Profession part, as
// the member's own save takes it (professionalDataSchema, ADR 0022).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ProfessionalData } from "#shared/schemas/profile-edit.ts";
import { adminRequest } from "../lib/admin-request.ts";
import { storeMember } from "./get-member.ts";

export function correctProfession(pid: number, body: ProfessionalData) {
  return adminRequest("PUT /admin/members/:pid/profession", { params: { pid }, json: body });
}

export function useCorrectProfession(pid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfessionalData) => correctProfession(pid, body),
    onSuccess: (member) => storeMember(queryClient, member),
  });
}
