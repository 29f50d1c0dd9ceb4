// POST /api/users/data_requests (ADR 0033): a signed-in member asks the
// agency to correct or erase their data, or files a grievance. The answer
// says when the agency must have answered.
import { useMutation } from "@tanstack/react-query";
import type { DataRequestKind } from "#shared/api-types.ts";
import { apiRequest } from "#web/lib/api-client.ts";

export function sendDataRequest(body: { kind: DataRequestKind; details: string }) {
  return apiRequest("POST /users/data_requests", { json: body });
}

export function useSendDataRequest() {
  return useMutation({ mutationFn: sendDataRequest });
}
