import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/api-mock.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { useWholesaleCartStore } from '../../../stores/wholesale-cart-store.ts';
import { cartLineFixture, envelope, fundraiserFixture } from '../test-fixtures.ts';

const tigers = fundraiserFixture();
const choir = fundraiserFixture({ id: 2, name: 'St. Anthony Choir', slug: 'st-anthony-choir', participants: [] });

beforeEach(() => {
  localStorage.setItem('restaurantId', '1');
  mockApi({
    'GET /wholesale/fundraisers': envelope({ fundraisers: [tigers, choir] }),
    'GET /wholesale/fundraisers/tamuning-tigers': envelope({ fundraiser: tigers }),
    'GET /wholesale/fundraisers/st-anthony-choir': envelope({ fundraiser: choir }),
  });
});
afterEach(() => useWholesaleCartStore.setState({ items: [] }));

describe('fundraiser list: the conflict modal (wholesale.md §2, §4)', () => {
  it("asks before opening another fundraiser while the cart holds the Tigers' items; Keep Current Cart stays and returns focus", async () => {
    useWholesaleCartStore.setState({ items: [cartLineFixture()] });
    const { user } = renderApp('/wholesale');
    const choirCard = await screen.findByRole('link', { name: /St\. Anthony Choir/ });
    await user.click(choirCard);

    const dialog = await screen.findByRole('dialog', { name: 'Switch Fundraisers?' });
    expect(within(dialog).getByText('Your cart has items from Tamuning Tigers. A cart can hold items from one fundraiser at a time.')).toBeInTheDocument();
    expect(within(dialog).getByText('Clearing the cart removes its items so you can shop St. Anthony Choir.')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/wholesale$/);

    await user.click(within(dialog).getByRole('button', { name: 'Keep Current Cart' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(choirCard).toHaveFocus());
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/wholesale$/);
    expect(useWholesaleCartStore.getState().items).toHaveLength(1);
  });

  it('Clear Cart and Continue empties the cart and opens the other fundraiser', async () => {
    useWholesaleCartStore.setState({ items: [cartLineFixture()] });
    const { user } = renderApp('/wholesale');
    await user.click(await screen.findByRole('link', { name: /St\. Anthony Choir/ }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Clear Cart and Continue' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/wholesale/st-anthony-choir'));
    expect(useWholesaleCartStore.getState().items).toEqual([]);
  });

  it("opens the cart's own fundraiser, or any with an empty cart, without asking", async () => {
    useWholesaleCartStore.setState({ items: [cartLineFixture()] });
    const { user, unmount } = renderApp('/wholesale');
    await user.click(await screen.findByRole('link', { name: /Tamuning Tigers/ }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/wholesale/tamuning-tigers'));
    expect(screen.queryByRole('dialog', { name: 'Switch Fundraisers?' })).not.toBeInTheDocument();
    unmount();

    useWholesaleCartStore.setState({ items: [] });
    const again = renderApp('/wholesale');
    await again.user.click(await screen.findByRole('link', { name: /St\. Anthony Choir/ }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/wholesale/st-anthony-choir'));
    expect(screen.queryByRole('dialog', { name: 'Switch Fundraisers?' })).not.toBeInTheDocument();
  });
});
