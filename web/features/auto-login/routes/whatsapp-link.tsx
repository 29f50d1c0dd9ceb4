import { AutoLogin } from "../components/auto-login.tsx";

// /whatsapp_link: auto-login link that opens a profile's WhatsApp page, /whatsapp_profile?pid={iPid} (section 2).
export function WhatsappLinkRoute() {
  return <AutoLogin kind="whatsapp" />;
}
