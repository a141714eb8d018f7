import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { GUEST_LINK_DAYS_AFTER, ReservationMessages, type GuestReservationOutput } from '@kusina/domain/reservations';
import { apiError, mockApi } from '../../../test/api-mock.ts';
import { renderApp } from '../../../test/render-app.tsx';

const token = 'a'.repeat(43);
const reservation: GuestReservationOutput = {
  reservation_number: 'R-1001',
  restaurant_name: 'Kusina',
  location: { name: 'Tamuning', address: null },
  start_time: '2030-06-04T08:00:00.000Z',
  party_size: 2,
  contact_name: 'Kenji Sato',
  status: 'booked',
  special_requests: null,
  can_cancel: true,
  link_expires_at: '2030-07-04T08:00:00.000Z',
};

describe("the guest's reservation link (issue #33)", () => {
  it('says until when the link works', async () => {
    mockApi({ [`GET /public/reservations/${token}`]: { body: reservation } });
    renderApp(`/reservations/manage/${token}`);
    const note = await screen.findByText(/For your privacy this link works until/);
    expect(note).toHaveTextContent(`${GUEST_LINK_DAYS_AFTER} days after your reservation`);
    expect(note).toHaveTextContent('2030');
  });

  it('shows an expired link as a clear notice, not as a missing reservation', async () => {
    mockApi({ [`GET /public/reservations/${token}`]: apiError(410, ReservationMessages.linkExpired, undefined, 'LINK_EXPIRED') });
    renderApp(`/reservations/manage/${token}`);
    expect(await screen.findByText('This link has expired')).toBeInTheDocument();
    expect(screen.getByText(ReservationMessages.linkExpired)).toBeInTheDocument();
    expect(screen.queryByText(/We could not find this reservation/)).not.toBeInTheDocument();
  });
});
