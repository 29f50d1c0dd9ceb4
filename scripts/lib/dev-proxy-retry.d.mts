// Types of dev-proxy-retry.mjs (plain Node, run before dependencies exist), for its unit test.
import type { Server } from "node:http";

export function startRetryingProxy(port: number | string, target: string): Server;
