import { useState } from 'react';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MenuItemOutput } from '@kusina/domain/menu';
import { useCartStore } from '../../../stores/cart-store.ts';
import { menuItem, option, optionGroup, renderRoute } from '../../../test/storefront-fixtures.tsx';
import { CustomizeItemDialog } from './customize-item-dialog.tsx';

function Harness({ item }: { item: MenuItemOutput }) {
  const [open, setOpen] = useState<MenuItemOutput | null>(item);
  return <CustomizeItemDialog item={open} onClose={() => setOpen(null)} />;
}

const plate = menuItem({
  id: 7,
  name: 'Chicken Kelaguen Plate',
  price_cents: 1200,
  option_groups: [
    optionGroup({
      id: 10,
      name: 'Protein',
      min_select: 1,
      max_select: 1,
      options: [option({ id: 101, name: 'Chicken', additional_price_cents: 0 }), option({ id: 102, name: 'Beef', additional_price_cents: 300 })],
    }),
    optionGroup({
      id: 20,
      name: 'Sides',
      min_select: 0,
      max_select: 2,
      options: [
        option({ id: 201, name: 'Red rice', additional_price_cents: 150 }),
        option({ id: 202, name: 'Titiyas', additional_price_cents: 100 }),
        option({ id: 203, name: 'Fina’denne’', additional_price_cents: 50 }),
      ],
    }),
  ],
});

afterEach(() => {
  useCartStore.setState({ cartItems: [] });
  vi.unstubAllGlobals();
});

describe('CustomizeItemDialog', () => {
  it('shows each group rule and refuses to add before the minimum is met', async () => {
    const user = userEvent.setup({ delay: null });
    renderRoute(<Harness item={plate} />);
    const dialog = await screen.findByRole('dialog', { name: 'Chicken Kelaguen Plate' });
    expect(within(dialog).getByText('Choose 1')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose up to 2')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Add to Cart' }));
    expect(within(dialog).getByText('Please select at least 1 option(s).')).toBeInTheDocument();
    expect(within(dialog).getByText('Please make all required selections before proceeding.')).toBeInTheDocument();
    expect(useCartStore.getState().cartItems).toHaveLength(0);
  });

  it('drops the oldest choice at max_select and prices the selection live', async () => {
    const user = userEvent.setup({ delay: null });
    renderRoute(<Harness item={plate} />);
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('radio', { name: /Beef/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /Red rice/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /Titiyas/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /Fina/ }));

    expect(within(dialog).getByRole('checkbox', { name: /Red rice/ })).not.toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: /Titiyas/ })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: /Fina/ })).toBeChecked();
    // 12.00 + 3.00 beef + 1.00 titiyas + 0.50 fina'denne'
    expect(within(dialog).getByTestId('customize-total')).toHaveTextContent('$16.50');

    await user.click(within(dialog).getByRole('button', { name: 'Increase quantity of Chicken Kelaguen Plate' }));
    expect(within(dialog).getByTestId('customize-total')).toHaveTextContent('$33.00');

    await user.type(within(dialog).getByLabelText('Notes'), 'Extra lemon');
    await user.click(within(dialog).getByRole('button', { name: 'Add to Cart' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const [line] = useCartStore.getState().cartItems;
    expect(line).toMatchObject({
      id: 7,
      quantity: 2,
      price: 16.5,
      notes: 'Extra lemon',
      selectedOptions: { '10': [102], '20': [202, 203] },
      customizations: { Protein: ['Beef'], Sides: ['Titiyas', 'Fina’denne’'] },
    });
  });

  it('offers a single choice as radio buttons (with None when optional) and calls a free option Free', async () => {
    const user = userEvent.setup({ delay: null });
    const item = menuItem({
      id: 12,
      name: 'Loco Moco',
      price_cents: 1300,
      option_groups: [
        optionGroup({
          id: 60,
          name: 'Egg',
          min_select: 0,
          max_select: 1,
          options: [option({ id: 601, name: 'Fried Egg', additional_price_cents: 0 }), option({ id: 602, name: 'Extra Egg', additional_price_cents: 150 })],
        }),
      ],
    });
    renderRoute(<Harness item={item} />);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: 'None' })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: /Fried Egg Free/ })).not.toBeChecked();
    expect(within(dialog).queryByText('+$0.00')).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('radio', { name: /Extra Egg \+\$1\.50/ }));
    expect(within(dialog).getByTestId('customize-total')).toHaveTextContent('$14.50');
    await user.click(within(dialog).getByRole('radio', { name: /Fried Egg/ }));
    expect(within(dialog).getByRole('radio', { name: /Extra Egg/ })).not.toBeChecked();
    expect(within(dialog).getByTestId('customize-total')).toHaveTextContent('$13.00');
    await user.click(within(dialog).getByRole('radio', { name: 'None' }));
    expect(within(dialog).getByRole('radio', { name: /Fried Egg/ })).not.toBeChecked();
  });

  it('makes the most expensive chosen options the free ones and shows the $2 default price', async () => {
    const user = userEvent.setup({ delay: null });
    const item = menuItem({
      id: 8,
      name: 'Poke Bowl',
      price_cents: 1500,
      option_groups: [
        optionGroup({
          id: 30,
          name: 'Toppings',
          min_select: 0,
          max_select: 3,
          free_option_count: 1,
          options: [
            option({ id: 301, name: 'Seaweed salad', additional_price_cents: 100 }),
            option({ id: 302, name: 'Avocado' }),
            option({ id: 303, name: 'Masago', additional_price_cents: 350 }),
          ],
        }),
      ],
    });
    renderRoute(<Harness item={item} />);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('1 free')).toBeInTheDocument();
    expect(within(dialog).getByRole('checkbox', { name: /Avocado \+\$2\.00/ })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('checkbox', { name: /Seaweed/ }));
    expect(within(dialog).getByRole('checkbox', { name: /Seaweed salad Free/ })).toBeChecked();
    expect(within(dialog).getByTestId('customize-total')).toHaveTextContent('$15.00');

    await user.click(within(dialog).getByRole('checkbox', { name: /Masago/ }));
    // Masago ($3.50) is now the free one; seaweed salad is charged.
    expect(within(dialog).getByRole('checkbox', { name: /Masago Free/ })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: /Seaweed salad \+\$1\.00/ })).toBeChecked();
    expect(within(dialog).getByTestId('customize-total')).toHaveTextContent('$16.00');
  });

  it('hides out-of-stock options of an inventory-tracked group and starts from the preselected ones', async () => {
    const item = menuItem({
      id: 9,
      name: 'Spam Musubi',
      price_cents: 450,
      option_groups: [
        optionGroup({
          id: 40,
          name: 'Style',
          min_select: 1,
          max_select: 1,
          enable_inventory_tracking: true,
          options: [
            option({ id: 401, name: 'Classic', is_preselected: true, available_quantity: 5, stock_quantity: 5 }),
            option({ id: 402, name: 'Teriyaki', available_quantity: 0, in_stock: false }),
          ],
        }),
      ],
    });
    renderRoute(<Harness item={item} />);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('radio', { name: /Classic/ })).toBeChecked();
    expect(within(dialog).queryByText('Teriyaki')).not.toBeInTheDocument();
  });

  it('blocks items whose required options are unavailable with the spec message', async () => {
    const user = userEvent.setup({ delay: null });
    const item = menuItem({
      id: 11,
      name: 'Lau Lau',
      has_required_unavailable_options: true,
      option_groups: [optionGroup({ id: 50, name: 'Wrap', min_select: 1, options: [option({ id: 501, name: 'Ti leaf', available: false })] })],
    });
    renderRoute(<Harness item={item} />);
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Add to Cart' }));
    expect(within(dialog).getByText('Sorry, this item has required options that are currently unavailable.')).toBeInTheDocument();
    expect(useCartStore.getState().cartItems).toHaveLength(0);
  });
});
