// GET /api/users/my_data (ADR 0033): everything the agency stores about the
// member, as JSON (the API's `{ data }`) or, with ?format=html, as a readable
// page to keep or print. Both are files to save, not answers to show, so they
// are fetched here with the session's token and the tab's read-your-writes
// bookmark (as lib/api-client.ts sends them) and handed to the browser.
import { useMutation } from "@tanstack/react-query";
import { ApiError, BOOKMARK_HEADER, BOOKMARK_KEY, DEFAULT_TIMEOUT_MS } from "#web/lib/api-client.ts";
import { getToken } from "#web/lib/session.ts";
import { attachmentName, saveFile } from "../lib/save-file.ts";

export type MyDataFormat = "html" | "json";

function sessionHeaders(format: MyDataFormat): Headers {
  const headers = new Headers({ Accept: format === "html" ? "text/html" : "application/json" });
  const token = getToken();
  if (token) headers.set("Authorization", `Bearer ${token}`);
  try {
    const bookmark = window.sessionStorage.getItem(BOOKMARK_KEY);
    if (bookmark) headers.set(BOOKMARK_HEADER, bookmark);
  } catch {
    // No storage: the server reads the primary, which is only slower.
  }
  return headers;
}

async function failure(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => null);
  const text = typeof body === "object" && body !== null && "error" in body && typeof body.error === "string" ? body.error : null;
  return new ApiError({
    status: response.status,
    code: response.status === 429 ? "TOO_MANY_REQUESTS" : "BAD_RESPONSE",
    error: text ?? `The file could not be prepared (status ${response.status}). Please try again.`,
    fromServer: text !== null,
  });
}

async function fetchMyData(format: MyDataFormat): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(`/api/users/my_data?format=${format}`, {
      headers: sessionHeaders(format),
      signal: AbortSignal.timeout(DEFAULT_TIMEOUT_MS),
      credentials: "same-origin",
    });
  } catch (cause) {
    throw new ApiError({ status: 0, code: "NETWORK_ERROR", error: "Could not reach the server. Please check your internet connection.", cause });
  }
  if (!response.ok) throw await failure(response);
  return response;
}

export async function downloadMyData({ pid, format }: { pid: number; format: MyDataFormat }): Promise<void> {
  const response = await fetchMyData(format);
  if (format === "html") {
    saveFile(await response.blob(), attachmentName(response.headers.get("Content-Disposition")) ?? `my-data-${pid}.html`);
    return;
  }
  const body = (await response.json()) as { data: unknown };
  // The export itself, indented: the member may open it in any text viewer.
  saveFile(new Blob([JSON.stringify(body.data, null, 2)], { type: "application/json" }), `my-data-${pid}.json`);
}

export function useDownloadMyData() {
  return useMutation({ mutationFn: downloadMyData });
}
