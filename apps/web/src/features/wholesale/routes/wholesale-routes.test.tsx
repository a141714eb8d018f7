import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/api-mock.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { envelope, fundraiserFixture } from '../test-fixtures.ts';
import { orderIdParam } from './wholesale.tsx';

beforeEach(() => localStorage.setItem('restaurantId', '1'));

describe('wholesale routes (wholesale.md §2: any other path under /wholesale redirects to /wholesale)', () => {
  it.each(['/wholesale/orders/abc', '/wholesale/orders/abc/confirmation', '/wholesale/orders/0', '/wholesale/orders/12abc/confirmation', '/wholesale/orders/99999999999'])(
    '%s goes to the fundraiser list instead of loading forever',
    async (path) => {
      const api = mockApi({ 'GET /wholesale/fundraisers': envelope({ fundraisers: [fundraiserFixture()] }) });
      renderApp(path);
      await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/wholesale$/));
      expect(await screen.findByText('Tamuning Tigers')).toBeInTheDocument();
      expect(screen.queryByText(/Loading order details/)).not.toBeInTheDocument();
      expect(api.calls.some((c) => c.path.startsWith('/wholesale/orders'))).toBe(false);
    },
  );

  it('reads order ids: positive whole numbers within the API integer only', () => {
    expect(orderIdParam('77')).toBe(77);
    expect(orderIdParam('2147483647')).toBe(2147483647);
    for (const bad of ['abc', '0', '-1', '1.5', '1e3', '2147483648', '', undefined]) expect(orderIdParam(bad), String(bad)).toBeNull();
  });
});
