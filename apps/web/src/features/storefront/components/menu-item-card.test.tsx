import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { menuItem, option, optionGroup } from '../test-utils.tsx';
import { isCustomizeItemDialogLoaded } from './lazy-customize-item-dialog.tsx';
import { MenuItemCard } from './menu-item-card.tsx';

const bowl = menuItem({ id: 5, name: 'Poke Bowl', option_groups: [optionGroup({ id: 9, name: 'Fish', min_select: 1, options: [option({ id: 91, name: 'Ahi' })] })] });

describe('MenuItemCard', () => {
  it('fetches the customisation dialog when the pointer reaches an item with options', async () => {
    const user = userEvent.setup();
    render(<MenuItemCard item={bowl} onChoose={vi.fn()} />);
    expect(isCustomizeItemDialogLoaded()).toBe(false);
    await user.hover(screen.getByRole('button', { name: 'Choose Options for Poke Bowl' }));
    await waitFor(() => expect(isCustomizeItemDialogLoaded()).toBe(true));
  });

  it('shows a busy spinner on the button while the dialog is on its way, keeping its name', () => {
    const { container } = render(<MenuItemCard item={bowl} opening onChoose={vi.fn()} />);
    const button = screen.getByRole('button', { name: 'Choose Options for Poke Bowl' });
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(container.querySelector('button .animate-spin')).not.toBeNull();
  });
});
