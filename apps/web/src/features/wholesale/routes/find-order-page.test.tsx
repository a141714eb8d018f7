import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiError, mockApi } from '../../../test/api-mock.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { envelope } from '../test-fixtures.ts';

const NEUTRAL = 'If an order matches that e-mail and number, we have e-mailed a link to it. The link works for 24 hours.';

beforeEach(() => localStorage.setItem('restaurantId', '1'));

describe('finding a guest order again (issue #36 item 8)', () => {
  it('sends e-mail and order number and shows the neutral answer, focused', async () => {
    const api = mockApi({ 'POST /wholesale/orders/lookup': { status: 202, body: envelope(null, NEUTRAL) } });
    const { user } = renderApp('/wholesale/orders');
    await user.click(await screen.findByRole('link', { name: 'Ordered as a guest? Find your order' }));
    await user.type(await screen.findByLabelText(/^Email/), 'maria@example.com');
    await user.type(screen.getByLabelText(/^Order number/), 'W-20001');
    await user.click(screen.getByRole('button', { name: 'E-mail me a link' }));
    expect(await screen.findByText(NEUTRAL)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText(NEUTRAL).closest('[tabindex="-1"]')).toHaveFocus());
    expect(api.callsTo('POST', '/wholesale/orders/lookup')[0]!.body).toEqual({ email: 'maria@example.com', order_number: 'W-20001' });
    // The page never shows an order or a link itself.
    expect(screen.queryByRole('link', { name: /W-20001/ })).not.toBeInTheDocument();
  });

  it('names the fields before sending, and says when there were too many tries', async () => {
    const api = mockApi({ 'POST /wholesale/orders/lookup': apiError(429, 'Too many requests. Please wait a minute and try again.') });
    const { user } = renderApp('/wholesale/find-order');
    await user.type(await screen.findByLabelText(/^Email/), 'maria');
    await user.type(screen.getByLabelText(/^Order number/), 'abc');
    await user.click(screen.getByRole('button', { name: 'E-mail me a link' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Enter the order number as it appears on your confirmation, e.g. W-20001')).toBeInTheDocument();
    expect(api.callsTo('POST', '/wholesale/orders/lookup')).toHaveLength(0);
    await user.clear(screen.getByLabelText(/^Email/));
    await user.type(screen.getByLabelText(/^Email/), 'maria@example.com');
    await user.clear(screen.getByLabelText(/^Order number/));
    await user.type(screen.getByLabelText(/^Order number/), '20001');
    await user.click(screen.getByRole('button', { name: 'E-mail me a link' }));
    expect(await screen.findByText('Too many requests. Please wait a minute and try again.')).toBeInTheDocument();
  });
});
