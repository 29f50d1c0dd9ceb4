import type { CodeSent } from "#shared/api-types.ts";
import { agency } from "../lib/agency.ts";
import { Message, useT } from "../lib/i18n-react.tsx";
import type { MessageId } from "../lib/i18n.ts";
import { formatPhone } from "#shared/phone.ts";

/** "10 minutes", "3 days": how long a code works, in the largest whole unit. */
export function validity(minutes: number): { id: MessageId; count: number } {
  if (minutes % 1440 === 0) return { id: "code.validDays", count: minutes / 1440 };
  if (minutes % 60 === 0) return { id: "code.validHours", count: minutes / 60 };
  return { id: "code.validMinutes", count: minutes };
}

/**
 * When and where a one-time code arrives (ADR 0021): at once from the
 * agency's WhatsApp Business number, or from the agency's staff, who send it
 * by hand when the Cloud API is not connected. `mobile` is the number it goes
 * to, when the member typed it on this screen.
 */
export function CodeSentNote({ code, mobile }: { code: CodeSent; mobile?: string | undefined }) {
  const t = useT();
  const { name, phone } = agency();
  const { id, count } = validity(code.validMinutes);
  const values = {
    to: mobile ? t("code.toNumber", { mobile: formatPhone(mobile) }) : t("code.toRegistered"),
    validity: t(id, { count }),
    phone: phone ? ` ${formatPhone(phone)}` : "",
  };
  // The agency's name is configuration, read as it is written in either language.
  const agencyName = <span translate="no" />;
  return code.byAgency ? (
    <p className="m-0">
      <Message id="code.byAgency" values={{ ...values, agency: name || t("code.theAgencyStart") }} components={{ 0: agencyName }} />
    </p>
  ) : (
    <p className="m-0">
      <Message id="code.onItsWay" values={{ ...values, agency: name || t("code.theAgency") }} components={{ 0: agencyName }} />
    </p>
  );
}
