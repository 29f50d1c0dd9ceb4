import { useId } from "react";
import type { AdminTemplate } from "#shared/admin-types.ts";
import { MAX_MESSAGE_LENGTH, MAX_TEMPLATE_MESSAGES, templateSchema, type TemplateInput } from "#shared/schemas/admin.ts";
import { Alert } from "#web/components/ui/alert.tsx";
import { TextAreaField, TextField } from "#web/components/ui/form-field.tsx";
import { WhatsappText } from "#web/components/ui/whatsapp-text.tsx";
import { zodMiniResolver } from "#web/lib/zod-resolver.ts";
import { useCreateTemplate } from "../api/create-template.ts";
import { useDeleteTemplate } from "../api/delete-template.ts";
import { useUpdateTemplate } from "../api/update-template.ts";
import { errorText } from "../lib/error-text.ts";
import { useConsoleForm } from "../lib/use-console-form.ts";
import { ConfirmButton } from "./confirm-button.tsx";

interface TemplateValues {
  name: string;
  messages: { text: string }[];
}

const resolver = zodMiniResolver<TemplateValues, typeof templateSchema>(templateSchema, (values) => ({
  name: values.name,
  messages: values.messages.map((message) => message.text),
}));

function valuesOf(template: AdminTemplate | null): TemplateValues {
  return {
    name: template?.name ?? "",
    messages: template ? template.messages.map((message) => ({ text: message.messageContent })) : [{ text: "" }],
  };
}

// A public template: its name and its promotional messages in order, each
// with a live preview of the WhatsApp markup (*bold*, _italic_, ~strike~,
// line breaks) as the public page will show it.
export function TemplateEditor({ template, onSaved, onDeleted }: { template: AdminTemplate | null; onSaved: (template: AdminTemplate) => void; onDeleted: () => void }) {
  const create = useCreateTemplate();
  const update = useUpdateTemplate();
  const remove = useDeleteTemplate();
  const save = template ? update : create;
  const {
    register,
    watch,
    setValue,
    onSubmit,
    send,
    failure,
    formState: { errors },
  } = useConsoleForm<TemplateValues, TemplateInput>({ resolver, values: valuesOf(template), fields: ["name", "messages"] });
  // The messages' boxes are registered by place (messages.N.text), not through
  // react-hook-form's useFieldArray, which would put about 1.5 KiB gzip of the
  // console's code into the members' login page (the module comes whole, ADR
  // 0031): adding, moving or removing a message writes the list again, and each
  // box shows the text now in its place.
  const messages = watch("messages");
  const ids = useId();
  const setMessages = (next: TemplateValues["messages"]) => setValue("messages", next, { shouldDirty: true });
  const move = (from: number, to: number) => {
    const next = [...messages];
    next.splice(to, 0, ...next.splice(from, 1));
    setMessages(next);
  };

  const submit = onSubmit((body) => {
    if (template) send(update.mutate, { id: template.id, body }, { onSuccess: onSaved, failureText: errorText });
    else send(create.mutate, body, { onSuccess: onSaved, failureText: errorText });
  });

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-busy={save.isPending} aria-label={template ? `Edit template ${template.name}` : "New template"}>
      <TextField label="Template name" required error={errors.name?.message} {...register("name")} />
      {errors.messages?.message ? <p className="field-error m-0">{errors.messages.message}</p> : null}
      <ol className="m-0 flex list-none flex-col gap-4 p-0">
        {messages.map((message, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a box is its place in the list (messages.N.text), whatever text is there.
          <li key={index} className="rounded-lg border-2 border-line bg-white px-3 py-3">
            <div className="grid grid-cols-1 gap-3 md:grid-cols-2">
              <TextAreaField
                label={`Message ${index + 1}`}
                rows={5}
                maxLength={MAX_MESSAGE_LENGTH}
                hint="*bold*  _italic_  ~strike~, Enter for a new line."
                error={errors.messages?.[index]?.message ?? errors.messages?.[index]?.text?.message}
                {...register(`messages.${index}.text`)}
              />
              <div className="min-w-0">
                <p className="field-label" id={`${ids}-preview-${index}`}>
                  Preview
                </p>
                <div
                  role="group"
                  aria-labelledby={`${ids}-preview-${index}`}
                  className="min-h-24 break-words rounded-lg border border-line bg-[#e7f5e2] px-3 py-2 text-base text-ink"
                >
                  <WhatsappText text={message.text} />
                </div>
              </div>
            </div>
            <div className="mt-2 flex flex-wrap gap-2">
              <button type="button" className="btn-quiet" aria-label={`Move message ${index + 1} up`} disabled={index === 0} onClick={() => move(index, index - 1)}>
                Move up
              </button>
              <button
                type="button"
                className="btn-quiet"
                aria-label={`Move message ${index + 1} down`}
                disabled={index === messages.length - 1}
                onClick={() => move(index, index + 1)}
              >
                Move down
              </button>
              <button type="button" className="btn-danger" aria-label={`Remove message ${index + 1}`} onClick={() => setMessages(messages.filter((_, other) => other !== index))}>
                Remove
              </button>
            </div>
          </li>
        ))}
      </ol>
      <button type="button" className="btn-outline self-start" disabled={messages.length >= MAX_TEMPLATE_MESSAGES} onClick={() => setMessages([...messages, { text: "" }])}>
        Add message
      </button>
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      {remove.isError ? <Alert tone="error">{errorText(remove.error)}</Alert> : null}
      <div className="flex flex-col gap-2 sm:flex-row">
        <button type="submit" className="btn-primary" disabled={save.isPending}>
          {save.isPending ? "Saving..." : "Save template"}
        </button>
        {template ? (
          <ConfirmButton
            label="Delete template"
            pendingLabel="Deleting..."
            title="Delete this template?"
            confirmLabel="Delete template"
            className="btn-danger min-h-12"
            pending={remove.isPending}
            onConfirm={() => remove.mutate(template.id, { onSuccess: onDeleted })}
          >
            “{template.name}” and its messages are deleted. Lists that use it show their profiles without messages.
          </ConfirmButton>
        ) : null}
      </div>
    </form>
  );
}
