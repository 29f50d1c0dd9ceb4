import type { ReactNode } from "react";

const TONES = {
  // role="alert" interrupts a screen reader: failures only.
  error: { role: "alert", className: "border-red-700 bg-red-50 text-red-900" },
  success: { role: "status", className: "border-green-700 bg-green-50 text-green-900" },
  info: { role: "note", className: "border-saffron-500 bg-saffron-50 text-ink" },
} as const;

export function Alert({
  tone,
  children,
  className = "",
  live = true,
}: {
  tone: keyof typeof TONES;
  children: ReactNode;
  className?: string;
  /** False inside a live region of its own (TimedAlert), which announces it once. */
  live?: boolean;
}) {
  const { role, className: toneClass } = TONES[tone];
  return (
    <div role={live ? role : undefined} className={`rounded-lg border-l-4 px-4 py-3 text-base ${toneClass} ${className}`}>
      {children}
    </div>
  );
}
