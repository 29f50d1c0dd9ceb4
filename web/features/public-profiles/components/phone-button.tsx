import { useState } from "react";
import { Link, useNavigate } from "react-router";
import type { PublicCard } from "#shared/api-types.ts";
import { requestPath } from "#shared/links.ts";
import { PhoneNumber } from "#web/components/phone-number.tsx";
import { Dialog } from "#web/components/ui/dialog.tsx";
import { useCurrentUser } from "#web/lib/auth.ts";
import { useT } from "#web/lib/i18n-react.tsx";

// The phone button of a public card (§ "6. Roles and permissions", "Phone button on public
// cards"), by the profile's publicProfile setting:
// - PUBLIC (free to public): the phone is shown directly; the server sends it
//   for these profiles only.
// - MEMBERS (members only): the button leads to the request page, where a
//   member asks for the number with Profile ID and password.
// - PAID (paid members only): login is needed, after which the member lands
//   on this profile's search by ID; a signed-in member with an active paid
//   membership goes there directly, where the membership rules of the
//   profile card apply; any other member is first told "Profile visible to
//   paid members only" (ADR 0017).

export function PhoneButton({ card, signedIn }: { card: PublicCard; signedIn: boolean }) {
  const t = useT();
  if (card.publicProfile === "PUBLIC" && card.phone) return <PhoneNumber phone={card.phone} />;
  if (card.publicProfile === "MEMBERS") {
    return (
      <Link to={requestPath(card.pid)} className="btn-primary">
        {t("public.requestPhone")}
      </Link>
    );
  }
  if (card.publicProfile === "PAID" && signedIn) return <PaidOnlyButton pid={card.pid} />;
  // PAID for a visitor, and a PUBLIC profile without a number on record:
  // signed in, the member lands on this profile.
  return (
    // After the sign-in /login opens this profile's search by ID (its `profile` query, login-form.tsx).
    <Link to={`/login?profile=${card.pid}`} className="btn-primary">
      {t("public.loginForPhone")}
    </Link>
  );
}

function PaidOnlyButton({ pid }: { pid: number }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const currentUser = useCurrentUser();
  const toSearchById = () => navigate(`/search_id?pid=${pid}`);
  if (currentUser.data?.membership.active) {
    return (
      <Link to={`/search_id?pid=${pid}`} className="btn-primary">
        {t("public.seePhone")}
      </Link>
    );
  }
  return (
    <>
      <button type="button" className="btn-primary" onClick={() => setOpen(true)}>
        {t("public.seePhone")}
      </button>
      {/* An alert: however it is closed, the member goes on to search by ID. */}
      <Dialog
        open={open}
        title={t("public.paidTitle")}
        onDismiss={toSearchById}
        actions={
          <button type="button" className="btn-primary" onClick={toSearchById}>
            {t("public.ok")}
          </button>
        }
      >
        <p className="m-0">{t("public.paidOnly")}</p>
      </Dialog>
    </>
  );
}
