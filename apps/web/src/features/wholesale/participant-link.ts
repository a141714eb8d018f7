/**
 * The participant a share link (/wholesale/{slug}?participant={id}) preselects at checkout, kept
 * for the visit (session storage) with its fundraiser.
 */
const KEY = 'wholesaleParticipant';

export function rememberParticipant(fundraiserId: number, participantId: number): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ fundraiserId, participantId }));
  } catch {
    // Private mode without storage: the chooser simply starts unselected.
  }
}

export function rememberedParticipant(fundraiserId: number): number | null {
  try {
    const value = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as { fundraiserId?: number; participantId?: number } | null;
    return value?.fundraiserId === fundraiserId && typeof value.participantId === 'number' ? value.participantId : null;
  } catch {
    return null;
  }
}

export function shareLink(slug: string, participantId: number): string {
  return `${window.location.origin}/wholesale/${slug}?participant=${participantId}`;
}
