import { dialable, formatPhone, waMeUrl } from "#shared/phone.ts";
import { useT } from "../lib/i18n-react.tsx";

// A phone number the server gave (to an entitled member or the owner, or on a
// public card free to the public): big enough to read, and one tap to call or
// to chat on WhatsApp.

export function PhoneNumber({ phone }: { phone: string }) {
  const digits = dialable(phone);
  const t = useT();
  return (
    <div className="rounded-lg border-2 border-green-700 bg-green-50 px-4 py-3">
      <p className="m-0 text-sm font-bold uppercase tracking-wide text-green-900">{t("common.phoneNumber")}</p>
      <p className="m-0 mt-1 text-2xl font-bold text-ink" data-testid="whatsapp-phone">
        {formatPhone(phone)}
      </p>
      <div className="mt-3 grid grid-cols-2 gap-2">
        <a href={`tel:${digits}`} className="btn-primary">
          {t("common.call")}
        </a>
        <a href={waMeUrl(phone)} target="_blank" rel="noopener noreferrer" className="btn border-2 border-green-700 bg-white text-green-800 hover:bg-green-100">
          WhatsApp
          <span className="sr-only"> {t("common.opensWhatsapp")}</span>
        </a>
      </div>
    </div>
  );
}
