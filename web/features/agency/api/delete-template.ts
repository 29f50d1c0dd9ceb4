// DELETE /api/admin/templates/{id}.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { adminRequest } from "../lib/admin-request.ts";
import { templatesQueryKey } from "./get-templates.ts";

export function deleteTemplate(id: number) {
  return adminRequest("DELETE /admin/templates/:id", { params: { id } });
}

export function useDeleteTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTemplate,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: templatesQueryKey }),
  });
}
