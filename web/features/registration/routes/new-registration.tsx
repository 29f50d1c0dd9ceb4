import { useT } from "#web/lib/i18n-react.tsx";
import { usePageTitle } from "#web/lib/page-title.ts";
import { RegistrationForm } from "../components/registration-form.tsx";

// /new_registration (§ "2. Screens and routes", § "3. Entities and their fields" and § "5. Validation rules"): one form, then the page of the
// new Profile ID (/registered, ADR 0021) or an error dialog.
export function NewRegistrationRoute() {
  const t = useT();
  usePageTitle(t("title.newRegistration"));
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-4">
      <header>
        <h1 className="text-2xl font-bold text-maroon-800 sm:text-3xl">{t("registration.heading")}</h1>
        <p className="mt-2 text-base text-ink">{t("registration.intro")}</p>
      </header>
      <RegistrationForm />
    </div>
  );
}
