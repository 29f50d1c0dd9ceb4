import { agency } from "../lib/agency.ts";
import { useT } from "../lib/i18n-react.tsx";
import { dialable, waMeUrl } from "#shared/phone.ts";

/** A tap-to-call button for the agency, beside failure texts that say "please contact". */
export function CallAgencyLink() {
  const { phone } = agency();
  const t = useT();
  if (!phone) return null;
  return (
    <a href={`tel:${dialable(phone)}`} className="btn-outline">
      {t("common.callNumber", { phone })}
    </a>
  );
}

/** The agency's WhatsApp, beside the call button, for families who prefer to write. */
export function ChatAgencyLink() {
  const { name, phone } = agency();
  const t = useT();
  if (!phone) return null;
  return (
    <a href={waMeUrl(phone)} target="_blank" rel="noopener noreferrer" className="btn border-2 border-green-700 bg-white text-green-800 no-underline hover:bg-green-50">
      WhatsApp
      <span className="sr-only">
        {" "}
        {name ? <span translate="no">{name}</span> : t("common.theAgency")} {t("common.opensWhatsapp")}
      </span>
    </a>
  );
}
