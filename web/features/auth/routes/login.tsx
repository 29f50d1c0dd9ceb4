import { MESSAGES } from "../../../../shared/messages.ts";
import { RegisterPrompt } from "../../../components/register-prompt.tsx";
import { Alert } from "../../../components/ui/alert.tsx";
import { usePageTitle } from "../../../lib/page-title.ts";
import { LoginForm } from "../components/login-form.tsx";

// /login (section 2).
export function LoginRoute() {
  usePageTitle("Login");
  return (
    <div className="mx-auto flex max-w-md flex-col gap-5">
      <section className="card px-5 py-6 sm:px-8 sm:py-8" aria-labelledby="login-heading">
        <h1 id="login-heading" className="text-2xl font-bold text-maroon-800">
          Login
        </h1>
        <Alert tone="info" className="mb-5 mt-3">
          {MESSAGES.loginWhatsappNote}
        </Alert>
        <LoginForm />
      </section>

      <RegisterPrompt />
    </div>
  );
}
