import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '../../../lib/cn.ts';

export interface DashboardTab<K extends string> {
  key: K;
  label: string;
  icon?: ReactNode;
  /** Rendered only while the tab is selected (each tab's code loads when first opened). */
  render(): ReactNode;
}

/**
 * A tab bar following the WAI-ARIA tabs pattern: one tab stop, arrow keys (and Home/End) move
 * between tabs and select them, the panel is labelled by its tab. The selection lives in the URL
 * (?tab=), so a reload or a shared link opens the same tab.
 */
export function DashboardTabs<K extends string>({ tabs, selected, onSelect, label }: { tabs: DashboardTab<K>[]; selected: K; onSelect(key: K): void; label: string }) {
  const refs = useRef(new Map<K, HTMLButtonElement>());
  const current = tabs.find((tab) => tab.key === selected) ?? tabs[0];

  const move = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = tabs.length - 1;
    const target = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const tab = tabs[target];
    if (!tab) return;
    onSelect(tab.key);
    refs.current.get(tab.key)?.focus();
  };

  if (!current) return null;
  return (
    <div className="space-y-6">
      <div role="tablist" aria-label={label} className="-mx-4 flex gap-1 overflow-x-auto border-b border-line px-4 print:hidden">
        {tabs.map((tab, index) => {
          const active = tab.key === current.key;
          return (
            <button
              key={tab.key}
              ref={(element) => {
                if (element) refs.current.set(tab.key, element);
                else refs.current.delete(tab.key);
              }}
              type="button"
              role="tab"
              id={`admin-tab-${tab.key}`}
              aria-selected={active}
              aria-controls={`admin-panel-${tab.key}`}
              tabIndex={active ? 0 : -1}
              onClick={() => onSelect(tab.key)}
              onKeyDown={(event) => move(event, index)}
              className={cn(
                '-mb-px inline-flex min-h-11 shrink-0 items-center gap-2 border-b-2 px-4 text-sm font-semibold whitespace-nowrap transition-colors',
                active ? 'border-brand text-ink' : 'border-transparent text-ink-muted hover:border-line-strong hover:text-ink',
              )}
            >
              {tab.icon}
              {tab.label}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={`admin-panel-${current.key}`} aria-labelledby={`admin-tab-${current.key}`}>
        {current.render()}
      </div>
    </div>
  );
}
