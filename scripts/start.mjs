// `npm start`: everything from a fresh clone to the app with demo data at
// http://localhost:8787.
import { ensureDependencies, ensureDevVars, log, migrateLocal, run, runForever, waitForHealth } from "./lib/setup.mjs";

const PORT = 8787;

ensureDependencies();
ensureDevVars();
log("Building the web app");
run("npx", ["vite", "build", "--logLevel", "warn"]);
log("Applying database migrations to the local D1");
migrateLocal();
log("Seeding demo data (only when the database is empty)");
run("npx", ["tsx", "scripts/seed.ts", "--if-empty"]);
log("Starting the Worker");
runForever("npx", ["wrangler", "dev", "--port", String(PORT), "--ip", "127.0.0.1"]);
await waitForHealth(`http://localhost:${PORT}`);
log(`Ready: open http://localhost:${PORT} and sign in with a demo login above (npm run demo:logins prints them again). Ctrl+C stops.`);
