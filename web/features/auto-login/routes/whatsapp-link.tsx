import { ComingSoon } from "../../../components/ui/coming-soon.tsx";

// /whatsapp_link: auto-login link that opens a WhatsApp profile (section 2).
// Placeholder until that screen is built.
export function WhatsappLinkRoute() {
  return <ComingSoon title="WhatsApp Link" />;
}
