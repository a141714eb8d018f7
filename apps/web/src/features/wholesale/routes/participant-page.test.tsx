import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, restaurantFixture } from '../../../test/api-mock.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { useWholesaleCartStore } from '../../../stores/wholesale-cart-store.ts';
import { cartLineFixture, envelope, fundraiserFixture, orderFixture, participantFixture } from '../test-fixtures.ts';

const PAYMENT_ID = '0b9c7a52-1f3e-4c8e-9a55-1d2e3f405060';
const ana = participantFixture({ photoUrl: '/uploads/merchandise/ana.webp', message: 'Help me get to the Saipan tournament!', raisedCents: 12500, progressPercent: 25 });
const tigers = fundraiserFixture({ participants: [ana, participantFixture({ id: 12, name: 'Ben Cruz', hasGoal: false, goalCents: null, goalAmount: null, progressPercent: null })] });
const KEY = 'wholesaleParticipant';

function shopApi() {
  return mockApi({
    'GET /restaurants/1': { body: restaurantFixture },
    'GET /wholesale/fundraisers': envelope({ fundraisers: [tigers] }),
    'GET /wholesale/fundraisers/tamuning-tigers': envelope({ fundraiser: tigers }),
    'POST /wholesale/cart/validate': envelope({ valid: true, issues: [], total_cents: 5000, total: 50 }),
    'POST /wholesale/payments': { status: 201, ...envelope({ payment_id: PAYMENT_ID, status: 'requires_confirmation', amount_cents: 5000, amount: 50, currency: 'usd', processor: 'test' }) },
    [`POST /payments/${PAYMENT_ID}/confirm`]: { body: { payment_id: PAYMENT_ID, status: 'authorized' } },
    'POST /wholesale/orders': { status: 201, ...envelope({ order: orderFixture() }) },
  });
}

beforeEach(() => {
  localStorage.setItem('restaurantId', '1');
  localStorage.removeItem(KEY);
});
afterEach(async () => {
  await new Promise((resolve) => setTimeout(resolve, 150));
  useWholesaleCartStore.setState({ items: [] });
  vi.unstubAllGlobals();
});

describe("a participant's page (issue #36 item 3)", () => {
  it('shows their photo, message and progress, and remembers them for the checkout', async () => {
    shopApi();
    renderApp('/wholesale/tamuning-tigers/participants/11');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ana Santos' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Photo of Ana Santos' })).toHaveAttribute('src', '/uploads/merchandise/ana.webp');
    expect(screen.getByText('Help me get to the Saipan tournament!')).toBeInTheDocument();
    expect(screen.getByText('$125.00 raised of $500.00 goal')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '25');
    expect(screen.getByRole('link', { name: /Shop to support Ana Santos/ })).toHaveAttribute('href', '/wholesale/tamuning-tigers');
    await waitFor(() => expect(JSON.parse(localStorage.getItem(KEY) ?? 'null')).toMatchObject({ fundraiserId: 1, participantId: 11 }));
  });

  it('says so when the participant is not part of the fundraiser', async () => {
    shopApi();
    renderApp('/wholesale/tamuning-tigers/participants/99');
    expect(await screen.findByText('This participant is not part of this fundraiser.')).toBeInTheDocument();
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it("without the phone's share sheet, offers text, WhatsApp, Facebook and copy (confirmed), and gives focus back on close", async () => {
    shopApi();
    const { user } = renderApp('/wholesale/tamuning-tigers/participants/11');
    // (jsdom has no navigator.share; user-event puts its own clipboard in place at setup.)
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    const open = await screen.findByRole('button', { name: "Share Ana Santos's page" });
    await user.click(open);
    const sheet = await screen.findByRole('dialog', { name: "Share Ana Santos's page" });
    const url = `${window.location.origin}/wholesale/tamuning-tigers/participants/11`;
    const words = encodeURIComponent(`Support Ana Santos in Tamuning Tigers! ${url}`);
    expect(within(sheet).getByRole('link', { name: 'Text message' })).toHaveAttribute('href', `sms:?&body=${words}`);
    expect(within(sheet).getByRole('link', { name: /WhatsApp/ })).toHaveAttribute('href', `https://wa.me/?text=${words}`);
    expect(within(sheet).getByRole('link', { name: /Facebook/ })).toHaveAttribute('href', `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`);
    expect(within(sheet).getByLabelText('Link to the page')).toHaveValue(url);
    await user.click(within(sheet).getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(url);
    expect(await within(sheet).findByRole('status')).toHaveTextContent('Link copied: it is ready to paste.');
    expect(within(sheet).getByRole('button', { name: 'Link copied' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(open).toHaveFocus();
  });

  it('says how to copy by hand when the clipboard refuses', async () => {
    shopApi();
    const { user } = renderApp('/wholesale/tamuning-tigers/participants/11');
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    await user.click(await screen.findByRole('button', { name: "Share Ana Santos's page" }));
    const sheet = await screen.findByRole('dialog');
    await user.click(within(sheet).getByRole('button', { name: 'Copy link' }));
    expect(await within(sheet).findByRole('status')).toHaveTextContent('Copying is not available here: select the link and copy it.');
  });

  it("uses the phone's own share sheet where there is one", async () => {
    shopApi();
    const share = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, share });
    const { user } = renderApp('/wholesale/tamuning-tigers/participants/11');
    await user.click(await screen.findByRole('button', { name: "Share Ana Santos's page" }));
    expect(share).toHaveBeenCalledWith({ title: 'Ana Santos · Tamuning Tigers', text: 'Support Ana Santos in Tamuning Tigers!', url: `${window.location.origin}/wholesale/tamuning-tigers/participants/11` });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('prints a flyer with a QR code of the page and the name', async () => {
    shopApi();
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const { user } = renderApp('/wholesale/tamuning-tigers/participants/11');
    await user.click(await screen.findByRole('link', { name: 'Print a flyer' }));
    const flyer = await screen.findByRole('article', { name: 'Flyer' });
    expect(within(flyer).getByRole('heading', { name: 'Support Ana Santos' })).toBeInTheDocument();
    const qr = within(flyer).getByRole('img', { name: "QR code for Ana Santos's page" });
    expect(qr.querySelector('path')?.getAttribute('d')?.length).toBeGreaterThan(100);
    expect(within(flyer).getByText(`${window.location.origin}/wholesale/tamuning-tigers/participants/11`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalled();
  });
});

describe('the participant a supporter came through, in every tab until checkout', () => {
  it('follows a share link opened in another tab', async () => {
    shopApi();
    renderApp('/wholesale/tamuning-tigers');
    await screen.findByRole('heading', { level: 1, name: 'Tamuning Tigers' });
    expect(screen.queryByText(/You are supporting/)).not.toBeInTheDocument();
    // Another tab opened Ana's page: it wrote the shared storage, this tab hears the storage event.
    act(() => {
      localStorage.setItem(KEY, JSON.stringify({ fundraiserId: 1, participantId: 11, at: Date.now() }));
      window.dispatchEvent(new StorageEvent('storage', { key: KEY }));
    });
    expect(await screen.findByText('You are supporting Ana Santos. They will be selected at checkout.')).toBeInTheDocument();
  });

  it('preselects them at checkout, sends them with the order, and forgets them once it is placed', async () => {
    localStorage.setItem(KEY, JSON.stringify({ fundraiserId: 1, participantId: 11, at: Date.now() }));
    useWholesaleCartStore.setState({ items: [cartLineFixture()] });
    const api = shopApi();
    const { user } = renderApp('/wholesale/checkout');
    expect(await screen.findByRole('radio', { name: 'Ana Santos' })).toBeChecked();
    await user.type(screen.getByLabelText(/^Name/), 'Maria Cruz');
    await user.type(screen.getByLabelText(/^Email/), 'maria@example.com');
    await user.clear(screen.getByLabelText(/^Phone/));
    await user.type(screen.getByLabelText(/^Phone/), '+16715551234');
    await user.type(screen.getByLabelText(/Card number/), '4242424242424242');
    await user.type(screen.getByLabelText(/Expiry date/), '1234');
    await user.type(screen.getByLabelText(/CVC/), '123');
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/wholesale/orders/77/confirmation'));
    expect(api.callsTo('POST', '/wholesale/orders')[0]!.body).toMatchObject({ order: { participantId: 11 } });
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it('lets a link of a month ago go', async () => {
    localStorage.setItem(KEY, JSON.stringify({ fundraiserId: 1, participantId: 11, at: Date.now() - 31 * 24 * 60 * 60 * 1000 }));
    useWholesaleCartStore.setState({ items: [cartLineFixture()] });
    shopApi();
    renderApp('/wholesale/checkout');
    expect(await screen.findByRole('radio', { name: 'Ana Santos' })).not.toBeChecked();
  });
});
