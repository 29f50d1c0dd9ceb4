// POST /api/admin/templates: a new template with its messages, in order.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TemplateInput } from "#shared/schemas/admin.ts";
import { adminRequest } from "../lib/admin-request.ts";
import { templatesQueryKey } from "./get-templates.ts";

export function createTemplate(body: TemplateInput) {
  return adminRequest("POST /admin/templates", { json: body });
}

export function useCreateTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTemplate,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: templatesQueryKey }),
  });
}
