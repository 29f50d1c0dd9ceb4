// The application, started by main.tsx once the page has been painted. Its
// code is the `app` chunk (vite.config.ts); this module, the one that waits,
// stays out of it: a top-level await there would wait for a screen's code,
// which imports that chunk, while the screen's code waits for the chunk.
import { startApplication } from "./start-application.tsx";

await startApplication();
