import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { menuItem, option, optionGroup } from '../../../test/storefront-fixtures.tsx';
import { isCustomizeItemDialogLoaded } from './lazy-customize-item-dialog.tsx';
import { MenuItemCard } from './menu-item-card.tsx';

const bowl = menuItem({ id: 5, name: 'Poke Bowl', option_groups: [optionGroup({ id: 9, name: 'Fish', min_select: 1, options: [option({ id: 91, name: 'Ahi' })] })] });

describe('MenuItemCard', () => {
  it('fetches the customisation dialog when the pointer reaches an item with options', async () => {
    const user = userEvent.setup({ delay: null });
    render(<MenuItemCard item={bowl} onChoose={vi.fn()} />);
    expect(isCustomizeItemDialogLoaded()).toBe(false);
    await user.hover(screen.getByRole('button', { name: 'Choose Options for Poke Bowl' }));
    await waitFor(() => expect(isCustomizeItemDialogLoaded()).toBe(true));
  });

  it("shows §5's stock display: 'Only N left' at 5 or fewer, 'N in stock' at 20 or fewer, nothing above or untracked", () => {
    const card = (available_quantity: number | null, stock_status: 'in_stock' | 'low_stock' = 'in_stock') =>
      render(<MenuItemCard item={menuItem({ id: 6, name: 'Spam Musubi', enable_stock_tracking: available_quantity !== null, available_quantity, stock_status })} onChoose={vi.fn()} />);
    const texts: Array<string | null> = [];
    for (const [quantity, status] of [[4, 'low_stock'], [5, 'low_stock'], [12, 'in_stock'], [20, 'in_stock'], [21, 'in_stock'], [null, 'in_stock']] as const) {
      const { unmount } = card(quantity, status);
      texts.push(screen.queryByTestId('stock-hint')?.textContent ?? null);
      unmount();
    }
    expect(texts).toEqual(['Only 4 left', 'Only 5 left', '12 in stock', '20 in stock', null, null]);
  });

  it('shows a busy spinner on the button while the dialog is on its way, keeping its name', () => {
    const { container } = render(<MenuItemCard item={bowl} opening onChoose={vi.fn()} />);
    const button = screen.getByRole('button', { name: 'Choose Options for Poke Bowl' });
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(container.querySelector('button .animate-spin')).not.toBeNull();
  });
});
