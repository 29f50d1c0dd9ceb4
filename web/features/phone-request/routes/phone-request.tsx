import { ComingSoon } from "../../../components/ui/coming-soon.tsx";

// /request and /Request.aspx: a phone-number request from a WhatsApp link (section 2).
// Placeholder until that screen is built.
export function PhoneRequestRoute() {
  return <ComingSoon title="Phone Number Request" />;
}
