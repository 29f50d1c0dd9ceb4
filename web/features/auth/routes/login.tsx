import { Link } from "react-router";
import { MESSAGES } from "../../../../shared/messages.ts";
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

      {/* On phones the navigation bar is folded into a menu, so the way to
          register stays in sight here (section 2: small screens only). */}
      <section className="card px-5 py-5 text-center md:hidden" aria-labelledby="register-heading">
        <h2 id="register-heading" className="text-lg font-semibold text-ink">
          Not registered yet?
        </h2>
        <Link to="/new_registration" className="btn-outline mt-3 w-full">
          New Registration
        </Link>
      </section>
    </div>
  );
}
