import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LeaderboardOutput } from '@kusina/domain/wholesale';
import { apiError, mockApi } from '../../../test/api-mock.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { envelope, fundraiserFixture, participantFixture } from '../test-fixtures.ts';

const tigers = fundraiserFixture({ participants: [participantFixture(), participantFixture({ id: 12, name: 'Ben Cruz' })] });
const row = (rank: number, id: number, name: string, raisedCents: number, goalCents: number | null, progressPercent: number | null) => ({ rank, id, name, photoUrl: null, raisedCents, goalCents, progressPercent });
const first: LeaderboardOutput = {
  participants: [row(1, 11, 'Ana Santos', 30000, 50000, 60), row(2, 12, 'Ben Cruz', 1000, null, null)],
  supporters: [
    { display_name: 'Maria C.', participant_name: 'Ana Santos', created_at: '2026-12-01T02:00:00.000Z' },
    { display_name: 'Anonymous', participant_name: null, created_at: '2026-12-01T01:00:00.000Z' },
  ],
};

// The page loads lazily: loaded once here, so the first test does not spend its wait importing it on a busy machine.
beforeAll(async () => {
  await import('./fundraiser-page.tsx');
}, 60_000);
beforeEach(() => localStorage.setItem('restaurantId', '1'));

describe('leaderboard and supporters wall (issue #36 item 2)', () => {
  it('ranks participants with their progress and lists recent supporters; a new order moves the board when the live event refreshes it', async () => {
    let current = first;
    mockApi({
      'GET /wholesale/fundraisers/tamuning-tigers': envelope({ fundraiser: tigers }),
      'GET /wholesale/fundraisers/tamuning-tigers/leaderboard': () => envelope({ leaderboard: current }),
    });
    const { queryClient } = renderApp('/wholesale/tamuning-tigers');
    const board = await screen.findByTestId('leaderboard');
    const rows = within(board).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual(['#1 Ana Santos$300.00 raised of $500.00', '#2 Ben Cruz$10.00 raised']);
    expect(within(board).getByRole('progressbar', { name: '#1 Ana Santos $300.00 raised of $500.00' })).toHaveAttribute('aria-valuenow', '60');
    const wall = screen.getByTestId('supporters-wall');
    expect(within(wall).getAllByRole('listitem').map((r) => r.textContent?.split(/\d{1,2}:\d\d/)[0])).toEqual([expect.stringContaining('Maria C. supported Ana Santos'), expect.stringContaining('Anonymous supported the team')]);

    current = {
      participants: [row(1, 12, 'Ben Cruz', 40000, null, null), row(2, 11, 'Ana Santos', 30000, 50000, 60)],
      supporters: [{ display_name: 'Jose S.', participant_name: 'Ben Cruz', created_at: '2026-12-01T03:00:00.000Z' }, ...first.supporters],
    };
    // What wholesale_participant_goal_updated does after an order (useFundraiserLive).
    await queryClient.invalidateQueries({ queryKey: ['wholesale'] });
    await waitFor(() => expect(within(screen.getByTestId('leaderboard')).getAllByRole('listitem')[0]).toHaveTextContent('#1 Ben Cruz$400.00 raised'));
    expect(within(screen.getByTestId('supporters-wall')).getAllByRole('listitem')[0]).toHaveTextContent('Jose S. supported Ben Cruz');
  });

  it('says when nobody has supported yet, and offers a retry when the board cannot load', async () => {
    let fail = true;
    mockApi({
      'GET /wholesale/fundraisers/tamuning-tigers': envelope({ fundraiser: tigers }),
      'GET /wholesale/fundraisers/tamuning-tigers/leaderboard': () => (fail ? apiError(503, 'Down') : envelope({ leaderboard: { participants: [], supporters: [] } })),
    });
    const { user } = renderApp('/wholesale/tamuning-tigers');
    expect(await screen.findByText('Leaderboard unavailable')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('No supporters yet. Be the first!')).toBeInTheDocument();
    expect(screen.queryByTestId('leaderboard')).not.toBeInTheDocument();
  });
});
