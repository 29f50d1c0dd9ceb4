// Types of test-server.mjs (plain Node, imported by scripts), for its unit test.
import type { Server } from "node:http";
import type { MiniflareOptions } from "miniflare";

type RateLimits = Record<string, { simple: { limit: number; period: 10 | 60 } }>;

export function startTestServer(options: { stateDir: string; port: number; vars?: Record<string, string>; quiet?: boolean }): Promise<{ runtimeUrl: URL; dispose(): Promise<void> }>;
export function startKeepAliveFront(port: number, runtimeUrl: URL): Promise<Server>;
export function testServerOptions(options: { scriptPath: string; assetsDir: string; persistRoot: string; vars: Record<string, string>; quiet?: boolean }): MiniflareOptions;
export function relaxedLimits(ratelimits: RateLimits): RateLimits;
export function writeTestEntry(dir: string): string;
export function printRuntimeOutput(stdout: NodeJS.ReadableStream, stderr: NodeJS.ReadableStream): void;
