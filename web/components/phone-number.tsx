// A phone number the server gave (to an entitled member or the owner, or on a
// public card free to the public): big enough to read, and one tap to call or
// to chat on WhatsApp.

function dialable(phone: string): string {
  return phone.replace(/[^\d+]/g, "");
}

/** Indian mobiles as people say them ("+91 98765 43210"); other numbers as stored. */
function spoken(phone: string): string {
  const indian = /^\+91(\d{5})(\d{5})$/.exec(dialable(phone));
  return indian ? `+91 ${indian[1]} ${indian[2]}` : phone;
}

export function PhoneNumber({ phone }: { phone: string }) {
  const digits = dialable(phone);
  return (
    <div className="rounded-lg border-2 border-green-700 bg-green-50 px-4 py-3">
      <p className="m-0 text-sm font-bold uppercase tracking-wide text-green-900">Phone Number</p>
      <p className="m-0 mt-1 text-2xl font-bold text-ink" data-testid="whatsapp-phone">
        {spoken(phone)}
      </p>
      <div className="mt-3 grid grid-cols-2 gap-2">
        <a href={`tel:${digits}`} className="btn-primary">
          Call
        </a>
        <a
          href={`https://wa.me/${digits.replace(/^\+/, "")}`}
          target="_blank"
          rel="noopener noreferrer"
          className="btn border-2 border-green-700 bg-white text-green-800 hover:bg-green-100"
        >
          WhatsApp
          <span className="sr-only"> (opens WhatsApp)</span>
        </a>
      </div>
    </div>
  );
}
