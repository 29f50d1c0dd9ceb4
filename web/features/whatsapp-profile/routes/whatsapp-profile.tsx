import { ComingSoon } from "../../../components/ui/coming-soon.tsx";

// /whatsapp_profile?pid=: the requested profile's photo, name and phone (section 2).
// Placeholder until that screen is built.
export function WhatsappProfileRoute() {
  return <ComingSoon title="WhatsApp Profile" />;
}
