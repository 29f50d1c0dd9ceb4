// Opens WhatsApp (app or web) to the member with the text typed in: the
// agency's delivery by hand when the Cloud API is not configured (ADR 0009).
export function WhatsappButton({ href, label = "Open in WhatsApp", what }: { href: string; label?: string; what?: string }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={what ? `${label}: ${what}` : undefined}
      className="btn-small border-2 border-green-800 bg-green-800 text-white no-underline hover:bg-green-900"
    >
      {label}
    </a>
  );
}
