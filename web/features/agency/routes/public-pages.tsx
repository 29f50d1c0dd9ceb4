import { usePageTitle } from "#web/lib/page-title.ts";
import { PublicListsSection } from "../components/public-lists-section.tsx";
import { TemplatesSection } from "../components/templates-section.tsx";

// /agency/public: the public pages staff share on WhatsApp (/link): the
// templates with their promotional messages, and the day and week lists.
export function PublicPagesRoute() {
  usePageTitle("Public pages | Agency console");
  return (
    <div className="flex flex-col gap-4">
      <h1 className="m-0 text-2xl font-bold text-maroon-800">Public pages</h1>
      <PublicListsSection />
      <TemplatesSection />
    </div>
  );
}
