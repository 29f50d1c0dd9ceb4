import { useT } from "#web/lib/i18n-react.tsx";

/** Shown while a screen's code or its first data is on the way. */
export function PageLoading({ label }: { label?: string }) {
  const t = useT();
  return (
    <div role="status" className="flex min-h-40 items-center justify-center gap-3 py-10 text-ink-muted">
      <span aria-hidden="true" className="inline-block h-6 w-6 animate-spin rounded-full border-3 border-maroon-200 border-t-maroon-700" />
      <span>{label ?? t("common.loading")}</span>
    </div>
  );
}
