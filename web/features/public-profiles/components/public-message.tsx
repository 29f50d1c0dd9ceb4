import type { PublicMessage as Message } from "#shared/api-types.ts";
import { WhatsappText } from "#web/components/ui/whatsapp-text.tsx";
import { useT } from "#web/lib/i18n-react.tsx";

// One of the agency's messages between the cards: set apart from the
// profiles by its colour, so nobody mistakes it for a member's words. Its
// WhatsApp markup is rendered as the agency console previews it, as React
// elements, never as HTML.

export function PublicMessage({ message, agencyName }: { message: Message; agencyName: string }) {
  const t = useT();
  return (
    <div data-testid="public-message" className="rounded-xl border-2 border-saffron-300 bg-saffron-50 px-4 py-4 sm:px-6">
      <p translate={agencyName ? "no" : undefined} className="m-0 text-sm font-bold uppercase tracking-wide text-saffron-900">
        {agencyName || t("public.fromAgency")}
      </p>
      {/* The agency's own words, in the language it wrote them. */}
      <p translate="no" className="m-0 mt-1 break-words text-lg leading-relaxed text-ink">
        <WhatsappText text={message.messageContent} />
      </p>
    </div>
  );
}
