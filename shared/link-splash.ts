// Apart from shared/page-placeholders.ts, which web/main.tsx imports: a
// module the application's chunk and main.tsx both import is built into that
// chunk, and every page would then fetch the application before its first
// paint (vite.config.ts, codeSplitting).

/**
 * The attribute of an auto-login page's #root while it holds the page's first
 * paint (web/features/auto-login/components/link-splash.tsx), which the
 * application replaces instead of adopting (web/app/start-application.tsx).
 */
export const LINK_SPLASH_ATTRIBUTE = "data-link-splash";
