import { agency } from "../lib/agency.ts";

/** A tap-to-call button for the agency, beside failure texts that say "please contact". */
export function CallAgencyLink() {
  const { phone } = agency();
  if (!phone) return null;
  return (
    <a href={`tel:${phone.replace(/[^\d+]/g, "")}`} className="btn-outline">
      Call {phone}
    </a>
  );
}
