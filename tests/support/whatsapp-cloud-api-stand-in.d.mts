// Types of the Cloud API stand-in (whatsapp-cloud-api-stand-in.mjs), plain
// JavaScript so that the end-to-end server, a Node script, runs it as well.

export interface CloudApiStandIn {
  url: string;
  close(): Promise<void>;
}

export function startCloudApiStandIn(options?: { port?: number; host?: string }): Promise<CloudApiStandIn>;

/** A request the stand-in received at /messages. */
export interface ReceivedRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
}

export type StandInMode =
  /** Answer like the Cloud API's success, after `delayMs`. */
  | { kind: "ok"; delayMs?: number }
  /** Answer with a Cloud API error body and this HTTP status. */
  | { kind: "error"; status: number; code: number; message: string; details?: string }
  /** Never answer (for the timeout). */
  | { kind: "hang" };

/** A webhook body the stand-in would have pushed, and its signature header. */
export interface StandInWebhook {
  body: string;
  signature: string;
}
