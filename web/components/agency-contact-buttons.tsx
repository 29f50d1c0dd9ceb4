import { agency } from "../lib/agency.ts";
import { Message, useT } from "../lib/i18n-react.tsx";
import { dialable, formatPhone, waMeUrl } from "#shared/phone.ts";

/**
 * Call or WhatsApp the agency: the way a family gets help when a code does
 * not come or a step is unclear. `text` is typed into the WhatsApp chat.
 */
export function AgencyContactButtons({ text }: { text?: string }) {
  const { name, phone } = agency();
  const t = useT();
  if (!phone) return null;
  return (
    <div className="grid grid-cols-1 gap-2">
      <a href={`tel:${dialable(phone)}`} className="btn-outline">
        {t("common.callNumber", { phone: formatPhone(phone) })}
      </a>
      <a href={waMeUrl(phone, text)} target="_blank" rel="noopener noreferrer" className="btn border-2 border-green-700 bg-white text-green-800 no-underline hover:bg-green-50">
        {t("common.chatOnWhatsapp")}
        <span className="sr-only">
          {" "}
          {name ? <Message id="common.opensWhatsappWith" values={{ agency: name }} components={{ 0: <span translate="no" /> }} /> : t("common.opensWhatsappWithAgency")}
        </span>
      </a>
    </div>
  );
}
