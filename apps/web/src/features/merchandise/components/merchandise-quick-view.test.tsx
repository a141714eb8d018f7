import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MerchandiseItemOutput } from '@kusina/domain/merchandise';
import { mockApi } from '../../../test/api-mock.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { useCartStore, type CartItem } from '../../../stores/cart-store.ts';
import { merchandiseCollection, merchandiseItem } from '../../../test/storefront-fixtures.tsx';

// Variant ids are item id × 100 + position: XS/White 101, S/Black 102, M/Black 103, M/Red 104, XL/Black 105, 2XL/Black 106.
const logoTee = merchandiseItem(
  {
    id: 1,
    name: 'Kusina Logo Tee',
    description: 'Soft ring-spun cotton tee with the hibiscus logo.',
    category_name: 'Shirts',
    merchandise_collection_id: 1,
    image_url: '/images/merchandise/tee-front.svg',
    second_image_url: '/images/merchandise/tee-back.svg',
    additional_images: ['/images/merchandise/tee-red.svg', '/images/merchandise/tee-front.svg'],
  },
  [
    ['XS', 'White', 0],
    ['S', 'Black', 12],
    ['M', 'Black', 0],
    ['M', 'Red', 4],
    ['XL', 'Black', 5],
    ['2XL', 'Black', 12, 200],
  ],
);
const fiestaTee = merchandiseItem({ id: 4, name: 'Fiesta 2025 Tee', base_price_cents: 2000 }, [
  ['S', 'Red', 0],
  ['M', 'Red', 0],
]);
const pin = merchandiseItem({ id: 5, name: 'Latte Stone Enamel Pin', base_price_cents: 1200, enable_stock_tracking: false });
const snapback = merchandiseItem({ id: 2, name: 'Kusina Snapback', base_price_cents: 2800 }, [
  [null, 'Black', 6],
  [null, 'Khaki', 0],
]);

function openQuickView(item: MerchandiseItemOutput, cartItems: CartItem[] = []) {
  mockApi({
    'GET /merchandise_items': { body: [logoTee, fiestaTee, pin, snapback] },
    'GET /merchandise_collections': { body: [merchandiseCollection({ id: 1, name: 'Island Essentials', current: true })] },
  });
  return renderApp(`/merchandise?collection=all&item=${item.id}`, { cartItems });
}

const cart = () => useCartStore.getState().cartItems;

describe('Merchandise Quick View', () => {
  it('is a labelled modal: disabled sizes without stock, colours only when the size has more than one, the variant price', async () => {
    const { user } = openQuickView(logoTee);
    const dialog = await screen.findByRole('dialog', { name: 'Kusina Logo Tee' });
    const sizes = within(dialog).getByRole('group', { name: 'Size' });
    expect(within(sizes).getAllByRole('button').map((b) => b.textContent)).toEqual(['XS', 'S', 'M', 'XL', '2XL']);
    expect(within(sizes).getByRole('button', { name: 'XS, sold out' })).toBeDisabled();
    expect(within(dialog).queryByRole('group', { name: /^Color/ })).not.toBeInTheDocument();
    expect(within(dialog).getByTestId('quick-view-price')).toHaveTextContent('From $25.00');

    // M comes in Black (sold out) and Red: the colour picker shows, Red is chosen for you.
    await user.click(within(sizes).getByRole('button', { name: 'M' }));
    const colors = within(dialog).getByRole('group', { name: 'Color: Red' });
    expect(within(colors).getByRole('button', { name: 'Black, sold out' })).toBeDisabled();
    expect(within(colors).getByRole('button', { name: 'Red' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(dialog).getByText('4 left')).toBeInTheDocument();

    // S comes in one colour: no picker, the colour is stated.
    await user.click(within(sizes).getByRole('button', { name: 'S' }));
    expect(within(dialog).queryByRole('group', { name: /^Color/ })).not.toBeInTheDocument();
    expect(within(dialog).getByText('Color:').parentElement).toHaveTextContent('Color: Black');
    expect(within(dialog).getByText('12 in stock')).toBeInTheDocument();

    await user.click(within(sizes).getByRole('button', { name: '2XL' }));
    expect(within(dialog).getByTestId('quick-view-price')).toHaveTextContent('$27.00');

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/merchandise\?collection=all$/);
  });

  it('asks for a size first, clamps typed quantities to the variant stock, adds with the spec toast and merges into the line', async () => {
    const { user } = openQuickView(logoTee);
    const dialog = await screen.findByRole('dialog', { name: 'Kusina Logo Tee' });
    await user.click(within(dialog).getByRole('button', { name: 'Add to Cart' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please select a size.');
    expect(cart()).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'XL' }));
    const quantity = within(dialog).getByRole('spinbutton', { name: 'Quantity' });
    await user.clear(quantity);
    await user.type(quantity, '50');
    await user.tab();
    expect(quantity).toHaveValue(5);
    expect(within(dialog).getByRole('button', { name: 'Increase quantity of Kusina Logo Tee' })).toBeDisabled();
    await user.clear(quantity);
    await user.type(quantity, '0');
    await user.tab();
    expect(quantity).toHaveValue(1);

    await user.click(within(dialog).getByRole('button', { name: 'Increase quantity of Kusina Logo Tee' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByText('Added 2 Kusina Logo Tee to cart')).toBeInTheDocument();
    expect(cart()).toEqual([
      { id: 1, name: 'Kusina Logo Tee', price: 25, quantity: 2, image: '/images/merchandise/tee-front.svg', type: 'merchandise', variant_id: 105, variant_details: { size: 'XL', color: 'Black' } },
    ]);
    expect(within(dialog).getByTestId('quick-view-in-cart')).toHaveTextContent('2 in your cart');

    // Only 3 more XL/Black may go in: the quantity stops there, and the same variant merges into its line.
    await user.clear(quantity);
    await user.type(quantity, '9');
    await user.tab();
    expect(quantity).toHaveValue(3);
    await user.click(within(dialog).getByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByText('Added 3 Kusina Logo Tee to cart')).toBeInTheDocument();
    expect(cart()).toHaveLength(1);
    expect(cart()[0]).toMatchObject({ variant_id: 105, quantity: 5 });
    expect(within(dialog).getByTestId('quick-view-in-cart')).toHaveTextContent('All 5 available are in your cart');
    expect(within(dialog).getByRole('button', { name: 'Add to Cart' })).toBeDisabled();

    // Another size is another line; one unit says 'Added {name} to cart'.
    await user.click(within(dialog).getByRole('button', { name: 'M' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByText('Added Kusina Logo Tee to cart')).toBeInTheDocument();
    expect(cart().map((line) => [line.variant_id, line.quantity, line.variant_details])).toEqual([
      [105, 5, { size: 'XL', color: 'Black' }],
      [104, 1, { size: 'M', color: 'Red' }],
    ]);
  });

  it('never lets a line that is already in the cart pass the variant stock', async () => {
    const existing: CartItem = { id: 1, name: 'Kusina Logo Tee', price: 25, quantity: 4, type: 'merchandise', variant_id: 104, variant_details: { size: 'M', color: 'Red' } };
    const { user } = openQuickView(logoTee, [existing]);
    const dialog = await screen.findByRole('dialog', { name: 'Kusina Logo Tee' });
    await user.click(within(dialog).getByRole('button', { name: 'M' }));
    expect(within(dialog).getByTestId('quick-view-in-cart')).toHaveTextContent('All 4 available are in your cart');
    expect(within(dialog).getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
    expect(cart()).toEqual([existing]);
  });

  it('caps untracked items at 99 and preselects the first colour in stock of an item without sizes', async () => {
    const { user } = openQuickView(pin);
    const dialog = await screen.findByRole('dialog', { name: 'Latte Stone Enamel Pin' });
    const quantity = within(dialog).getByRole('spinbutton', { name: 'Quantity' });
    await user.clear(quantity);
    await user.type(quantity, '150');
    await user.tab();
    expect(quantity).toHaveValue(99);
    await user.click(within(dialog).getByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByText('Added 99 Latte Stone Enamel Pin to cart')).toBeInTheDocument();
    expect(cart()[0]).toMatchObject({ id: 5, variant_id: 501, quantity: 99, variant_details: {} });
  });

  it('shows the colour picker for an item without sizes only when it has several colours, with sold-out colours disabled', async () => {
    openQuickView(snapback);
    const dialog = await screen.findByRole('dialog', { name: 'Kusina Snapback' });
    expect(within(dialog).queryByRole('group', { name: /^Size/ })).not.toBeInTheDocument();
    const colors = within(dialog).getByRole('group', { name: 'Color: Black' });
    expect(within(colors).getByRole('button', { name: 'Khaki, sold out' })).toBeDisabled();
    expect(within(colors).getByRole('button', { name: 'Black' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('cannot add a sold-out item', async () => {
    openQuickView(fiestaTee);
    const dialog = await screen.findByRole('dialog', { name: 'Fiesta 2025 Tee' });
    expect(within(dialog).getByRole('button', { name: 'S, sold out' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'M, sold out' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Sold out' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Buy it now' })).toBeDisabled();
    expect(within(dialog).getByText('Sorry, this item is out of stock.')).toBeInTheDocument();
  });

  it('Buy it now adds the variant and goes to checkout', async () => {
    const { user } = openQuickView(logoTee);
    const dialog = await screen.findByRole('dialog', { name: 'Kusina Logo Tee' });
    await user.click(within(dialog).getByRole('button', { name: 'S' }));
    await user.click(within(dialog).getByRole('button', { name: 'Buy it now' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/checkout$/));
    expect(cart()).toMatchObject([{ variant_id: 102, quantity: 1, type: 'merchandise' }]);
  });

  it('has a keyboard gallery, the pickup note, product details and working share links', async () => {
    const { user } = openQuickView(logoTee);
    const dialog = await screen.findByRole('dialog', { name: 'Kusina Logo Tee' });
    const gallery = within(dialog).getByRole('region', { name: 'Images of Kusina Logo Tee' });
    // Main, second and additional images without the duplicate.
    expect(within(gallery).getAllByRole('button', { name: /^Show image/ })).toHaveLength(3);
    expect(within(gallery).getByRole('img')).toHaveAccessibleName('Kusina Logo Tee, image 1 of 3');
    await user.click(within(gallery).getByRole('button', { name: 'Show image 3 of 3' }));
    expect(within(gallery).getByTestId('quick-view-image')).toHaveAttribute('src', '/images/merchandise/tee-red.svg');
    expect(within(gallery).getByRole('button', { name: 'Show image 3 of 3' })).toHaveAttribute('aria-current', 'true');
    await user.keyboard('{ArrowRight}');
    expect(within(gallery).getByTestId('quick-view-image')).toHaveAttribute('src', '/images/merchandise/tee-front.svg');
    await user.keyboard('{ArrowLeft}');
    expect(within(gallery).getByTestId('quick-view-image')).toHaveAttribute('src', '/images/merchandise/tee-red.svg');
    await user.click(within(gallery).getByRole('button', { name: 'Previous image' }));
    expect(within(gallery).getByTestId('quick-view-image')).toHaveAttribute('src', '/images/merchandise/tee-back.svg');

    expect(within(dialog).getByText(/Pickup only/)).toBeInTheDocument();
    expect(within(dialog).getByText('Soft ring-spun cotton tee with the hibiscus logo.')).toBeInTheDocument();
    const share = within(dialog).getByRole('group', { name: 'Share' });
    const link = `${window.location.origin}/merchandise?item=1`;
    expect(within(share).getByRole('link', { name: 'Share on Facebook (opens in a new tab)' })).toHaveAttribute(
      'href',
      `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(link)}`,
    );
    expect(within(share).getByRole('link', { name: 'Share on X (opens in a new tab)' })).toHaveAttribute(
      'href',
      `https://x.com/intent/post?url=${encodeURIComponent(link)}&text=${encodeURIComponent('Kusina Logo Tee')}`,
    );
    await user.click(within(share).getByRole('button', { name: 'Copy link' }));
    expect(await navigator.clipboard.readText()).toBe(link);
    expect(await screen.findByText('Link copied')).toBeInTheDocument();
  });

  it('opens from a card and says so when a shared link names an item that is gone', async () => {
    mockApi({
      'GET /merchandise_items': { body: [logoTee] },
      'GET /merchandise_collections': { body: [] },
    });
    const { user } = renderApp('/merchandise?item=999');
    expect(await screen.findByText('Merchandise item not found.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/merchandise$/));
    // The grid renders in a background pass (useDeferredValue): wait for the card.
    await user.click(await screen.findByRole('button', { name: 'Quick View of Kusina Logo Tee' }));
    expect(await screen.findByRole('dialog', { name: 'Kusina Logo Tee' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/merchandise?item=1');
  });
});
