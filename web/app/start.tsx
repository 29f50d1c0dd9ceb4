import "@unocss/reset/tailwind.css";
// Only the weights and scripts the screens use; unicode-range makes the
// browser fetch the Telugu file only on pages that show Telugu text.
import "@fontsource/noto-sans/latin-400.css";
import "@fontsource/noto-sans/latin-600.css";
import "@fontsource/noto-sans/latin-700.css";
import "@fontsource/noto-sans-telugu/telugu-400.css";
import "@fontsource/noto-sans-telugu/telugu-600.css";
import "virtual:uno.css";

import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router/dom";
import { AppProviders } from "./app/providers.tsx";
import { createRouter } from "./app/router.tsx";
import { installGlobalErrorReporting, reportClientError } from "./lib/report-error.ts";

// Section 1: error reporting starts with the application.
installGlobalErrorReporting();

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");

const router = createRouter();

createRoot(container, {
  // Caught by a route's error element: report with the component stack,
  // which only React knows; the error page skips errors already reported.
  onCaughtError: (error, info) => {
    reportClientError(error, info.componentStack);
    if (import.meta.env.DEV) console.error(error);
  },
  onUncaughtError: (error, info) => {
    reportClientError(error, info.componentStack);
    console.error(error);
  },
}).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
