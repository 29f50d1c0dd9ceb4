import { lazy, Suspense } from "react";
import { PageLoading } from "#web/components/ui/page-loading.tsx";
import { useT } from "#web/lib/i18n-react.tsx";
import { usePageTitle } from "#web/lib/page-title.ts";

// /new_registration (§ "2. Screens and routes", § "3. Entities and their fields" and § "5. Validation rules"): one form, then the page of the
// new Profile ID (/registered, ADR 0021) or an error dialog.

// The form's code (react-hook-form, the fields, the photo checks) is not
// part of the page's first load (ADR 0031, "the registration page's first
// load"): on the prerendered page React keeps the form's markup as it is
// until that code has arrived and then adopts it, and the form stays inert
// until then. The import starts as soon as this module runs, so the form
// is fetched while the rest of the page hydrates; a failure reaches the
// route's error page through React.lazy, not as an unhandled rejection.
const formModule = import("../components/registration-form.tsx");
formModule.catch(() => undefined);
const RegistrationForm = lazy(async () => ({ default: (await formModule).RegistrationForm }));

export function NewRegistrationRoute() {
  const t = useT();
  usePageTitle(t("title.newRegistration"));
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-4">
      <header>
        <h1 className="text-2xl font-bold text-maroon-800 sm:text-3xl">{t("registration.heading")}</h1>
        <p className="mt-2 text-base text-ink">{t("registration.intro")}</p>
      </header>
      {/* Shown only when the screen is opened from another one before the form's code has arrived. */}
      <Suspense fallback={<PageLoading />}>
        <RegistrationForm />
      </Suspense>
    </div>
  );
}
