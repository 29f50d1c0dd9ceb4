/**
 * GET and HEAD: requests that change nothing and carry no body, so a D1
 * replica may answer them (ADR 0032) and nothing a member remembered needs
 * forgetting after them (ADR 0029).
 */
export function isReadRequest(method: string): boolean {
  return method === "GET" || method === "HEAD";
}
