import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card.tsx';

/** The frame every account page shares: a centred card, a heading, an intro and the form. */
export function AuthCard({ title, intro, children, footer }: { title: string; intro?: ReactNode; children: ReactNode; footer?: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-8 sm:py-14">
      <Card>
        <header className="mb-6 space-y-2 text-center">
          <h1 className="font-display text-3xl font-bold tracking-tight text-ink">{title}</h1>
          {intro ? <p className="text-ink-muted">{intro}</p> : null}
        </header>
        {children}
      </Card>
      {footer ? <div className="mt-6 text-center text-ink-muted">{footer}</div> : null}
    </div>
  );
}
