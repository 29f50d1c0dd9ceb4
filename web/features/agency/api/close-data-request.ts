// POST /api/admin/data_requests/{id}/close (ADR 0033): what was done, in
// words the member could be told.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { adminRequest } from "../lib/admin-request.ts";
import { dataRequestsQueryKey } from "./get-data-requests.ts";

export function closeDataRequest(id: number, outcome: string) {
  return adminRequest("POST /admin/data_requests/:id/close", { params: { id }, json: { outcome } });
}

export function useCloseDataRequest(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (outcome: string) => closeDataRequest(id, outcome),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dataRequestsQueryKey }),
  });
}
