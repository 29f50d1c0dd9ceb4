// PUT /api/admin/templates/{id}: the template's name and messages, replaced
// as a whole so that their order is what staff see.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TemplateInput } from "#shared/schemas/admin.ts";
import { adminRequest } from "../lib/admin-request.ts";
import { templatesQueryKey } from "./get-templates.ts";

export function updateTemplate(id: number, body: TemplateInput) {
  return adminRequest("PUT /admin/templates/:id", { params: { id }, json: body });
}

export function useUpdateTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: TemplateInput }) => updateTemplate(id, body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: templatesQueryKey }),
  });
}
