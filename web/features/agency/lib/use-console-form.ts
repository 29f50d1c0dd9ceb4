// What every console form that saves does (ADR 0018): a form checked by the
// server's own schema, a submit that starts afresh, and a save through a
// mutation whose refusal lands under the fields it names, the rest in one
// failure text; a success may leave a text of what was saved. Both stay
// until the next submit: staff are on the phone with a family.
import { useState, type BaseSyntheticEvent } from "react";
import { useForm, type FieldValues, type Path, type Resolver, type SubmitHandler, type UseFormProps, type UseFormReturn } from "react-hook-form";
import { errorText, showFieldErrors } from "./error-text.ts";

/** The callbacks a TanStack mutation's mutate() takes, as far as a form needs them. */
type Mutate<TSent, TResult> = (body: TSent, callbacks: { onSuccess: (result: TResult) => void; onError: (error: unknown) => void }) => void;

export interface ConsoleFormOptions<TValues extends FieldValues, TBody> extends Pick<UseFormProps<TValues, unknown, TBody>, "defaultValues" | "values"> {
  resolver: Resolver<TValues, unknown, TBody>;
  /** The fields the server may name in a refusal (`fields`, ADR 0002): its message goes under them. */
  fields: readonly Path<TValues>[];
  /** The failure text when the form's own check stops the submit; none by default (the messages are under the fields). */
  invalidText?: string;
}

export interface SendOptions<TResult> {
  /** After a save: the text of what was saved, if the form shows one. */
  // biome-ignore lint/suspicious/noConfusingVoidType: a callback that returns nothing is as welcome as one that returns the text.
  onSuccess?: (result: TResult) => string | void;
  /** The failure text of a refusal; by default the server's text, unless its messages all went under the fields. */
  failureText?: (error: unknown, inFields: boolean) => string | null;
}

export interface ConsoleForm<TValues extends FieldValues, TBody> extends UseFormReturn<TValues, unknown, TBody> {
  onSubmit: (onValid: SubmitHandler<TBody>) => ReturnType<UseFormReturn<TValues, unknown, TBody>["handleSubmit"]>;
  send: <TSent, TResult>(mutate: Mutate<TSent, TResult>, body: TSent, options?: SendOptions<TResult>) => void;
  /** What the last save did, when the form says it; null after a submit until the save succeeds. */
  saved: string | null;
  /** Why the last submit saved nothing, beyond the messages under the fields. */
  failure: string | null;
}

function serverText(error: unknown, inFields: boolean): string | null {
  return inFields ? null : errorText(error);
}

/** The correction forms' failure text when their own check stops the save. */
export const SEE_FIELDS = "Some details need correcting: see the message under each field.";

/** The server's text and that nothing changed: the correction forms keep what staff typed (ADR 0022). */
export function nothingSaved(error: unknown): string {
  return `${errorText(error)} Nothing was saved.`;
}

export function useConsoleForm<TValues extends FieldValues, TBody>({
  resolver,
  defaultValues,
  values,
  fields,
  invalidText,
}: ConsoleFormOptions<TValues, TBody>): ConsoleForm<TValues, TBody> {
  const form = useForm<TValues, unknown, TBody>({ resolver, defaultValues, values });
  const [saved, setSaved] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const clearOutcome = () => {
    setSaved(null);
    setFailure(null);
  };

  /** handleSubmit, after clearing what the last submit said. */
  const onSubmit = (onValid: SubmitHandler<TBody>) => (event?: BaseSyntheticEvent) => {
    clearOutcome();
    return form.handleSubmit(onValid, invalidText === undefined ? undefined : () => setFailure(invalidText))(event);
  };

  /** Saves `body` through `mutate` (a mutation's own, or one wrapping it). */
  const send = <TSent, TResult>(mutate: Mutate<TSent, TResult>, body: TSent, options: SendOptions<TResult> = {}) => {
    const { onSuccess, failureText = serverText } = options;
    clearOutcome();
    mutate(body, {
      onSuccess: (result) => {
        const text = onSuccess?.(result);
        setSaved(typeof text === "string" ? text : null);
      },
      onError: (error) => setFailure(failureText(error, showFieldErrors(error, form.setError, fields))),
    });
  };

  return { ...form, onSubmit, send, saved, failure };
}
