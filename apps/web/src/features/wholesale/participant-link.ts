import { useSyncExternalStore } from 'react';

/**
 * The participant a supporter came through (decision 0122): a participant's page or share link
 * (/wholesale/{slug}/participants/{id}, or the older /wholesale/{slug}?participant={id}) remembers
 * them with their fundraiser until the supporter checks out — in local storage, so every tab of the
 * browser shares it, and each tab follows a change made in another (the storage event). The
 * checkout preselects them and sends them with the order; the server checks that they belong to
 * the fundraiser and are active.
 */
const KEY = 'wholesaleParticipant';
/** A share link's credit lasts this long without a checkout (a season of a fundraiser). */
export const ATTRIBUTION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Same-tab changes (the storage event only reaches the other tabs). */
const CHANGED = 'kusina:wholesale-participant';

interface Remembered {
  fundraiserId: number;
  participantId: number;
  at: number;
}

function read(): Remembered | null {
  try {
    const value = JSON.parse(localStorage.getItem(KEY) ?? 'null') as Partial<Remembered> | null;
    if (!value || typeof value.fundraiserId !== 'number' || typeof value.participantId !== 'number' || typeof value.at !== 'number') return null;
    return Date.now() - value.at > ATTRIBUTION_TTL_MS ? null : (value as Remembered);
  } catch {
    return null;
  }
}

function changed(): void {
  window.dispatchEvent(new Event(CHANGED));
}

export function rememberParticipant(fundraiserId: number, participantId: number): void {
  try {
    localStorage.setItem(KEY, JSON.stringify({ fundraiserId, participantId, at: Date.now() }));
    changed();
  } catch {
    // Private mode without storage: the chooser simply starts unselected.
  }
}

export function rememberedParticipant(fundraiserId: number): number | null {
  const value = read();
  return value !== null && value.fundraiserId === fundraiserId ? value.participantId : null;
}

/** After a checkout: the credit has gone with the order (in every tab). */
export function forgetParticipant(): void {
  try {
    localStorage.removeItem(KEY);
    changed();
  } catch {
    // Nothing was kept.
  }
}

function subscribe(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === KEY || event.key === null) onChange();
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener(CHANGED, onChange);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(CHANGED, onChange);
  };
}

/** The remembered participant of this fundraiser, following changes in this and every other tab. */
export function useRememberedParticipant(fundraiserId: number | undefined): number | null {
  return useSyncExternalStore(
    subscribe,
    () => (fundraiserId === undefined ? null : rememberedParticipant(fundraiserId)),
    () => null,
  );
}

/** A participant's page: the address a share sheet, a QR code and a link preview carry. */
export function participantPagePath(slug: string, participantId: number): string {
  return `/wholesale/${slug}/participants/${participantId}`;
}

export function shareLink(slug: string, participantId: number): string {
  return `${window.location.origin}${participantPagePath(slug, participantId)}`;
}
