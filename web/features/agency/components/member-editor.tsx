import { useEffect, useRef } from "react";
import type { AdminMember } from "#shared/admin-types.ts";
import { Tabs } from "#web/components/ui/tabs.tsx";
import { CorrectEducationForm } from "./correct-education-form.tsx";
import { CorrectParentsForm } from "./correct-parents-form.tsx";
import { CorrectPersonalForm } from "./correct-personal-form.tsx";
import { CorrectProfessionForm } from "./correct-profession-form.tsx";
import { Panel } from "./panel.tsx";

export const EDIT_PARTS = ["personal", "education", "profession", "parents"] as const;
export type EditPart = (typeof EDIT_PARTS)[number];

export function isEditPart(value: string | null): value is EditPart {
  return EDIT_PARTS.some((part) => part === value);
}

/**
 * Staff correct the member's details as the family tells them on the phone
 * (ADR 0022): the four parts of the member's own edit screen, one save
 * each. The tabs keep every part mounted, so what was typed on one survives
 * a look at another.
 */
export function MemberEditor({ member, initial, onClose }: { member: AdminMember; initial: EditPart; onClose: () => void }) {
  const top = useRef<HTMLDivElement>(null);

  // Opened from the header, the editor is far down a phone's screen: bring it up, with the focus on its tab.
  useEffect(() => {
    const element = top.current;
    if (!element) return;
    element.scrollIntoView({ block: "start" });
    element.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')?.focus({ preventScroll: true });
  }, []);

  return (
    <div ref={top} className="scroll-mt-4">
      <Panel
        title="Edit details"
        actions={
          <button type="button" className="btn-outline" onClick={onClose}>
            Close
          </button>
        }
      >
        <p className="m-0 mb-4 text-base text-ink-muted">Correct what the family tells you, one part at a time: each part has its own Save. Every change is in the audit log.</p>
        <Tabs
          label="Parts of the profile"
          initial={initial}
          items={[
            { id: "personal", label: "Personal", panel: <CorrectPersonalForm member={member} /> },
            { id: "education", label: "Education", panel: <CorrectEducationForm member={member} /> },
            { id: "profession", label: "Profession", panel: <CorrectProfessionForm member={member} /> },
            { id: "parents", label: "Parent details", panel: <CorrectParentsForm member={member} /> },
          ]}
        />
      </Panel>
    </div>
  );
}
