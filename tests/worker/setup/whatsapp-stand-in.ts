// Starts the Cloud API stand-in (tests/support) for the worker tests; its URL
// reaches them through vitest's provide/inject.

import type { TestProject } from "vitest/node";
import { startCloudApiStandIn } from "#tests/support/whatsapp-cloud-api-stand-in.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    whatsappStandInUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const standIn = await startCloudApiStandIn();
  project.provide("whatsappStandInUrl", standIn.url);
  return () => standIn.close();
}
