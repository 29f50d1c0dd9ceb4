import { usePageTitle } from "../../../lib/page-title.ts";
import { RegistrationForm } from "../components/registration-form.tsx";

// /new_registration (sections 2, 3 and 5): one form, then the page of the
// new Profile ID (/registered, ADR 0021) or an error dialog.
export function NewRegistrationRoute() {
  usePageTitle("New Registration");
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-4">
      <header>
        <h1 className="text-2xl font-bold text-maroon-800 sm:text-3xl">New Member Registration</h1>
        <p className="mt-2 text-base text-ink">
          Register the bride or groom in a few minutes. Right after, you see the Profile ID and set a password with a code sent to the
          WhatsApp number you give below.
        </p>
      </header>
      <RegistrationForm />
    </div>
  );
}
