/** The global loading overlay itself (the site's spinner image when one is set). */
export function LoadingOverlay({ hidden, spinnerImageUrl }: { hidden: boolean; spinnerImageUrl?: string | null }) {
  if (hidden) return null;
  return (
    <div className="fixed inset-0 z-[60] flex items-center justify-center bg-surface/70 backdrop-blur-sm motion-safe:animate-[fade-in_150ms_ease-out]" data-testid="global-loading">
      <div role="status" className="flex flex-col items-center gap-3 rounded-2xl bg-surface-raised px-8 py-6 shadow-xl">
        {spinnerImageUrl ? (
          <img src={spinnerImageUrl} alt="" className="size-16 motion-safe:animate-spin" />
        ) : (
          <span aria-hidden="true" className="size-10 animate-spin rounded-full border-4 border-brand border-r-transparent" />
        )}
        <span className="font-semibold">Loading…</span>
      </div>
    </div>
  );
}
