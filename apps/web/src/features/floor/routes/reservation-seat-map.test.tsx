import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ReservationOutput } from '@kusina/domain/reservations';
import type { SeatAllocationOutput } from '@kusina/domain/seat-allocations';
import { apiError, mockApi } from '../../../test/api-mock.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { availabilityAnswer, bookedReservation, diningRoom, layoutSummary, mainLayout, seatAllocation, staffUser } from '../../../test/reservations-fixtures.ts';

const staff = staffUser;
const location = diningRoom;

// 18:00 Guam on Tue Jun 4, 2030 (08:00 UTC), a party of two preferring T1-3+T1-4, then T1-1+T1-2.
const reservation = bookedReservation({
  party_size: 2,
  seat_preferences: [
    ['T1-3', 'T1-4'],
    ['T1-1', 'T1-2'],
  ],
});

const availability = availabilityAnswer('2030-06-04', ['18:00']);

// Min-jun Park holds T1-4 in Kenji's hour; Aiko Mori holds T1-3 two hours later (free for Kenji).
const others: SeatAllocationOutput[] = [
  seatAllocation(703),
  seatAllocation(702, { occupant_id: 61, occupant_name: 'Aiko Mori', start_time: '2030-06-04T10:00:00.000Z', end_time: '2030-06-04T11:00:00.000Z' }),
];
const kenjiHolds = (status: 'reserved' | 'seated'): SeatAllocationOutput[] =>
  [700, 701].map((id) => seatAllocation(id, { occupant_id: 42, occupant_name: 'Kenji Sato', occupant_status: status, status }));

function routes(reservations: () => ReservationOutput[], allocations: () => SeatAllocationOutput[]) {
  return {
    'GET /reservations': () => ({ body: reservations() }),
    'GET /locations': { body: [location] },
    'GET /availability': { body: availability },
    'GET /layouts': { body: [layoutSummary(mainLayout)] },
    'GET /layouts/7': { body: mainLayout },
    'GET /seat_allocations': () => ({ body: allocations() }),
  };
}

async function openSeatMap() {
  const { user } = renderApp('/reservations/dashboard?date=2030-06-04', { user: staff });
  await user.click(await screen.findByRole('button', { name: 'View reservation #42 of Kenji Sato' }));
  const details = await screen.findByRole('dialog', { name: 'Reservation #42' });
  await user.click(within(details).getByRole('button', { name: 'Edit' }));
  const opener = within(details).getByRole('button', { name: 'Seat Map' });
  await user.click(opener);
  const map = await screen.findByRole('dialog', { name: 'Seat Map' });
  return { user, details, opener, map };
}

describe('Reservation Details: the Seat Map', () => {
  afterEach(cleanup);

  it('the edit view’s buttons are Save, Seat Map, Cancel', async () => {
    mockApi(routes(() => [reservation], () => []));
    const { user } = renderApp('/reservations/dashboard?date=2030-06-04', { user: staff });
    await user.click(await screen.findByRole('button', { name: 'View reservation #42 of Kenji Sato' }));
    const details = await screen.findByRole('dialog', { name: 'Reservation #42' });
    await user.click(within(details).getByRole('button', { name: 'Edit' }));
    const form = details.querySelector('form')!;
    const last = [...form.querySelectorAll(':scope > div:last-of-type button')].map((b) => b.textContent);
    expect(last).toEqual(['Save', 'Seat Map', 'Cancel']);
  });

  it('shows the floor at the party’s hour with its preferred options ringed, and reserves the seats picked from an option', async () => {
    let reserved = false;
    const api = mockApi({
      ...routes(
        () => [reserved ? { ...reservation, status: 'reserved', seat_labels: ['T1-1', 'T1-2'] } : reservation],
        () => (reserved ? [...others, ...kenjiHolds('reserved')] : others),
      ),
      'POST /seat_allocations/reserve': () => {
        reserved = true;
        return { status: 201, body: kenjiHolds('reserved') };
      },
    });
    const { user, details, opener, map } = await openSeatMap();
    expect(map).toHaveAccessibleDescription(/^Kenji Sato, party of 2 · .*6:00 PM/);
    // Seats as the server sees them for 18:00–19:00: T1-4 held by Min-jun; T1-3 free (Aiko is at 20:00).
    expect(await within(map).findByRole('button', { name: 'Seat T1-4, reserved, Min-jun Park, preferred option 1' })).toBeInTheDocument();
    expect(within(map).getByRole('button', { name: 'Seat T1-3, free, preferred option 1' })).toBeInTheDocument();
    expect(within(map).getByRole('button', { name: 'Seat T1-1, free, preferred option 2' })).toHaveAttribute('data-mark', 'preferred');
    expect(within(map).getByTestId('seat-map-current')).toHaveTextContent('None');

    // Option 1 has a taken seat: refused in the dialog, nothing picked.
    await user.click(within(map).getByRole('button', { name: 'Pick option 1' }));
    expect(within(map).getByRole('alert')).toHaveTextContent('Some seats are already taken. Choose another preference.');
    // Too few seats: the wizard's count message before any call.
    await user.click(within(map).getByRole('button', { name: 'Seat T1-3, free, preferred option 1' }));
    await user.click(within(map).getByRole('button', { name: 'Reserve Seats' }));
    expect(within(map).getByRole('alert')).toHaveTextContent('Need exactly 2 seat(s).');
    expect(api.callsTo('POST', '/seat_allocations/reserve')).toHaveLength(0);
    // A seat held by someone else cannot be picked (the Floor Manager's words).
    await user.click(within(map).getByRole('button', { name: /^Seat T1-4, reserved/ }));
    expect(within(map).getByRole('alert')).toHaveTextContent('Seat T1-4 is not free. It\'s occupied or reserved.');

    // Option 2 is all free: its seats are picked, replacing the hand pick.
    await user.click(within(map).getByRole('button', { name: 'Pick option 2' }));
    expect(within(map).getByRole('button', { name: 'Seat T1-1, selected, preferred option 2' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(map).getByRole('button', { name: 'Seat T1-3, free, preferred option 1' })).toBeInTheDocument();
    expect(within(map).getByText(/2 of 2 picked/)).toBeInTheDocument();
    await user.click(within(map).getByRole('button', { name: 'Reserve Seats' }));

    expect(await screen.findByText('Seats reserved successfully!')).toBeInTheDocument();
    expect(api.callsTo('POST', '/seat_allocations/reserve')[0]!.body).toEqual({ occupant_type: 'reservation', occupant_id: 42, seat_ids: [700, 701], date: '2030-06-04' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Seat Map' })).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());
    // The edit view's status follows the server (booked → reserved), so Save will not undo it.
    expect(within(details).getByLabelText('Status')).toHaveValue('reserved');

    // Reopened: the party's own seats are ringed and it holds them; no second pick is offered.
    await user.click(opener);
    const again = await screen.findByRole('dialog', { name: 'Seat Map' });
    expect(await within(again).findByRole('button', { name: 'Seat T1-1, reserved, Kenji Sato, this party’s seat' })).toHaveAttribute('data-mark', 'party');
    expect(within(again).getByTestId('seat-map-current')).toHaveTextContent('T1-1, T1-2 (reserved, 6:00 PM – 7:00 PM)');
    expect(within(again).queryByRole('button', { name: 'Reserve Seats' })).not.toBeInTheDocument();
    expect(within(again).getByRole('button', { name: 'Seat This Party' })).toBeInTheDocument();
  });

  it('a party holding reserved seats is seated with arrive; a refusal keeps the spec’s sentence and the server’s reason', async () => {
    let seated = false;
    const holding: ReservationOutput = { ...reservation, status: 'reserved', seat_labels: ['T1-1', 'T1-2'] };
    let reply: Response | null = apiError(422, 'This party has no reserved seats to seat.');
    const api = mockApi({
      ...routes(
        () => [seated ? { ...holding, status: 'seated' } : holding],
        () => [...others, ...kenjiHolds(seated ? 'seated' : 'reserved')],
      ),
      'POST /seat_allocations/arrive': () => {
        if (reply) return reply;
        seated = true;
        return { body: kenjiHolds('seated') };
      },
    });
    const { user, details, opener, map } = await openSeatMap();
    await user.click(await within(map).findByRole('button', { name: 'Seat This Party' }));
    expect(await screen.findByText(/^Failed to seat occupant\. Check console\.\s+This party has no reserved seats to seat\.$/)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Seat Map' })).toBeInTheDocument();

    reply = null;
    await user.click(within(map).getByRole('button', { name: 'Seat This Party' }));
    expect(await screen.findByText('Occupant arrived and seated!')).toBeInTheDocument();
    expect(api.callsTo('POST', '/seat_allocations/arrive').at(-1)!.body).toEqual({ occupant_type: 'reservation', occupant_id: 42 });
    await waitFor(() => expect(opener).toHaveFocus());
    expect(within(details).getByLabelText('Status')).toHaveValue('seated');
  });

  it('a seated party is finished from its Seat Map, which frees its seats; the status follows', async () => {
    let finished = false;
    const seatedParty: ReservationOutput = { ...reservation, status: 'seated', seat_labels: ['T1-1', 'T1-2'] };
    const api = mockApi({
      ...routes(
        () => [finished ? { ...seatedParty, status: 'finished' } : seatedParty],
        () => [...others, ...(finished ? [] : kenjiHolds('seated'))],
      ),
      'POST /seat_allocations/finish': () => {
        finished = true;
        return { body: [] };
      },
    });
    const { user, details, opener, map } = await openSeatMap();
    expect(within(map).queryByRole('button', { name: 'Mark No-Show' })).not.toBeInTheDocument();
    await user.click(await within(map).findByRole('button', { name: 'Finish / Free Seat' }));
    expect(await screen.findByText('Seat finished (freed).')).toBeInTheDocument();
    expect(api.callsTo('POST', '/seat_allocations/finish').at(-1)!.body).toEqual({ occupant_type: 'reservation', occupant_id: 42 });
    await waitFor(() => expect(opener).toHaveFocus());
    await waitFor(() => expect(within(details).getByLabelText('Status')).toHaveValue('finished'));
  });

  it('a party holding reserved seats can be marked no-show from its Seat Map; a refusal says why and keeps the map open', async () => {
    let marked = false;
    const holding: ReservationOutput = { ...reservation, status: 'reserved', seat_labels: ['T1-1', 'T1-2'] };
    let reply: Response | null = apiError(422, 'This party has no seats to change.');
    const api = mockApi({
      ...routes(
        () => [marked ? { ...holding, status: 'no_show' } : holding],
        () => [...others, ...(marked ? [] : kenjiHolds('reserved'))],
      ),
      'POST /seat_allocations/no_show': () => {
        if (reply) return reply;
        marked = true;
        return { body: [] };
      },
    });
    const { user, details, opener, map } = await openSeatMap();
    expect(within(map).queryByRole('button', { name: 'Finish / Free Seat' })).not.toBeInTheDocument();
    await user.click(await within(map).findByRole('button', { name: 'Mark No-Show' }));
    expect(await screen.findByText(/^Failed to mark no-show\. Check console\.\s+This party has no seats to change\.$/)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Seat Map' })).toBeInTheDocument();

    reply = null;
    await user.click(within(map).getByRole('button', { name: 'Mark No-Show' }));
    expect(await screen.findByText('Marked as no-show.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/seat_allocations/no_show')).toHaveLength(2);
    await waitFor(() => expect(opener).toHaveFocus());
    await waitFor(() => expect(within(details).getByLabelText('Status')).toHaveValue('no_show'));
  });

  it('with unsaved changes to the party size the map is shown but no seats are given; the edits stay', async () => {
    mockApi(routes(() => [reservation], () => others));
    const { user } = renderApp('/reservations/dashboard?date=2030-06-04', { user: staff });
    await user.click(await screen.findByRole('button', { name: 'View reservation #42 of Kenji Sato' }));
    const details = await screen.findByRole('dialog', { name: 'Reservation #42' });
    await user.click(within(details).getByRole('button', { name: 'Edit' }));
    // Typed only once the form's read of the day's slots has landed (keys typed during that
    // re-render were lost now and then).
    await waitFor(() => expect(within(within(details).getByLabelText('Time')).getAllByRole('option').length).toBeGreaterThan(1));
    await user.clear(within(details).getByLabelText('Guest Name'));
    await user.type(within(details).getByLabelText('Guest Name'), 'Kenji S.');
    await user.clear(within(details).getByLabelText('Party Size'));
    await user.type(within(details).getByLabelText('Party Size'), '3');
    await user.click(within(details).getByRole('button', { name: 'Seat Map' }));
    const map = await screen.findByRole('dialog', { name: 'Seat Map' });
    expect(within(map).getByText(/Save your changes to the party size, date or time first/)).toBeInTheDocument();
    expect(await within(map).findByRole('button', { name: /^Seat T1-1, free/ })).toBeInTheDocument();
    expect(within(map).queryByRole('button', { name: 'Seat Now' })).not.toBeInTheDocument();
    expect(within(map).queryByRole('button', { name: 'Pick option 2' })).not.toBeInTheDocument();
    // A seat still tells who holds it, in words.
    await user.click(within(map).getByRole('button', { name: /^Seat T1-4/ }));
    expect(within(map).getByText('Seat T1-4, reserved, Min-jun Park, preferred option 1')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Seat Map' })).not.toBeInTheDocument());
    expect(within(details).getByLabelText('Guest Name')).toHaveValue('Kenji S.');
    expect(within(details).getByLabelText('Party Size')).toHaveValue('3');
    expect(within(details).getByRole('button', { name: 'Seat Map' })).toHaveFocus();
  });

  it('is keyboard-usable: Tab reaches the seats, Enter picks them, Seat Now seats the party', async () => {
    let seated = false;
    const api = mockApi({
      ...routes(() => [seated ? { ...reservation, status: 'seated', seat_labels: ['T1-1', 'T1-2'] } : reservation], () => (seated ? [...others, ...kenjiHolds('seated')] : others)),
      'POST /seat_allocations/multi_create': () => {
        seated = true;
        return { status: 201, body: kenjiHolds('seated') };
      },
    });
    const { user, opener, map } = await openSeatMap();
    const first = await within(map).findByRole('button', { name: 'Seat T1-1, free, preferred option 2' });
    first.focus();
    await user.keyboard('{Enter}');
    await user.tab();
    expect(within(map).getByRole('button', { name: 'Seat T1-2, free, preferred option 2' })).toHaveFocus();
    await user.keyboard(' ');
    expect(within(map).getByText(/2 of 2 picked/)).toBeInTheDocument();
    within(map).getByRole('button', { name: 'Seat Now' }).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Seats assigned successfully!')).toBeInTheDocument();
    expect(api.callsTo('POST', '/seat_allocations/multi_create')[0]!.body).toEqual({ occupant_type: 'reservation', occupant_id: 42, seat_ids: [700, 701], date: '2030-06-04' });
    await waitFor(() => expect(opener).toHaveFocus());
  });
});
