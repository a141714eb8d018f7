import { useCallback, useRef, useState } from 'react';
import { addToCartProblem, type MenuItemOutput } from '@kusina/domain/menu';
import { showToast } from '../../../lib/toast.ts';
import { MenuText } from '../messages.ts';
import { isCustomizeItemDialogLoaded, loadCustomizeItemDialog } from './lazy-customize-item-dialog.tsx';

/**
 * Choosing a menu item: items with option groups open the customisation dialog; others go straight
 * into the cart (a toast names the item), unless stock or the item's state blocks it. The dialog
 * loads on demand: while it downloads, `openingId` names the item whose button shows a spinner.
 * Toasts go through lib/toast.ts, so react-hot-toast stays off the home route's first download.
 */
/** The cart rules for items without options, fetched on first use (or on hover, see preloadAddToCart). */
const loadAddToCart = () => import('./add-to-cart.ts');

/** Pointer over or focus on an item without options: fetch the cart rules before the click. */
export function preloadAddToCart(): void {
  loadAddToCart().catch(() => {
    // Choosing the item tries again and tells the customer if it still fails.
  });
}

export function useChooseMenuItem() {
  const [customizing, setCustomizing] = useState<MenuItemOutput | null>(null);
  const [openingId, setOpeningId] = useState<number | null>(null);
  // The item chosen last: a slow download opens the dialog for it, not for an earlier click.
  const latest = useRef<number | null>(null);

  // Stable (it reads only refs and setters), so the memoised cards keep their render (0079).
  const choose = useCallback((item: MenuItemOutput) => {
    const blocked = addToCartProblem(item);
    if (blocked) {
      showToast('error', blocked);
      return;
    }
    if (item.option_groups.length > 0) {
      latest.current = item.id;
      if (isCustomizeItemDialogLoaded()) {
        setCustomizing(item);
        return;
      }
      setOpeningId(item.id);
      loadCustomizeItemDialog().then(
        () => {
          if (latest.current !== item.id) return;
          setOpeningId(null);
          setCustomizing(item);
        },
        () => {
          if (latest.current !== item.id) return;
          setOpeningId(null);
          showToast('error', MenuText.optionsUnavailable, { id: 'customize-load-failed' });
        },
      );
      return;
    }
    loadAddToCart().then(
      ({ addItemWithoutOptions }) => {
        const problem = addItemWithoutOptions(item);
        showToast(problem ? 'error' : 'success', problem ?? `Added ${item.name} to cart`);
      },
      () => showToast('error', MenuText.addUnavailable, { id: 'add-to-cart-load-failed' }),
    );
  }, []);

  const closeCustomizer = useCallback(() => {
    latest.current = null;
    setCustomizing(null);
  }, []);

  return { customizing, openingId, choose, closeCustomizer };
}
