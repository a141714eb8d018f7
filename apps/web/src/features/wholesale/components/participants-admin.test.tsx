import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiError, mockApi } from '../../../test/api-mock.ts';
import { renderWithProviders } from '../../../test/render-app.tsx';
import { envelope, fundraiserFixture, participantFixture } from '../test-fixtures.ts';
import { ParticipantsAdmin } from './participants-admin.tsx';

const fundraiser = fundraiserFixture({ participants: [participantFixture({ message: 'Old words', photoUrl: '/uploads/merchandise/ana.webp' })] });

beforeEach(() => localStorage.setItem('restaurantId', '1'));

describe("participants in management: their page's message and photo (issue #36 item 3)", () => {
  it('edits the personal message and keeps the photo', async () => {
    const api = mockApi({ 'PUT /wholesale/admin/participants/11': envelope({ participant: participantFixture({ message: 'New words' }) }) });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<ParticipantsAdmin fundraiser={fundraiser} />);
    expect(screen.getByRole('link', { name: '/wholesale/tamuning-tigers/participants/11' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit Ana Santos' }));
    const form = screen.getByRole('form', { name: 'Edit Ana Santos' });
    const message = within(form).getByLabelText('Personal message');
    expect(message).toHaveValue('Old words');
    await user.clear(message);
    await user.type(message, 'New words');
    expect(within(form).getByText('271 characters left')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Save Participant' }));
    await waitFor(() => expect(api.callsTo('PUT', '/wholesale/admin/participants/11')).toHaveLength(1));
    expect(api.callsTo('PUT', '/wholesale/admin/participants/11')[0]!.body).toEqual({
      name: 'Ana Santos',
      description: null,
      message: 'New words',
      photo_url: '/uploads/merchandise/ana.webp',
      goal_cents: 50000,
      active: true,
    });
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit Ana Santos' })).not.toBeInTheDocument());
  });

  it('refuses a message over 280 characters before sending, and shows the server refusing a photo', async () => {
    const api = mockApi({ 'PUT /wholesale/admin/participants/11': apiError(400, 'Validation failed', { photo_url: 'Upload a photo, or give an https:// address of one.' }) });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<ParticipantsAdmin fundraiser={fundraiser} />);
    await user.click(screen.getByRole('button', { name: 'Edit Ana Santos' }));
    const form = screen.getByRole('form', { name: 'Edit Ana Santos' });
    const message = within(form).getByLabelText('Personal message');
    await user.clear(message);
    await user.click(message);
    await user.paste('x'.repeat(281));
    expect(within(form).getByText('1 characters too many')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Save Participant' }));
    expect(await within(form).findByText('Keep the message to 280 characters.')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/wholesale/admin/participants/11')).toHaveLength(0);

    await user.clear(message);
    await user.type(message, 'Short');
    await user.click(within(form).getByRole('button', { name: 'Save Participant' }));
    expect(await within(form).findByText('Upload a photo, or give an https:// address of one.')).toBeInTheDocument();
  });
});
