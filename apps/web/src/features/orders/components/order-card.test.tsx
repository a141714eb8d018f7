import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { boardEntry } from '../../../test/admin-fixtures.ts';
import { OrderCard } from './order-card.tsx';

describe('OrderCard pickup time (issue #23)', () => {
  const now = Date.parse('2026-03-05T08:30:00.000Z'); // 6:30 PM Thursday in Guam

  it("shows a customer's chosen pickup time on another day with its day, marked as chosen", () => {
    const chosen = '2026-03-06T01:15:00.000Z'; // Fri 11:15 AM in Guam
    render(
      <ul>
        <OrderCard order={boardEntry({ estimated_pickup_time: chosen, requested_pickup_time: chosen })} now={now} onOpen={() => undefined} onAcknowledge={() => undefined} acknowledging={false} />
      </ul>,
    );
    expect(screen.getByText(/Fri, Mar 6, 11:15 AM/)).toBeInTheDocument();
    expect(screen.getByText('· time chosen by the customer')).toBeInTheDocument();
  });

  it('says nothing of a chosen time for an as-soon-as-possible order', () => {
    render(
      <ul>
        <OrderCard order={boardEntry()} now={now} onOpen={() => undefined} onAcknowledge={() => undefined} acknowledging={false} />
      </ul>,
    );
    expect(screen.queryByText('· time chosen by the customer')).toBeNull();
  });
});
