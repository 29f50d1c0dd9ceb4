import { useEffect, useId, useRef, type ReactNode } from "react";
import { createPortal } from "react-dom";

// A modal dialog (WAI-ARIA dialog pattern): role="dialog" with aria-modal,
// named by its title and described by its body, focus moved inside on open,
// Tab kept inside, the page behind made inert, and focus given back on close:
// where the caller says (ADR 0015, "focus after a card's dialog"), else where
// it was. Built by hand rather than on <dialog>, which Safari only has from
// 15.4 while the build still targets Safari 15.

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface DialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  /** The buttons of a message dialog; a form dialog keeps its buttons in its form. */
  actions?: ReactNode;
  /**
   * Whether the body is read out as the dialog's description: yes for a
   * message, no for a form, whose fields are read one by one.
   */
  describeBody?: boolean;
  /** Escape and a tap outside call it; leave it out when a choice must be made. */
  onDismiss?: (() => void) | undefined;
  /**
   * Where focus goes on close, read then, when not back to the element that
   * opened the dialog: what the dialog did may have disabled that element
   * (a request now waiting) or be about to remove it (a card leaving its
   * list), and focus would fall to the page's start. Null gives it back to
   * that element, when it can still take it.
   */
  returnFocus?: (() => HTMLElement | null) | undefined;
  tone?: "default" | "success" | "error";
}

const TONE_CLASS = {
  default: "border-t-maroon-700",
  success: "border-t-green-700",
  error: "border-t-red-700",
} as const;

export function Dialog(props: DialogProps) {
  if (!props.open) return null;
  return createPortal(<DialogSurface {...props} />, document.body);
}

function DialogSurface({ title, children, actions, onDismiss, returnFocus, tone = "default", describeBody = true }: DialogProps) {
  const ids = useId();
  const titleId = `${ids}-title`;
  const bodyId = `${ids}-body`;
  const panel = useRef<HTMLDivElement>(null);
  const dismiss = useRef(onDismiss);
  dismiss.current = onDismiss;
  const focusTarget = useRef(returnFocus);
  focusTarget.current = returnFocus;

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const root = document.getElementById("root");
    const wasInert = root?.inert ?? false;
    if (root) root.inert = true;
    const body = document.body.style.overflow;
    // The page behind must not scroll under a phone's finger.
    document.body.style.overflow = "hidden";

    const element = panel.current;
    // An element marked data-autofocus, else the first control (a form's
    // first field, or a message's first button).
    const first = element?.querySelector<HTMLElement>("[data-autofocus]") ?? element?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? element)?.focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape" && dismiss.current) {
        event.preventDefault();
        dismiss.current();
        return;
      }
      if (event.key !== "Tab" || !element) return;
      const focusable = [...element.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((node) => node.offsetParent !== null);
      if (focusable.length === 0) {
        event.preventDefault();
        element.focus();
        return;
      }
      const firstItem = focusable[0];
      const lastItem = focusable[focusable.length - 1];
      if (event.shiftKey && (document.activeElement === firstItem || document.activeElement === element)) {
        event.preventDefault();
        lastItem?.focus();
      } else if (!event.shiftKey && document.activeElement === lastItem) {
        event.preventDefault();
        firstItem?.focus();
      }
    };
    document.addEventListener("keydown", onKeyDown);

    return () => {
      document.removeEventListener("keydown", onKeyDown);
      if (root) root.inert = wasInert;
      document.body.style.overflow = body;
      // The first of the two that takes focus: a disabled button does not.
      for (const target of [focusTarget.current?.(), previous]) {
        if (!target?.isConnected) continue;
        target.focus();
        if (document.activeElement === target) return;
      }
    };
  }, []);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a press on the backdrop dismisses as Escape does, which the keydown listener above gives keyboards.
    <div
      className="fixed inset-0 z-50 flex items-end justify-center bg-black/50 p-3 sm:items-center sm:p-6"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) dismiss.current?.();
      }}
    >
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describeBody ? bodyId : undefined}
        tabIndex={-1}
        className={`card max-h-[calc(100dvh-1.5rem)] w-full max-w-lg overflow-y-auto border-t-4 px-5 py-5 outline-none sm:px-7 sm:py-6 ${TONE_CLASS[tone]}`}
      >
        <h2 id={titleId} className="text-xl font-bold text-maroon-800">
          {title}
        </h2>
        <div id={bodyId} className="mt-3 text-base text-ink">
          {children}
        </div>
        {actions ? <div className="mt-5 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">{actions}</div> : null}
      </div>
    </div>
  );
}
