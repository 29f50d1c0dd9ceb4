import { useState } from "react";
import { Link } from "react-router";
import type { CurrentUser, ProfileCard } from "../../../../shared/api-types.ts";
import { MAIN_ACTION_LABELS, mainAction } from "../../../components/profile-card/main-action.ts";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { agency } from "../../../lib/agency.ts";
import { dialable } from "../../../../shared/phone.ts";
import { paidServiceText } from "../lib/paid-service-text.ts";

// The main button of the WhatsApp profile page (section 4): "Paid Website
// Service / See Photo & Phone Number". It explains the paid service for this
// member and this profile, with the agency's phone, and leads to the profile
// where the member can act (send interest, or confirm the view).

export function PaidServiceButton({ card, user }: { card: ProfileCard; user: CurrentUser }) {
  const [open, setOpen] = useState(false);
  const contact = agency();
  const { text, next, upsell } = paidServiceText(user, card, contact);
  const close = () => setOpen(false);

  return (
    <>
      <button type="button" className="btn-primary w-full text-center" onClick={() => setOpen(true)}>
        {MAIN_ACTION_LABELS[mainAction(card, user.membership, "whatsappProfile")]}
      </button>
      <Dialog
        open={open}
        title="Paid Website Service"
        onDismiss={close}
        actions={
          <>
            {/* Calling the agency is the way forward only when the membership is what is missing. */}
            {upsell && contact.phone ? (
              <a href={`tel:${dialable(contact.phone)}`} className="btn-outline whitespace-nowrap">
                Call {contact.phone}
              </a>
            ) : null}
            <button type="button" className={next ? "btn-outline" : "btn-primary"} onClick={close} data-autofocus>
              OK
            </button>
            {next ? (
              <Link to={`/search_id?pid=${card.pid}`} className="btn-primary whitespace-nowrap" onClick={close}>
                Open Profile ID {card.pid}
              </Link>
            ) : null}
          </>
        }
      >
        <p className="m-0">{text}</p>
        {upsell ? (
          <p className="m-0 mt-2 text-ink-muted">
            Photos and phone numbers of profiles are a paid service of {contact.name || "the agency"}
            {contact.phone ? `: call ${contact.phone} to become a paid member or to renew.` : "."}
          </p>
        ) : null}
      </Dialog>
    </>
  );
}
