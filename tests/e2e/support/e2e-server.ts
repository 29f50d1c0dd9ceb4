// Where the end-to-end tests' server listens (scripts/e2e-server.mjs):
// port 8799, or E2E_PORT so that two suites can run side by side.

export const E2E_PORT = Number(process.env.E2E_PORT ?? 8799);
export const E2E_BASE_URL = `http://localhost:${E2E_PORT}`;
