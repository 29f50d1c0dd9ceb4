import { Link } from "react-router";

/**
 * On phones the navigation bar is folded into a menu, so the way to register
 * stays in sight below a sign-in form (section 2: small screens only).
 */
export function RegisterPrompt() {
  return (
    <section className="card px-5 py-5 text-center md:hidden" aria-labelledby="register-heading">
      <h2 id="register-heading" className="text-lg font-semibold text-ink">
        Not registered yet?
      </h2>
      <Link to="/new_registration" className="btn-outline mt-3 w-full">
        New Registration
      </Link>
    </section>
  );
}
