import { Link } from "react-router";
import { useT } from "../lib/i18n-react.tsx";

/**
 * On phones the navigation bar is folded into a menu, so the way to register
 * stays in sight below a sign-in form (§ "2. Screens and routes": small screens only).
 */
export function RegisterPrompt() {
  const t = useT();
  return (
    <section className="card px-5 py-5 text-center md:hidden" aria-labelledby="register-heading">
      <h2 id="register-heading" className="text-lg font-semibold text-ink">
        {t("registerPrompt.heading")}
      </h2>
      <Link to="/new_registration" className="btn-outline mt-3 w-full">
        {t("registerPrompt.link")}
      </Link>
    </section>
  );
}
