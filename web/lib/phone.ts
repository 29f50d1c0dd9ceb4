// Phone numbers as the screens use them: for tel: and wa.me links, and as
// people say them.

/** Digits and a leading + only: what tel: and wa.me need. */
export function dialable(phone: string): string {
  return phone.replace(/[^\d+]/g, "");
}

/** Indian mobiles as people say them ("+91 98765 43210"); other numbers as stored. */
export function formatPhone(phone: string): string {
  const indian = /^\+91(\d{5})(\d{5})$/.exec(dialable(phone));
  return indian ? `+91 ${indian[1]} ${indian[2]}` : phone;
}

/** WhatsApp click-to-chat: wa.me takes the number with its country code, without +, and may carry a text typed in. */
export function waMeUrl(phone: string, text?: string): string {
  const digits = dialable(phone).replace(/^\+/, "");
  return `https://wa.me/${digits}${text ? `?text=${encodeURIComponent(text)}` : ""}`;
}
