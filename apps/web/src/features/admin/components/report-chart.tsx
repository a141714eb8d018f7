import type { ReactNode } from 'react';

/*
 * The reports' shared pieces (decision 0118): a plain-SVG bar chart named by a one-sentence summary
 * (the picture is for the eye; the table beside it is how a keyboard or screen reader reads the
 * figures), the scrolling table region, and the CSV link.
 */

export const money = (cents: number) => `${cents < 0 ? '−' : ''}$${(Math.abs(cents) / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

export interface Bar {
  key: string;
  value: number;
  /** A short label under the bar (columns) or beside it (rows); null: none. */
  tick: string | null;
}

/**
 * Bars as columns (a run of days or hours, ticks under some of them) or as rows (named things: an
 * item, a channel), each row's label beside its bar. Scrolls inside a named region the keyboard can
 * reach on a narrow screen.
 */
export function BarChart({ bars, summary, regionLabel, layout = 'columns' }: { bars: Bar[]; summary: string; regionLabel: string; layout?: 'columns' | 'rows' }) {
  const top = Math.max(1, ...bars.map((b) => b.value));
  if (layout === 'rows') {
    const labelWidth = 128;
    const barArea = 200;
    const rowHeight = 22;
    const width = labelWidth + barArea + 8;
    const height = Math.max(rowHeight, bars.length * rowHeight);
    return (
      <div className="overflow-x-auto rounded-xl border border-line bg-surface p-3" role="region" aria-label={regionLabel} tabIndex={0}>
        <svg role="img" aria-label={summary} width={width} height={height} viewBox={`0 0 ${width} ${height}`} className="block">
          {bars.map((bar, i) => {
            const w = bar.value > 0 ? Math.max(1, Math.round((bar.value / top) * barArea)) : 0;
            const label = bar.tick ?? '';
            return (
              <g key={bar.key}>
                <text x={labelWidth - 6} y={i * rowHeight + 15} textAnchor="end" className="fill-ink-muted text-[11px]">
                  {label.length > 20 ? `${label.slice(0, 19)}…` : label}
                </text>
                <rect x={labelWidth} y={i * rowHeight + 4} width={w} height={rowHeight - 8} className="fill-brand" />
              </g>
            );
          })}
        </svg>
      </div>
    );
  }
  const width = Math.max(240, bars.length * 18);
  const height = 140;
  const step = width / Math.max(1, bars.length);
  return (
    <div className="overflow-x-auto rounded-xl border border-line bg-surface p-3" role="region" aria-label={regionLabel} tabIndex={0}>
      <svg role="img" aria-label={summary} width={width} height={height + 18} viewBox={`0 0 ${width} ${height + 18}`} className="block">
        <line x1={0} x2={width} y1={height} y2={height} className="stroke-line-strong" />
        {bars.map((bar, i) => {
          const h = bar.value > 0 ? Math.max(1, Math.round((bar.value / top) * (height - 8))) : 0;
          return (
            <g key={bar.key}>
              <rect x={i * step + 2} y={height - h} width={Math.max(2, step - 4)} height={h} className="fill-brand" />
              {bar.tick !== null ? (
                <text x={i * step + step / 2} y={height + 13} textAnchor="middle" className="fill-ink-muted text-[10px]">
                  {bar.tick}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
    </div>
  );
}

/** A report's table in a named region that scrolls (and that the keyboard can reach and scroll). */
export function ReportTableRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="relative max-h-96 overflow-auto rounded-xl border border-line" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}

/** The CSV download (the session cookie goes with it); `name` tells one report's link from another's. */
export function CsvLink({ href, name }: { href: string; name?: string }) {
  return (
    <a href={href} download aria-label={name ? `Download CSV: ${name}` : undefined} className="inline-flex min-h-11 items-center rounded-lg border border-line-strong px-3 text-sm font-semibold md:min-h-9">
      Download CSV
    </a>
  );
}
