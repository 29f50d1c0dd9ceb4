import { useState } from "react";
import type { AdminTemplate } from "#shared/admin-types.ts";
import { TimedAlert, useTimedAlert } from "#web/components/ui/timed-alert.tsx";
import { useTemplates } from "../api/get-templates.ts";
import { Panel } from "./panel.tsx";
import { QueryState } from "./query-state.tsx";
import { TemplateEditor } from "./template-editor.tsx";

/** Choose a template to edit, or start a new one. */
export function TemplatesSection() {
  const templates = useTemplates();
  // "new" or a template id: an id stays valid across refetches, an object would not.
  const [chosen, setChosen] = useState<number | "new" | null>(null);
  // The answer of a save, until the refetched list has it.
  const [lastSaved, setLastSaved] = useState<AdminTemplate | null>(null);
  // Here, not in the editor: saving a new template remounts the editor for it.
  const done = useTimedAlert();

  return (
    <Panel title="Templates">
      <QueryState query={templates} label="Templates">
        {(items) => {
          const current: AdminTemplate | null = typeof chosen === "number" ? (items.find((item) => item.id === chosen) ?? (lastSaved?.id === chosen ? lastSaved : null)) : null;
          return (
            <div className="flex flex-col gap-4">
              <div role="group" aria-label="Templates" className="flex flex-wrap gap-2">
                {items.map((item) => (
                  <button
                    key={item.id}
                    type="button"
                    aria-pressed={chosen === item.id}
                    className={`tab ${chosen === item.id ? "tab-active" : ""}`}
                    onClick={() => setChosen(item.id)}
                  >
                    {item.name}
                  </button>
                ))}
                <button type="button" aria-pressed={chosen === "new"} className={`tab ${chosen === "new" ? "tab-active" : ""}`} onClick={() => setChosen("new")}>
                  + New template
                </button>
              </div>
              {chosen === null ? (
                <p className="m-0 text-base text-ink-muted">{items.length === 0 ? "No templates yet: start a new one." : "Choose a template to edit it."}</p>
              ) : (
                <TemplateEditor
                  key={String(chosen)}
                  template={current}
                  onSaved={(saved) => {
                    setLastSaved(saved);
                    setChosen(saved.id);
                    done.show("success", () => "Template saved.");
                  }}
                  onDeleted={() => {
                    setChosen(null);
                    done.show("success", () => "Template deleted.");
                  }}
                />
              )}
              <TimedAlert message={done.message} />
            </div>
          );
        }}
      </QueryState>
    </Panel>
  );
}
