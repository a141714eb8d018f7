import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LayoutSummaryOutput } from '@kusina/domain/layouts';
import type { SeatAllocationOutput } from '@kusina/domain/seat-allocations';
import { mockApi } from '../../../test/api-mock.ts';
import { renderWithProviders } from '../../../test/render-app.tsx';
import { SeatPreferencesPicker } from './seat-preferences-picker.tsx';
import { layoutSummary, mainLayout, seatAllocation } from '../../../test/reservations-fixtures.ts';

const main = mainLayout;
const summary = layoutSummary(main);
const summaries: LayoutSummaryOutput[] = [summary];

const allocation = seatAllocation;

function open(allocations: SeatAllocationOutput[], props: { reservationId?: number; initial?: string[][] } = {}) {
  const api = mockApi({
    'GET /layouts': { body: summaries },
    'GET /layouts/7': { body: main },
    'GET /seat_allocations': { body: allocations },
  });
  const onSave = vi.fn();
  const onCancel = vi.fn();
  renderWithProviders(
    <SeatPreferencesPicker date="2030-06-04" startTime="2030-06-04T08:00:00.000Z" durationMinutes={120} partySize={2} reservationId={props.reservationId} initial={props.initial ?? []} onSave={onSave} onCancel={onCancel} />,
  );
  return { api, onSave, onCancel };
}

describe('SeatPreferencesPicker', () => {
  afterEach(cleanup);

  it('picks up to party-size seats per option, refuses more inline, and Save returns the non-empty options', async () => {
    const { api, onSave } = open([]);
    const dialog = await screen.findByRole('dialog', { name: 'Select Seat Preferences' });
    expect(within(dialog).getByRole('button', { name: /^Option 1/ })).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Seat T1-1, free' }));
    // Keyboard: Enter picks too.
    fireEvent.keyDown(within(dialog).getByRole('button', { name: 'Seat T1-2, free' }), { key: 'Enter' });
    expect(within(dialog).getByRole('button', { name: 'Seat T1-2, selected' })).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Seat T1-3, free' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Option 1 can only have up to 2 seat(s).');
    expect(within(dialog).getByRole('button', { name: 'Seat T1-3, free' })).toBeInTheDocument();

    // Option 3 gets its own seats; option 2 stays empty and is dropped on Save.
    fireEvent.click(within(dialog).getByRole('button', { name: /^Option 3/ }));
    expect(within(dialog).getByRole('button', { name: 'Seat T1-1, free' })).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Seat T1-4, free' }));
    const summary = within(dialog).getByRole('region', { name: 'Summary of seat preferences' });
    expect(within(summary).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Option 1: T1-1, T1-2', 'Option 2: —', 'Option 3: T1-4']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith([['T1-1', 'T1-2'], ['T1-4']]);
    expect(api.callsTo('GET', '/seat_allocations')[0]!.query.get('date')).toBe('2030-06-04');
  });

  it('a seat held in the reservation’s hour is refused with the spec’s words; one held at another hour, or by this reservation, is free', async () => {
    const { onSave } = open(
      [
        allocation(701),
        allocation(702, { start_time: '2030-06-04T02:00:00.000Z', end_time: '2030-06-04T03:00:00.000Z' }),
        allocation(703, { occupant_id: 42 }),
        allocation(700, { status: 'seated', occupant_type: 'waitlist', occupant_id: 9, occupant_name: 'Walk-in', start_time: '2030-06-04T07:00:00.000Z', end_time: '2030-06-04T08:15:00.000Z' }),
      ],
      { reservationId: 42, initial: [['T1-3']] },
    );
    const dialog = await screen.findByRole('dialog', { name: 'Select Seat Preferences' });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Seat T1-2, reserved, Min-jun Park' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Seat "T1-2" is currently reserved.');
    // Seated, expected until after the reservation's start: the seat is taken.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Seat T1-1, seated, Walk-in' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Seat "T1-1" is currently seated.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Seat T1-4, free' }));
    expect(within(dialog).getByRole('button', { name: 'Seat T1-3, selected' })).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith([['T1-3', 'T1-4']]);
  });

  it('Cancel returns nothing', async () => {
    const { onSave, onCancel } = open([]);
    const dialog = await screen.findByRole('dialog', { name: 'Select Seat Preferences' });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Seat T1-1, free' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(onCancel).toHaveBeenCalled());
    expect(onSave).not.toHaveBeenCalled();
  });
});
