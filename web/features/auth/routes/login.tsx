import { RegisterPrompt } from "#web/components/register-prompt.tsx";
import { Alert } from "#web/components/ui/alert.tsx";
import { useT } from "#web/lib/i18n-react.tsx";
import { usePageTitle } from "#web/lib/page-title.ts";
import { LoginForm } from "../components/login-form.tsx";

// /login (§ "2. Screens and routes").
export function LoginRoute() {
  const t = useT();
  usePageTitle(t("title.login"));
  return (
    <div className="mx-auto flex max-w-md flex-col gap-5">
      <section className="card px-5 py-6 sm:px-8 sm:py-8" aria-labelledby="login-heading">
        <h1 id="login-heading" className="text-2xl font-bold text-maroon-800">
          {t("login.heading")}
        </h1>
        <Alert tone="info" className="mb-5 mt-3">
          {t("login.whatsappNote")}
        </Alert>
        <LoginForm />
      </section>

      <RegisterPrompt />
    </div>
  );
}
