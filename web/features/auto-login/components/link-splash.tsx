import { useT } from "#web/lib/i18n-react.tsx";
import { usePageTitle } from "#web/lib/page-title.ts";
import { LinkCard, LinkProgress } from "./link-card.tsx";

/**
 * What an auto-login page shows from its first paint, rendered into its HTML
 * at build time (web/app/prerender.tsx): the link's sign-in starts before the
 * application (lib/early-sign-in.ts), which a link to /search or the requests
 * received never loads, so this is all the member sees until that page
 * replaces it. The application, when it comes, renders its own link page in
 * its place (app/start-application.tsx, ADR 0042).
 */
export function LinkSplash() {
  const t = useT();
  usePageTitle(t("title.signingIn"));
  return (
    <LinkCard busy>
      <LinkProgress heading={t("autoLogin.signingIn")}>{t("autoLogin.waitShort")}</LinkProgress>
    </LinkCard>
  );
}
