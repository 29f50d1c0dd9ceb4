import { AutoLogin } from "../components/auto-login.tsx";

// /whatsapp_link: auto-login link that opens a profile's WhatsApp page, /whatsapp_profile?pid={iPid} (§ "2. Screens and routes").
export function WhatsappLinkRoute() {
  return <AutoLogin kind="whatsapp" />;
}
