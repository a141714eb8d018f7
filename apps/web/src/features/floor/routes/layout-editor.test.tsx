import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LayoutOutput } from '@kusina/domain/layouts';
import { apiError, mockApi } from '../../../test/api-mock.ts';
import { makeUser, renderApp } from '../../../test/render-app.tsx';
import { diningRoom, layoutSummary, mainLayout } from '../../../test/reservations-fixtures.ts';

const admin = makeUser({ id: 2, role: 'admin', first_name: 'Leilani', last_name: 'Admin', name: 'Leilani Admin' });

const main = mainLayout;
const summary = layoutSummary;

type SaveBody = { name: string; sections_data: { sections: { dbId: number | null; name: string; type: string; floorNumber: number; offsetX: number; offsetY: number; seats: { id?: number; label: string; capacity: number; position_x: number; position_y: number }[] }[] } };

/** The server's answer to a save: the plan with ids for what is new. */
function savedFrom(id: number, body: SaveBody): LayoutOutput {
  let next = 900;
  const sections = body.sections_data.sections.map((s) => {
    const sectionId = s.dbId ?? next++;
    return {
      id: sectionId,
      name: s.name,
      section_type: s.type as 'table',
      orientation: 'vertical' as const,
      offset_x: s.offsetX,
      offset_y: s.offsetY,
      floor_number: s.floorNumber,
      location_id: null,
      seats: s.seats.map((seat) => ({ id: seat.id ?? next++, seat_section_id: sectionId, label: seat.label, position_x: seat.position_x, position_y: seat.position_y, capacity: seat.capacity })),
    };
  });
  return { ...main, id, name: body.name, is_active: id === main.id, seat_sections: sections, section_count: sections.length };
}

function open(routes: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({
    'GET /layouts': { body: [summary(main)] },
    'GET /layouts/7': { body: main },
    ...routes,
  });
  const view = renderApp('/reservations/dashboard/layout', { user: admin });
  return { api, ...view };
}

describe('Layout Editor', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('with two dining rooms, a section says which room its seats are in (issue #35, decision 0105); a kept section keeps its room', async () => {
    const lanai = { ...diningRoom, id: 2, name: 'Tumon Bay Lanai', is_default: false };
    const { api, user } = open({
      'GET /locations': { body: [diningRoom, lanai] },
      'PATCH /layouts/7': (call) => ({ body: savedFrom(7, call.body as SaveBody) }),
    });
    await screen.findByRole('button', { name: /^Table 1, table, 4 seats/ });
    await user.click(screen.getByRole('button', { name: 'Add Table' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Section' });
    const room = await within(dialog).findByLabelText('Dining Room');
    expect(room).toHaveValue('1');
    expect(within(room).getAllByRole('option').map((o) => o.textContent)).toEqual(['Tamuning Dining Room', 'Tumon Bay Lanai']);
    await user.selectOptions(room, 'Tumon Bay Lanai');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Section' })).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Save Layout' }));
    expect(await screen.findByText('Layout updated successfully!')).toBeInTheDocument();
    const [kept, added] = (api.callsTo('PATCH', '/layouts/7')[0]!.body as SaveBody & { sections_data: { sections: { locationId: number | null }[] } }).sections_data.sections;
    expect(kept!.locationId).toBe(main.seat_sections[0]!.location_id);
    expect(added!.locationId).toBe(2);
  });

  it('adds a table with renamed seats and saves the whole plan, keeping the saved ids', async () => {
    const { api, user } = open({ 'PATCH /layouts/7': (call) => ({ body: savedFrom(7, call.body as SaveBody) }) });
    expect(await screen.findByRole('button', { name: /^Table 1, table, 4 seats: T1-1, T1-2, T1-3, T1-4$/ })).toBeInTheDocument();
    expect(screen.getByLabelText('Layout name')).toHaveValue('Main Floor');

    const addButton = screen.getByRole('button', { name: 'Add Table' });
    await user.click(addButton);
    const dialog = await screen.findByRole('dialog', { name: 'Add Section' });
    const name = within(dialog).getByLabelText('Section Name');
    expect(name).toHaveValue('Table 2');
    await user.clear(name);
    await user.type(name, 'Patio 1');
    const seatsInput = within(dialog).getByLabelText('Number of Seats');
    await user.clear(seatsInput);
    await user.type(seatsInput, '2x');
    expect(seatsInput).toHaveValue('2');
    await user.type(within(dialog).getByLabelText('Seat Capacity'), '{Backspace}2');

    await user.click(within(dialog).getByRole('button', { name: 'Rename Seats' }));
    const rename = await screen.findByRole('dialog', { name: 'Rename Seats' });
    const first = within(rename).getByLabelText('Seat #1');
    expect(first).toHaveValue('P1-1');
    // A label another section uses is refused.
    await user.clear(first);
    await user.type(first, 'T1-1');
    await user.click(within(rename).getByRole('button', { name: 'Save' }));
    expect(await within(rename).findByText('Seat label "T1-1" is already used in this layout.')).toBeInTheDocument();
    await user.clear(first);
    await user.type(first, 'Sunset');
    await user.click(within(rename).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Rename Seats' })).not.toBeInTheDocument());
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Section' })).not.toBeInTheDocument());
    // Focus is back on the control that opened the dialog.
    expect(addButton).toHaveFocus();
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Patio 1, table, 2 seats: Sunset, P1-2' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save Layout' }));
    expect(await screen.findByText('Layout updated successfully!')).toBeInTheDocument();
    const body = api.callsTo('PATCH', '/layouts/7')[0]!.body as SaveBody;
    expect(body.name).toBe('Main Floor');
    const [kept, added] = body.sections_data.sections;
    expect(kept).toMatchObject({ dbId: 70, name: 'Table 1', offsetX: 220, offsetY: 220 });
    expect(kept!.seats.map((s) => s.id)).toEqual([700, 701, 702, 703]);
    expect(added).toMatchObject({ dbId: null, name: 'Patio 1', type: 'table', floorNumber: 1 });
    expect(added!.seats).toEqual([
      { label: 'Sunset', position_x: 0, position_y: -82, capacity: 2 },
      { label: 'P1-2', position_x: 0, position_y: 82, capacity: 2 },
    ]);
    expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument();

    // The next save sends the ids the server gave the new section and seats.
    await user.click(screen.getByRole('button', { name: 'Enable Edit Mode' }));
    const patio = screen.getByRole('button', { name: /^Patio 1, table/ });
    patio.focus();
    fireEvent.keyDown(patio, { key: 'ArrowRight' });
    fireEvent.keyDown(patio, { key: 'ArrowDown', shiftKey: true });
    await user.click(screen.getByRole('button', { name: 'Save Layout' }));
    await waitFor(() => expect(api.callsTo('PATCH', '/layouts/7')).toHaveLength(2));
    const again = (api.callsTo('PATCH', '/layouts/7')[1]!.body as SaveBody).sections_data.sections[1]!;
    expect(again.dbId).toBe(900);
    expect(again.seats.map((s) => s.id)).toEqual([901, 902]);
    expect(again.offsetX - added!.offsetX).toBe(10);
    expect(again.offsetY - added!.offsetY).toBe(50);
  });

  it('refuses to activate an unsaved layout, creates it, then activates it', async () => {
    const { api, user } = open({
      'POST /layouts': (call) => ({ status: 201, body: savedFrom(9, call.body as SaveBody) }),
      'POST /layouts/9/activate': { body: { message: 'Layout "Lanai" is now active.', layout_id: 9, current_layout_id: 9, current_seat_count: 4 } },
    });
    await screen.findByRole('button', { name: /^Table 1, table/ });
    await user.selectOptions(screen.getByLabelText('Choose layout'), 'New Layout');
    expect(screen.getByLabelText('Layout name')).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Add Table' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Add Section' })).getByRole('button', { name: 'Create' }));

    await user.click(screen.getByRole('button', { name: 'Activate' }));
    expect(await screen.findByText('Cannot activate a layout that is not saved yet!')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.path.endsWith('/activate'))).toHaveLength(0);

    // A name is required before saving.
    await user.click(screen.getByRole('button', { name: 'Save Layout' }));
    expect(await screen.findByText('Layout name is required.', { selector: 'p' })).toBeInTheDocument();
    expect(api.callsTo('POST', '/layouts')).toHaveLength(0);

    await user.type(screen.getByLabelText('Layout name'), 'Lanai');
    await user.click(screen.getByRole('button', { name: 'Save Layout' }));
    expect(await screen.findByText('Layout created!')).toBeInTheDocument();
    expect((api.callsTo('POST', '/layouts')[0]!.body as SaveBody).sections_data.sections[0]!.seats).toHaveLength(4);
    await user.click(screen.getByRole('button', { name: 'Activate' }));
    expect(await screen.findByText('Layout "Lanai" is now active.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/layouts/9/activate')).toHaveLength(1);
  });

  it('shows the spec’s failure message with the server’s reason, and deletes a section after confirming', async () => {
    const { api, user } = open({ 'PATCH /layouts/7': apiError(422, 'Seat label "X" is used more than once in this layout.') });
    await screen.findByRole('button', { name: /^Table 1, table/ });
    const confirm = vi.fn(() => true);
    vi.stubGlobal('confirm', confirm);
    await user.click(screen.getByRole('button', { name: 'Enable Edit Mode' }));
    await user.click(screen.getByRole('button', { name: 'Delete section Table 1' }));
    expect(confirm).toHaveBeenCalledWith('Delete section "Table 1" and its seats?');
    expect(screen.queryByRole('button', { name: /^Table 1, table/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save Layout' }));
    expect(await screen.findByText(/Failed to save layout\. Check console\./)).toHaveTextContent('Seat label "X" is used more than once in this layout.');
    expect((api.callsTo('PATCH', '/layouts/7')[0]!.body as SaveBody).sections_data.sections).toEqual([]);
  });

  it('edits a section from the keyboard: Enter opens Edit Section, fewer seats keep the first ids, focus returns to the section', async () => {
    const { api, user } = open({ 'PATCH /layouts/7': (call) => ({ body: savedFrom(7, call.body as SaveBody) }) });
    const section = await screen.findByRole('button', { name: /^Table 1, table/ });
    section.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Edit Section' });
    expect(within(dialog).getByLabelText('Number of Seats')).toHaveValue('4');
    await user.clear(within(dialog).getByLabelText('Number of Seats'));
    await user.type(within(dialog).getByLabelText('Number of Seats'), '2');
    await user.selectOptions(within(dialog).getByLabelText('Section Type'), 'Counter');
    await user.selectOptions(within(dialog).getByLabelText('Orientation'), 'Horizontal');
    await user.clear(within(dialog).getByLabelText('Floor Number'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Section' })).not.toBeInTheDocument());
    const edited = screen.getByRole('button', { name: 'Table 1, counter, 2 seats: T1-1, T1-2' });
    await waitFor(() => expect(edited).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Save Layout' }));
    await screen.findByText('Layout updated successfully!');
    const sent = (api.callsTo('PATCH', '/layouts/7')[0]!.body as SaveBody).sections_data.sections[0]!;
    // An empty floor falls back to 1 (§5); counter seats sit 70 apart.
    expect(sent).toMatchObject({ dbId: 70, type: 'counter', floorNumber: 1 });
    expect(sent.seats.map((s) => [s.id, s.label, s.position_x, s.position_y])).toEqual([
      [700, 'T1-1', 0, 0],
      [701, 'T1-2', 70, 0],
    ]);
  });
});
