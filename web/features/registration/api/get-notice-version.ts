// GET /api/privacy (ADR 0033), for its noticeVersion only: when registration
// answers 409 NOTICE_CHANGED, this page's copy of the notice is older than
// the server's, and the acknowledgement must name the version in force.
import { apiRequest } from "#web/lib/api-client.ts";

export async function getNoticeVersion(): Promise<string> {
  return (await apiRequest("GET /privacy", { token: null })).noticeVersion;
}
