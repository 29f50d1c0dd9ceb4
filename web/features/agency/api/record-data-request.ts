// POST /api/admin/data_requests (ADR 0033): a request that came by phone or
// letter, recorded by staff with the day it came in.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type * as z from "zod/mini";
import type { staffDataRequestSchema } from "#shared/schemas/privacy.ts";
import { adminRequest } from "../lib/admin-request.ts";
import { dataRequestsQueryKey } from "./get-data-requests.ts";

export type StaffDataRequestBody = z.output<typeof staffDataRequestSchema>;

export function recordDataRequest(body: StaffDataRequestBody) {
  return adminRequest("POST /admin/data_requests", { json: body });
}

export function useRecordDataRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordDataRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dataRequestsQueryKey }),
  });
}
