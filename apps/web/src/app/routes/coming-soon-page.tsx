import { Sparkles } from 'lucide-react';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { ButtonLink } from '../../components/ui/button.tsx';

/** Pages later issues build; the words live here, in the lazy chunk, not in the route table. */
const pages = {
  reservations: { title: 'Reservations', description: 'Book a table online, coming soon.' },
  'reservations-dashboard': { title: 'Manage Reservations', description: 'The reservations back office is coming soon.' },
} as const;

export type ComingSoonKey = keyof typeof pages;

/** The frame of a page a later issue builds: the real layout, a title and an honest note. */
export function ComingSoonPage({ page }: { page: ComingSoonKey }) {
  const { title, description } = pages[page];
  useDocumentTitle(title);
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-1 flex-col items-center justify-center gap-5 px-4 py-16 text-center">
      <span className="inline-flex size-16 items-center justify-center rounded-full bg-brand-soft text-brand-ink">
        <Sparkles aria-hidden="true" className="size-8" />
      </span>
      <h1 className="font-display text-4xl font-bold tracking-tight">{title}</h1>
      <p className="max-w-xl text-lg text-ink-muted">{description}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <ButtonLink to="/" variant="secondary">
          Back to Home
        </ButtonLink>
      </div>
    </div>
  );
}
