import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { focusManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MerchandiseItemOutput } from '@kusina/domain/merchandise';
import { apiError, mockApi } from '../../../test/api-mock.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { merchandiseCollection, merchandiseItem } from '../../../test/storefront-fixtures.tsx';

const collections = [
  merchandiseCollection({ id: 1, name: 'Island Essentials', description: 'Everyday tees, hats and stickers.', current: true, position: 0 }),
  merchandiseCollection({ id: 2, name: 'Fiesta Collection', description: 'Limited runs for the fiesta season.', position: 1 }),
  merchandiseCollection({ id: 3, name: 'Latte Stone Classics', description: 'Our first designs.', position: 2 }),
];

// Sizes deliberately out of order: the panel must show them XS, S, M, XL, 2XL.
const logoTee = merchandiseItem({ id: 1, name: 'Kusina Logo Tee', merchandise_collection_id: 1, category_name: 'Shirts' }, [
  ['XL', 'Black', 12],
  ['S', 'Black', 12],
  ['M', 'Black', 0],
  ['M', 'Red', 4],
  ['2XL', 'Black', 12, 200],
  ['XS', 'White', 0],
]);
const snapback = merchandiseItem({ id: 2, name: 'Kusina Snapback', merchandise_collection_id: 1, base_price_cents: 2800, category_name: 'Hats' }, [
  [null, 'Black', 6],
  [null, 'Khaki', 6],
]);
const sticker = merchandiseItem({ id: 3, name: 'Spam Musubi Sticker', merchandise_collection_id: 1, base_price_cents: 500 }, [[null, null, 3]]);
const fiestaTee = merchandiseItem({ id: 4, name: 'Fiesta 2025 Tee', merchandise_collection_id: 2, base_price_cents: 2000 }, [
  ['S', 'Red', 0],
  ['M', 'Red', 0],
]);
const pin = merchandiseItem({ id: 5, name: 'Latte Stone Enamel Pin', base_price_cents: 1200, enable_stock_tracking: false });
const shop = [logoTee, snapback, sticker, fiestaTee, pin];

function mockShop(items: MerchandiseItemOutput[] | (() => MerchandiseItemOutput[]) = shop) {
  return mockApi({
    'GET /merchandise_items': () => ({ body: typeof items === 'function' ? items() : items }),
    'GET /merchandise_collections': { body: collections },
  });
}

const cardNames = (hidden = false) => screen.queryAllByRole('article', { hidden }).map((card) => within(card).getByRole('heading', { hidden }).textContent);
const filterPanel = () => screen.getByRole('complementary', { name: 'Filters' });
const location = () => screen.getByTestId('location').textContent ?? '';

afterEach(() => {
  vi.useRealTimers();
  act(() => focusManager.setFocused(undefined));
});

describe('MerchandisePage: collections', () => {
  it('opens on the current collection with its description, lists All Items and each active collection, and moves with the arrow keys', async () => {
    mockShop();
    const { user } = renderApp('/merchandise');
    expect(await screen.findByRole('heading', { level: 1, name: 'Merchandise' })).toBeInTheDocument();

    await screen.findByRole('tab', { name: 'Island Essentials', selected: true });
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['All Items', 'Island Essentials', 'Fiesta Collection', 'Latte Stone Classics']);
    expect(screen.getByRole('tab', { name: 'Island Essentials' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('Everyday tees, hats and stickers.')).toBeInTheDocument();
    await waitFor(() => expect(cardNames()).toEqual(['Kusina Logo Tee', 'Kusina Snapback', 'Spam Musubi Sticker']));
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('Island Essentials');

    await user.click(screen.getByRole('tab', { name: 'All Items' }));
    await waitFor(() => expect(cardNames()).toEqual(['Kusina Logo Tee', 'Kusina Snapback', 'Spam Musubi Sticker', 'Fiesta 2025 Tee', 'Latte Stone Enamel Pin']));
    expect(screen.queryByText('Everyday tees, hats and stickers.')).not.toBeInTheDocument();
    expect(location()).toBe('/merchandise?collection=all');

    // Arrow keys move selection and focus along the tab list (automatic activation).
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Fiesta Collection' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Fiesta Collection' })).toHaveFocus();
    expect(screen.getByText('Limited runs for the fiesta season.')).toBeInTheDocument();
    await waitFor(() => expect(cardNames()).toEqual(['Fiesta 2025 Tee']));

    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Latte Stone Classics' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('No merchandise items available in this collection')).toBeInTheDocument();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'All Items' })).toHaveFocus();
  });

  it('shows cards with "from" prices, stock words and a sold-out state', async () => {
    mockShop();
    renderApp('/merchandise?collection=all');
    const tee = await screen.findByRole('article', { name: 'Kusina Logo Tee' });
    expect(within(tee).getByTestId('merchandise-price')).toHaveTextContent('From $25.00');
    expect(within(tee).getByText('XS – 2XL · 3 colors')).toBeInTheDocument();
    // Cards beyond the first screen arrive in the following passes (0054).
    const sticker = await screen.findByRole('article', { name: 'Spam Musubi Sticker' });
    expect(within(sticker).getByTestId('merchandise-price')).toHaveTextContent('$5.00');
    expect(within(sticker).getByText('Only 3 left')).toBeInTheDocument();
    const snapbackCard = await screen.findByRole('article', { name: 'Kusina Snapback' });
    expect(within(snapbackCard).getByText('12 in stock')).toBeInTheDocument();
    const fiesta = await screen.findByRole('article', { name: 'Fiesta 2025 Tee' });
    expect(within(fiesta).getByText('Sold out')).toBeInTheDocument();
    expect(within(fiesta).getByText('Out of stock')).toBeInTheDocument();
    // Untracked stock shows no figure (999 is never "in stock" words).
    const pinCard = await screen.findByRole('article', { name: 'Latte Stone Enamel Pin' });
    expect(within(pinCard).queryByText(/in stock|left/)).not.toBeInTheDocument();
    expect(within(pinCard).getByRole('button', { name: 'Quick View of Latte Stone Enamel Pin' })).toBeEnabled();
  });

  it("says 'An error occurred: {message}.' when the shop cannot be loaded, and retries", async () => {
    let fail = true;
    mockApi({
      'GET /merchandise_items': () => (fail ? apiError(400, 'The shop is closed today.') : { body: shop }),
      'GET /merchandise_collections': { body: collections },
    });
    const { user } = renderApp('/merchandise');
    expect(await screen.findByText('An error occurred: The shop is closed today.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Kusina Logo Tee' })).toBeInTheDocument();
  });
});

describe('MerchandisePage: filters', () => {
  it('lists sizes in the XS…5XL order and colours, filters per variant, and shows removable chips, Clear All and the no-match state', async () => {
    mockShop();
    const { user } = renderApp('/merchandise?collection=all');
    await screen.findByRole('article', { name: 'Kusina Logo Tee' });
    const panel = filterPanel();
    const sizeGroup = within(panel).getByRole('group', { name: 'Size' });
    expect(within(sizeGroup).getAllByRole('button').map((b) => b.textContent)).toEqual(['XS', 'S', 'M', 'XL', '2XL']);
    expect(within(within(panel).getByRole('group', { name: 'Color' })).getAllByRole('button').map((b) => b.textContent)).toEqual(['Black', 'Red', 'White', 'Khaki']);

    await user.click(within(sizeGroup).getByRole('button', { name: 'M' }));
    expect(within(sizeGroup).getByRole('button', { name: 'M' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(cardNames()).toEqual(['Kusina Logo Tee', 'Fiesta 2025 Tee']));

    // M + Black + In stock: the tee's black M is sold out (its red M is not), so nothing matches.
    await user.click(within(panel).getByRole('button', { name: 'Black' }));
    await user.click(within(panel).getByRole('radio', { name: 'In stock' }));
    expect(screen.getByText('No items match the selected filters. Try adjusting your filters.')).toBeInTheDocument();
    expect(location()).toBe('/merchandise?collection=all&size=M&color=Black&stock=in_stock');

    const chips = screen.getByRole('list', { name: 'Active filters' });
    expect(within(chips).getAllByRole('button', { name: /^Remove filter/ }).map((b) => b.textContent)).toEqual(['Size: M', 'Color: Black', 'In stock']);
    await user.click(within(chips).getByRole('button', { name: 'Remove filter Color: Black' }));
    await waitFor(() => expect(cardNames()).toEqual(['Kusina Logo Tee']));
    expect(within(panel).getByRole('button', { name: 'Black' })).toHaveAttribute('aria-pressed', 'false');

    await user.click(within(panel).getByRole('button', { name: 'Clear All' }));
    await waitFor(() => expect(cardNames()).toHaveLength(5));
    expect(screen.queryByRole('list', { name: 'Active filters' })).not.toBeInTheDocument();
    expect(location()).toBe('/merchandise?collection=all');
  });

  it('offers the four price buckets when the top price is over $25, one bucket otherwise, and a 0-100 slider in steps of 10', async () => {
    mockShop();
    const { user } = renderApp('/merchandise?collection=all');
    await screen.findByRole('article', { name: 'Kusina Logo Tee' });
    const price = within(filterPanel()).getByRole('group', { name: 'Price' });
    expect(within(price).getAllByRole('button').map((b) => b.textContent)).toEqual(['$0 - $25', '$25 - $50', '$50 - $100', '$100+']);

    await user.click(within(price).getByRole('button', { name: '$25 - $50' }));
    // The tee's 2XL ($27) and the snapback ($28) cost 25 or more; the tee's $25 sizes count too (25 is in 25-50).
    await waitFor(() => expect(cardNames()).toEqual(['Kusina Logo Tee', 'Kusina Snapback']));
    await user.click(within(price).getByRole('button', { name: '$0 - $25' }));
    await waitFor(() => expect(cardNames()).toEqual(['Spam Musubi Sticker', 'Fiesta 2025 Tee', 'Latte Stone Enamel Pin']));
    expect(within(screen.getByRole('list', { name: 'Active filters' })).getByRole('button', { name: 'Remove filter Price: $0 - $25' })).toBeInTheDocument();
    await user.click(within(price).getByRole('button', { name: '$0 - $25' }));

    const slider = within(price).getByRole('slider', { name: 'Maximum price' });
    expect(slider).toHaveAttribute('min', '0');
    expect(slider).toHaveAttribute('max', '100');
    expect(slider).toHaveAttribute('step', '10');
    expect(slider).toHaveAttribute('aria-valuetext', 'Any price');
    fireEvent.change(slider, { target: { value: '10' } });
    expect(slider).toHaveAttribute('aria-valuetext', 'Up to $10');
    await waitFor(() => expect(cardNames()).toEqual(['Spam Musubi Sticker']));
    expect(location()).toContain('max=10');

    // The Fiesta collection tops out at $20: one bucket, $0 - $20.
    await user.click(screen.getByRole('tab', { name: 'Fiesta Collection' }));
    expect(within(within(filterPanel()).getByRole('group', { name: 'Price' })).getAllByRole('button').map((b) => b.textContent)).toEqual(['$0 - $20']);
  });

  it('reads the filters from the URL, so a filtered shop can be shared', async () => {
    mockShop();
    renderApp('/merchandise?collection=all&size=XL&size=S&stock=in_stock&max=90');
    await waitFor(() => expect(cardNames()).toEqual(['Kusina Logo Tee']));
    const chips = screen.getByRole('list', { name: 'Active filters' });
    // Chips follow the size order, whatever order the link had.
    expect(within(chips).getAllByRole('button').map((b) => b.textContent)).toEqual(['Size: S', 'Size: XL', 'Price: Up to $90', 'In stock', 'Clear All']);
  });

  it('edits a draft in the mobile sheet: Apply applies it, Reset clears it', async () => {
    mockShop();
    const { user } = renderApp('/merchandise?collection=all');
    await screen.findByRole('article', { name: 'Kusina Logo Tee' });
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    const sheet = await screen.findByRole('dialog', { name: 'Filters' });
    await user.click(within(sheet).getByRole('button', { name: 'Khaki' }));
    // Not applied yet (the page behind the modal sheet is hidden from assistive technology meanwhile).
    expect(cardNames(true)).toHaveLength(5);
    await user.click(within(sheet).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Filters' })).not.toBeInTheDocument());
    await waitFor(() => expect(cardNames()).toEqual(['Kusina Snapback']));
    expect(screen.getByRole('button', { name: 'Filters (1)' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Filters (1)' }));
    const again = await screen.findByRole('dialog', { name: 'Filters' });
    expect(within(again).getByRole('button', { name: 'Khaki' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(again).getByRole('button', { name: 'Reset' }));
    expect(within(again).getByRole('button', { name: 'Khaki' })).toHaveAttribute('aria-pressed', 'false');
    await user.click(within(again).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(cardNames()).toHaveLength(5));
  });
});

describe('MerchandisePage: screen width', () => {
  function stubMatchMedia(wide: boolean) {
    const listeners = new Set<() => void>();
    const stub = vi.fn((query: string) => ({
      matches: query === '(min-width: 64rem)' ? wide : false,
      media: query,
      addEventListener: (_: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
    }));
    vi.stubGlobal('matchMedia', stub);
    return {
      resize(next: boolean) {
        wide = next;
        for (const listener of listeners) listener();
      },
    };
  }
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('builds the side panel only on wide screens (a phone has the Filters sheet) and follows a change of width', async () => {
    mockShop();
    const screenWidth = stubMatchMedia(false);
    renderApp('/merchandise?collection=all');
    await screen.findByRole('article', { name: 'Kusina Logo Tee' });
    expect(screen.queryByRole('complementary', { name: 'Filters' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Filters' })).toBeInTheDocument();

    act(() => screenWidth.resize(true));
    expect(within(filterPanel()).getByRole('group', { name: 'Size' })).toBeInTheDocument();
  });
});

describe('MerchandisePage: inventory polling', () => {
  it('refetches stock every 10 s while the tab is visible and pauses while it is hidden', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let left = 12;
    const api = mockShop(() => [merchandiseItem({ id: 2, name: 'Kusina Snapback', merchandise_collection_id: 1, base_price_cents: 2800 }, [[null, 'Black', left]])]);
    renderApp('/merchandise');
    const card = await screen.findByRole('article', { name: 'Kusina Snapback' });
    expect(within(card).getByText('12 in stock')).toBeInTheDocument();
    const before = api.callsTo('GET', '/merchandise_items').length;

    left = 2;
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    await waitFor(() => expect(within(screen.getByRole('article', { name: 'Kusina Snapback' })).getByText('Only 2 left')).toBeInTheDocument());
    expect(api.callsTo('GET', '/merchandise_items').length).toBe(before + 1);

    act(() => focusManager.setFocused(false));
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(api.callsTo('GET', '/merchandise_items').length).toBe(before + 1);
  });
});
