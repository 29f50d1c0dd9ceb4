import { Link } from "react-router";
import { useT } from "#web/lib/i18n-react.tsx";

// The way on for a visitor who came by a shared link: the cards' phone
// numbers and the rest of the profiles are for members.

export function JoinSection() {
  const t = useT();
  return (
    <section aria-labelledby="public-join" className="card px-5 py-5 text-center sm:px-8">
      <h2 id="public-join" className="m-0 text-xl font-bold text-maroon-800">
        {t("public.joinHeading")}
      </h2>
      <p className="m-0 mt-2 text-base text-ink">{t("public.joinText")}</p>
      <div className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2">
        <Link to="/new_registration" className="btn-outline">
          {t("public.joinRegister")}
        </Link>
        <Link to="/login" className="btn-primary">
          {t("public.joinLogin")}
        </Link>
      </div>
    </section>
  );
}
