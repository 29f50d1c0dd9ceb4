// PUT /api/admin/members/{pid}/education: the member's Education part, as
// the member's own save takes it (educationDataSchema, ADR 0022).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { EducationData } from "#shared/schemas/profile-edit.ts";
import { adminRequest } from "../lib/admin-request.ts";
import { storeMember } from "./get-member.ts";

export function correctEducation(pid: number, body: EducationData) {
  return adminRequest("PUT /admin/members/:pid/education", { params: { pid }, json: body });
}

export function useCorrectEducation(pid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EducationData) => correctEducation(pid, body),
    onSuccess: (member) => storeMember(queryClient, member),
  });
}
