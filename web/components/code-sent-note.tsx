import type { CodeSent } from "../../shared/api-types.ts";
import { agency } from "../lib/agency.ts";
import { formatPhone } from "../../shared/phone.ts";

/** "10 minutes", "3 days": how long a code works. */
export function validityText(minutes: number): string {
  if (minutes % 1440 === 0) return minutes === 1440 ? "1 day" : `${minutes / 1440} days`;
  if (minutes % 60 === 0) return minutes === 60 ? "1 hour" : `${minutes / 60} hours`;
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}

/**
 * When and where a one-time code arrives (ADR 0021): at once from the
 * agency's WhatsApp Business number, or from the agency's staff, who send it
 * by hand when the Cloud API is not connected. `mobile` is the number it goes
 * to, when the member typed it on this screen.
 */
export function CodeSentNote({ code, mobile }: { code: CodeSent; mobile?: string | undefined }) {
  const { name, phone } = agency();
  const to = mobile ? `your WhatsApp number ${formatPhone(mobile)}` : "your registered WhatsApp number";
  return code.byAgency ? (
    <p className="m-0">
      {name || "The agency"} will send a 6-digit code to {to} from their WhatsApp{phone ? ` ${formatPhone(phone)}` : ""}, usually the same day during office hours. The code works
      for {validityText(code.validMinutes)}.
    </p>
  ) : (
    <p className="m-0">
      A 6-digit code is on its way to {to} from {name || "the agency"}. It comes in a minute or two and works for {validityText(code.validMinutes)}.
    </p>
  );
}
