import { screen, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ImpactOutput } from '@kusina/domain/wholesale';
import { apiError, mockApi, restaurantFixture } from '../../../test/api-mock.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { envelope, orderFixture } from '../test-fixtures.ts';

const impact: ImpactOutput = {
  added_cents: 5000,
  participant_id: 11,
  recipient_name: 'Ana Santos',
  raised_cents: 32000,
  goal_cents: 50000,
  progress_percent: 64,
  fundraiser_slug: 'tamuning-tigers',
  fundraiser_name: 'Tamuning Tigers',
};

// The page loads lazily: loaded once here, so the first test does not spend its wait importing it on a busy machine.
beforeAll(async () => {
  await import('./confirmation-page.tsx');
}, 60_000);
beforeEach(() => localStorage.setItem('restaurantId', '1'));

describe('impact after buying (issue #36 item 4)', () => {
  it("says what the order added to the participant's goal, from the server's figures, and invites sharing their link", async () => {
    const api = mockApi({
      'GET /restaurants/1': { body: restaurantFixture },
      'GET /wholesale/orders/77': envelope({ order: orderFixture() }),
      'GET /wholesale/orders/77/impact': envelope({ impact }),
    });
    renderApp('/wholesale/orders/77/confirmation?token=guest-token');
    const box = await screen.findByTestId('order-impact');
    expect(box).toHaveTextContent("Your order added $50.00 to Ana Santos's goal — now 64% of $500.00");
    expect(within(box).getByRole('progressbar', { name: "Progress toward Ana Santos's goal" })).toHaveAttribute('aria-valuenow', '64');
    const link = `${window.location.origin}/wholesale/tamuning-tigers/participants/11`;
    expect(within(box).getByRole('link', { name: 'Text' })).toHaveAttribute('href', expect.stringContaining(encodeURIComponent(link)));
    expect(within(box).getByRole('link', { name: /WhatsApp/ })).toHaveAttribute('href', expect.stringContaining(encodeURIComponent(link)));
    expect(within(box).getByRole('link', { name: /Facebook/ })).toHaveAttribute('href', `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(link)}`);
    expect(within(box).getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
    expect(api.callsTo('GET', '/wholesale/orders/77/impact')[0]!.query.get('token')).toBe('guest-token');
  });

  it("for general support speaks of the team's goal and shares the fundraiser; nothing when it added nothing or cannot load", async () => {
    let answer: ReturnType<typeof envelope> | Response = envelope({ impact: { ...impact, participant_id: null, recipient_name: null, goal_cents: 500000, progress_percent: 7, raised_cents: 35000 } });
    mockApi({
      'GET /restaurants/1': { body: restaurantFixture },
      'GET /wholesale/orders/77': envelope({ order: orderFixture({ participant: null }) }),
      'GET /wholesale/orders/77/impact': () => answer,
    });
    const { unmount } = renderApp('/wholesale/orders/77/confirmation?token=guest-token');
    const box = await screen.findByTestId('order-impact');
    expect(box).toHaveTextContent("Your order added $50.00 to the team's goal — now 7% of $5,000.00");
    expect(within(box).getByRole('link', { name: /Facebook/ })).toHaveAttribute('href', expect.stringContaining(encodeURIComponent(`${window.location.origin}/wholesale/tamuning-tigers`)));
    unmount();

    answer = apiError(503, 'Down');
    renderApp('/wholesale/orders/77/confirmation?token=guest-token');
    expect(await screen.findByRole('heading', { name: 'Wholesale Order Confirmed!' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('order-impact')).not.toBeInTheDocument();
  });
});
