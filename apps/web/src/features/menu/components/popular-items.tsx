import type { MenuItemOutput } from '@kusina/domain/menu';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { ArrowRightIcon } from '../../../components/ui/icons.tsx';
import { LazyCustomizeItemDialog } from './lazy-customize-item-dialog.tsx';
import { MenuItemCard } from './menu-item-card.tsx';
import { useChooseMenuItem } from './use-choose-menu-item.ts';

/**
 * The home page's Popular Items (storefront.md §9): the featured dishes as menu cards, added to the
 * cart or customised from here. A lazy chunk of the home page: it is fetched alongside the
 * featured items, which it needs before it can show anything.
 */
export function PopularItems({ items }: { items: MenuItemOutput[] }) {
  const { customizing, openingId, choose, closeCustomizer } = useChooseMenuItem();
  return (
    <section aria-labelledby="popular-title" className="mx-auto max-w-6xl px-4 py-10">
      <div className="mb-6 flex items-end justify-between gap-4">
        <h2 id="popular-title" className="font-display text-3xl font-bold">
          Popular Items
        </h2>
        <ButtonLink to="/menu" variant="link">
          View All
          <ArrowRightIcon className="size-4" />
        </ButtonLink>
      </div>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {items.map((item, index) => (
          <li key={item.id} className="flex">
            <div className="min-w-0 flex-1">
              <MenuItemCard item={item} priority={index < 3} opening={openingId === item.id} onChoose={choose} />
            </div>
          </li>
        ))}
      </ul>
      <LazyCustomizeItemDialog item={customizing} onClose={closeCustomizer} />
    </section>
  );
}
