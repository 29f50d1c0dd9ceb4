// Where the end-to-end tests' server listens (scripts/e2e-server.mjs):
// port 8799, or E2E_PORT so that two suites can run side by side; and its
// WhatsApp Cloud API stand-in, 2000 above.

export const E2E_PORT = Number(process.env.E2E_PORT ?? 8799);
export const E2E_BASE_URL = `http://localhost:${E2E_PORT}`;
export const E2E_WHATSAPP_URL = `http://127.0.0.1:${E2E_PORT + 2000}`;
/** The phone-number id the server sends from, at the stand-in. */
export const E2E_WHATSAPP_PHONE = "e2e-phone";
