import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiError, mockApi } from '../../../test/api-mock.ts';
import { renderWithProviders } from '../../../test/render-app.tsx';
import { envelope } from '../test-fixtures.ts';
import { ParticipantNotify } from './participant-notify.tsx';

beforeEach(() => localStorage.setItem('restaurantId', '1'));

describe('participant support alerts in management (issue #36 item 4, decision 0121)', () => {
  it('loads the opt-in when opened, shows a refused contact on its field, and saves a text alert', async () => {
    let puts = 0;
    const api = mockApi({
      'GET /wholesale/admin/participants/11/notifications': envelope({ notifications: { participant_id: 11, channel: 'none', contact: null } }),
      'PUT /wholesale/admin/participants/11/notifications': (call) =>
        ++puts === 1
          ? apiError(400, 'Phone must be + (3 or 4 digit area code) + 7 digits, e.g. +16711234567', { contact: 'Phone must be + (3 or 4 digit area code) + 7 digits, e.g. +16711234567' }, 'VALIDATION_ERROR')
          : envelope({ notifications: { participant_id: 11, ...(call.body as object) } }),
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<ParticipantNotify participantId={11} name="Ana Santos" />);
    expect(api.callsTo('GET', '/wholesale/admin/participants/11/notifications')).toHaveLength(0);
    await user.click(screen.getByText('Support alerts for Ana Santos'));
    expect(await screen.findByRole('radio', { name: 'Nothing' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'A text' }));
    const phone = screen.getByLabelText(/^Phone for texts/);
    await user.type(phone, 'call me');
    await user.click(screen.getByRole('button', { name: 'Save alerts' }));
    await waitFor(() => expect(phone).toHaveAccessibleDescription(/Phone must be/));
    await user.clear(phone);
    await user.type(phone, '+16715559876');
    await user.click(screen.getByRole('button', { name: 'Save alerts' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/wholesale/admin/participants/11/notifications')[1]!.body).toEqual({ channel: 'sms', contact: '+16715559876' });
  });
});
