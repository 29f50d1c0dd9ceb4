// Phone numbers as the screens use them: for tel: and wa.me links, and as
// people say them. Shared with the Worker, which writes the agency's phone
// into prerendered pages in exactly these forms (worker/edge/static-assets.ts).

/** Digits and a leading + only: what tel: and wa.me need. */
export function dialable(phone: string): string {
  return phone.replace(/[^\d+]/g, "");
}

/** Indian mobiles as people say them ("+91 98765 43210"); other numbers as stored. */
export function formatPhone(phone: string): string {
  const indian = /^\+91(\d{5})(\d{5})$/.exec(dialable(phone));
  return indian ? `+91 ${indian[1]} ${indian[2]}` : phone;
}

/** The number as wa.me takes it: with its country code, without +. */
export function waMeNumber(phone: string): string {
  return dialable(phone).replace(/^\+/, "");
}

/** WhatsApp click-to-chat, which may carry a text typed in. */
export function waMeUrl(phone: string, text?: string): string {
  return `https://wa.me/${waMeNumber(phone)}${text ? `?text=${encodeURIComponent(text)}` : ""}`;
}
