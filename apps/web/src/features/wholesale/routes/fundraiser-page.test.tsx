import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiError, mockApi, type ApiHandler } from '../../../test/api-mock.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { useWholesaleCartStore } from '../../../stores/wholesale-cart-store.ts';
import { cartLineFixture, envelope, fundraiserFixture, groupFixture, itemFixture } from '../test-fixtures.ts';

const tee = itemFixture({
  option_groups: [
    groupFixture(5, 'Size', [
      { id: 51, name: 'M' },
      { id: 52, name: 'XL', cents: 300 },
      { id: 53, name: 'XXL', available: false },
    ]),
    groupFixture(6, 'Patches', [{ id: 61, name: 'Star' }, { id: 62, name: 'Moon' }, { id: 63, name: 'Sun' }], { min: 0, max: 2 }),
  ],
});
const tigers = fundraiserFixture({ items: [tee] });
const choirLine = cartLineFixture({ id: 'choir', itemId: 201, fundraiserId: 2, fundraiserName: 'St. Anthony Choir', fundraiserSlug: 'st-anthony-choir', name: 'Choir Candle' });

function shopApi(overrides: Record<string, ApiHandler> = {}) {
  return mockApi({
    'GET /wholesale/fundraisers': envelope({ fundraisers: [tigers] }),
    'GET /wholesale/fundraisers/tamuning-tigers': envelope({ fundraiser: tigers }),
    'POST /wholesale/items/101/check_availability': (call) => envelope({ available: true, available_quantity: null, requested: (call.body as { quantity: number }).quantity, errors: [] }),
    ...overrides,
  });
}

beforeEach(() => localStorage.setItem('restaurantId', '1'));
afterEach(() => useWholesaleCartStore.setState({ items: [] }));

async function openTee(user: ReturnType<typeof renderApp>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Choose options for Tigers Tee' }));
  return screen.findByRole('dialog', { name: 'Tigers Tee' });
}

describe('fundraiser page: item customisation and the Switch Fundraisers modal (wholesale.md §2, §4, §5)', () => {
  it('keeps Add to Cart disabled until the required group is chosen, blocks unavailable options, drops the oldest choice beyond max', async () => {
    const api = shopApi();
    const { user } = renderApp('/wholesale/tamuning-tigers');
    const dialog = await openTee(user);
    const add = within(dialog).getByRole('button', { name: /Add to Cart/ });
    expect(add).toBeDisabled();
    expect(within(dialog).getByRole('radio', { name: /XXL/ })).toBeDisabled();

    await user.click(within(dialog).getByRole('radio', { name: /XL \+\$3\.00/ }));
    expect(add).toBeEnabled();
    expect(add).toHaveTextContent('Add to Cart · $28.00');
    await user.click(within(dialog).getByRole('checkbox', { name: /Star/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /Moon/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /Sun/ }));
    expect(within(dialog).getByRole('checkbox', { name: /Star/ })).not.toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: /Moon/ })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: /Sun/ })).toBeChecked();

    await user.click(within(dialog).getByRole('button', { name: 'Increase quantity of Tigers Tee' }));
    await user.click(add);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Tigers Tee' })).not.toBeInTheDocument());
    expect(api.callsTo('POST', '/wholesale/items/101/check_availability')[0]!.body).toEqual({ quantity: 2, selected_options: { '5': [52], '6': [62, 63] } });
    expect(useWholesaleCartStore.getState().items).toMatchObject([
      { itemId: 101, fundraiserId: 1, fundraiserName: 'Tamuning Tigers', quantity: 2, priceCents: 2800, selectedOptions: { Size: ['XL'], Patches: ['Moon', 'Sun'] } },
    ]);
  });

  it('marks an option out of stock when no variant with stock holds it, and it cannot be chosen', async () => {
    const variantTee = itemFixture({
      inventory_mode: 'variant',
      track_variants: true,
      option_groups: [groupFixture(5, 'Size', [{ id: 51, name: 'M' }, { id: 52, name: 'XL' }])],
      item_variants: [
        { id: 1, item_id: 101, variant_key: '51', variant_name: 'M', active: true, stock_quantity: 4, damaged_quantity: 0, low_stock_threshold: null, available_quantity: 4, stock_status: 'in_stock' },
        { id: 2, item_id: 101, variant_key: '52', variant_name: 'XL', active: true, stock_quantity: 2, damaged_quantity: 2, low_stock_threshold: null, available_quantity: 0, stock_status: 'out_of_stock' },
      ],
    });
    shopApi({ 'GET /wholesale/fundraisers/tamuning-tigers': envelope({ fundraiser: fundraiserFixture({ items: [variantTee] }) }) });
    const { user } = renderApp('/wholesale/tamuning-tigers');
    const dialog = await openTee(user);
    const xl = within(dialog).getByRole('radio', { name: /XL/ });
    expect(xl).toBeDisabled();
    expect(xl.closest('label')).toHaveTextContent('Out of stock');
    expect(within(dialog).getByRole('radio', { name: /^M/ })).toBeEnabled();
  });

  it("shows 'Cannot add to cart' with the server's stock errors and adds nothing", async () => {
    shopApi({
      'POST /wholesale/items/101/check_availability': envelope({ available: false, available_quantity: 0, requested: 1, errors: ['Tigers Tee is out of stock'] }),
    });
    const { user } = renderApp('/wholesale/tamuning-tigers');
    const dialog = await openTee(user);
    await user.click(within(dialog).getByRole('radio', { name: /^M/ }));
    await user.click(within(dialog).getByRole('button', { name: /Add to Cart/ }));
    expect(await within(dialog).findByText('Cannot add to cart')).toBeInTheDocument();
    expect(within(dialog).getByText('Tigers Tee is out of stock')).toBeInTheDocument();
    expect(useWholesaleCartStore.getState().items).toEqual([]);
  });

  it("offers Switch Fundraisers when the cart holds another fundraiser's items: keep it, or clear it and add", async () => {
    shopApi();
    useWholesaleCartStore.setState({ items: [choirLine] });
    const { user } = renderApp('/wholesale/tamuning-tigers');

    let dialog = await openTee(user);
    await user.click(within(dialog).getByRole('radio', { name: /^M/ }));
    await user.click(within(dialog).getByRole('button', { name: /Add to Cart/ }));
    let ask = await screen.findByRole('dialog', { name: 'Switch Fundraisers?' });
    expect(within(ask).getByText('Your cart has items from St. Anthony Choir. A cart can hold items from one fundraiser at a time.')).toBeInTheDocument();
    await user.click(within(ask).getByRole('button', { name: 'Keep Current Cart' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(useWholesaleCartStore.getState().items.map((l) => l.name)).toEqual(['Choir Candle']);

    dialog = await openTee(user);
    await user.click(within(dialog).getByRole('radio', { name: /^M/ }));
    await user.click(within(dialog).getByRole('button', { name: /Add to Cart/ }));
    ask = await screen.findByRole('dialog', { name: 'Switch Fundraisers?' });
    await user.click(within(ask).getByRole('button', { name: 'Clear Cart and Continue' }));
    await waitFor(() => expect(useWholesaleCartStore.getState().items.map((l) => [l.name, l.fundraiserId])).toEqual([['Tigers Tee', 1]]));
  });

  it('goes back to the list with the warning on 404 and 403', async () => {
    shopApi({
      'GET /wholesale/fundraisers/gone': apiError(404, 'That fundraiser is not available.'),
      'GET /wholesale/fundraisers/ended': apiError(403, 'This fundraiser is not currently accepting orders.'),
    });
    const first = renderApp('/wholesale/gone');
    expect(await screen.findByText('That fundraiser is not available.')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/wholesale$/);
    first.unmount();
    renderApp('/wholesale/ended');
    expect(await screen.findByText('This fundraiser is not currently accepting orders.')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/wholesale$/);
  });
});
