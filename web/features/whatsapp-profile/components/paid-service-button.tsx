import { useState, type ReactNode } from "react";
import { Link } from "react-router";
import type { CurrentUser, ProfileCard } from "#shared/api-types.ts";
import { MAIN_ACTION_IDS, mainAction } from "#web/components/profile-card/main-action.ts";
import { Dialog } from "#web/components/ui/dialog.tsx";
import { agency } from "#web/lib/agency.ts";
import { Message, useT } from "#web/lib/i18n-react.tsx";
import { dialable } from "#shared/phone.ts";
import { paidServiceText } from "../lib/paid-service-text.ts";

// The main button of the WhatsApp profile page (§ "4. States and transitions"): "Paid Website
// Service / See Photo & Phone Number". It explains the paid service for this
// member and this profile, with the agency's phone, and leads to the profile
// where the member can act (send interest, or confirm the view).

export function PaidServiceButton({ card, user }: { card: ProfileCard; user: CurrentUser }) {
  const [open, setOpen] = useState(false);
  const t = useT();
  const contact = agency();
  // Called in render so that the text follows a language switch.
  const { text, next, upsell } = paidServiceText(user, card, contact);
  const close = () => setOpen(false);

  return (
    <>
      <button type="button" className="btn-primary w-full text-center" onClick={() => setOpen(true)}>
        {t(MAIN_ACTION_IDS[mainAction(card, user.membership, "whatsappProfile")])}
      </button>
      <Dialog
        open={open}
        title={t("whatsappProfile.paidService")}
        onDismiss={close}
        actions={
          <>
            {/* Calling the agency is the way forward only when the membership is what is missing. */}
            {upsell && contact.phone ? (
              <a href={`tel:${dialable(contact.phone)}`} className="btn-outline whitespace-nowrap">
                {t("whatsappProfile.call", { phone: contact.phone })}
              </a>
            ) : null}
            <button type="button" className={next ? "btn-outline" : "btn-primary"} onClick={close} data-autofocus>
              {t("whatsappProfile.ok")}
            </button>
            {next ? (
              <Link to={`/search_id?pid=${card.pid}`} className="btn-primary whitespace-nowrap" onClick={close}>
                {t("whatsappProfile.openPid", { pid: card.pid })}
              </Link>
            ) : null}
          </>
        }
      >
        <p className="m-0">{withAgencyName(text, contact.name)}</p>
        {upsell ? (
          <p className="m-0 mt-2 text-ink-muted">
            <Message
              id={contact.phone ? "whatsappProfile.upsellWithPhone" : "whatsappProfile.upsell"}
              values={{ agency: contact.name || t("whatsappProfile.theAgency"), phone: contact.phone }}
              components={{ 0: <span translate={contact.name ? "no" : undefined} /> }}
            />
          </p>
        ) : null}
      </Dialog>
    </>
  );
}

/**
 * The agency's name inside a specification text (ADR 0023), which carries it
 * as a plain value: marked translate="no" like every name the agency
 * configures, so that Telugu mode reads it as a name (ADR 0040).
 */
function withAgencyName(text: string, name: string): ReactNode {
  const at = name ? text.indexOf(name) : -1;
  if (at < 0) return text;
  return (
    <>
      {text.slice(0, at)}
      <span translate="no">{name}</span>
      {text.slice(at + name.length)}
    </>
  );
}
