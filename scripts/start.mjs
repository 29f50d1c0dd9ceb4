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
// React as `wrangler deploy` bundles it: wrangler dev would bundle React's
// development build, with which the pages the Worker renders (/link, a
// signed-in /search: ADR 0031, 0041) took 0.25–0.9 s instead of 10–20 ms.
// `npm run dev` keeps the development build and its warnings.
runForever("npx", ["wrangler", "dev", "--port", String(PORT), "--ip", "127.0.0.1", "--define", 'process.env.NODE_ENV:"production"']);
await waitForHealth(`http://localhost:${PORT}`);
log(`Ready: open http://localhost:${PORT} and sign in with a demo login above (npm run demo:logins prints them again). Ctrl+C stops.`);
