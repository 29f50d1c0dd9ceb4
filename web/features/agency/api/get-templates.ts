// GET /api/admin/templates: the public pages' templates and their messages.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { adminQueryKey, adminRequest } from "../lib/admin-request.ts";

export const templatesQueryKey = [...adminQueryKey, "templates"] as const;

export function getTemplates(signal?: AbortSignal) {
  return adminRequest("GET /admin/templates", { signal });
}

export function templatesQueryOptions() {
  return queryOptions({ queryKey: templatesQueryKey, queryFn: ({ signal }) => getTemplates(signal) });
}

export function useTemplates() {
  return useQuery(templatesQueryOptions());
}
