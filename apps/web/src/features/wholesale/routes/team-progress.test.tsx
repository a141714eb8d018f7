import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/api-mock.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { endsInText } from '../components/team-progress.tsx';
import { envelope, fundraiserFixture } from '../test-fixtures.ts';

const tigers = fundraiserFixture({ goal_cents: 500000, raised_cents: 125000, progress_percent: 25, supporters_count: 12, days_left: 5 });
const choir = fundraiserFixture({ id: 2, name: 'St. Anthony Choir', slug: 'st-anthony-choir', goal_cents: null, raised_cents: 4000, progress_percent: null, supporters_count: 1, days_left: null, participants: [] });

beforeEach(() => localStorage.setItem('restaurantId', '1'));

describe('team progress (issue #36 item 1)', () => {
  it('each list card shows raised against the goal, supporters and days left; without a goal, no bar', async () => {
    mockApi({ 'GET /wholesale/fundraisers': envelope({ fundraisers: [tigers, choir] }) });
    renderApp('/wholesale');
    const card = await screen.findByTestId('team-progress-1');
    expect(card).toHaveTextContent('$1,250.00 raised of $5,000.00 goal');
    expect(card).toHaveTextContent('12 supporters · Ends in 5 days');
    expect(within(card).getByRole('progressbar', { name: '$1,250.00 raised of $5,000.00 goal' })).toHaveAttribute('aria-valuenow', '25');
    const other = screen.getByTestId('team-progress-2');
    expect(other).toHaveTextContent('$40.00 raised');
    expect(other).toHaveTextContent('1 supporter');
    expect(within(other).queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('the fundraiser page shows it, and shows the new figures when the page is refreshed by a live event', async () => {
    let current = tigers;
    mockApi({ 'GET /wholesale/fundraisers/tamuning-tigers': () => envelope({ fundraiser: current }) });
    const { queryClient } = renderApp('/wholesale/tamuning-tigers');
    expect(await screen.findByTestId('team-progress-1')).toHaveTextContent('$1,250.00 raised of $5,000.00 goal');
    current = { ...tigers, raised_cents: 130000, progress_percent: 26, supporters_count: 13, days_left: 0 };
    // What the fundraiser's live events do (wholesale_participant_goal_updated after an order).
    await queryClient.invalidateQueries({ queryKey: ['wholesale'] });
    await waitFor(() => expect(screen.getByTestId('team-progress-1')).toHaveTextContent('13 supporters · Ends today'));
    expect(screen.getByRole('progressbar', { name: '$1,300.00 raised of $5,000.00 goal' })).toHaveAttribute('aria-valuenow', '26');
  });

  it('says how long is left in whole days', () => {
    expect(endsInText(null)).toBeNull();
    expect(endsInText(-1)).toBeNull();
    expect(endsInText(0)).toBe('Ends today');
    expect(endsInText(1)).toBe('Ends in 1 day');
    expect(endsInText(30)).toBe('Ends in 30 days');
  });
});
