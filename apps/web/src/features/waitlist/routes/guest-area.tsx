import { useRoute } from 'wouter';
import { FollowWaitlistPage } from './follow-waitlist-page.tsx';
import { JoinWaitlistPage } from './join-waitlist-page.tsx';

/** The guest's waitlist pages, one lazy chunk (decision 0108): /waitlist/join and /waitlist/follow/:token. */
export function WaitlistGuestArea() {
  const [follow, params] = useRoute<{ token: string }>('/waitlist/follow/:token');
  return follow ? <FollowWaitlistPage token={params.token} /> : <JoinWaitlistPage />;
}
