import { and, eq } from 'drizzle-orm';
import { centsToDollars } from '@kusina/domain/money';
import { zonedParts } from '@kusina/domain/restaurant-schedule';
import { fundraiserTakesOrders } from '@kusina/domain/wholesale-rules';
import type { ServiceDeps } from '../../deps.ts';
import { wholesaleParticipants } from '../../db/schema/index.ts';
import { findFundraiserBySlug, participantProgress } from './repository.ts';

/** What a crawler is told about a participant's page (decision 0122): the link preview. */
export interface PagePreview {
  title: string;
  description: string;
  /** An absolute address of a raster image, or null (crawlers do not take SVG). */
  image: string | null;
  imageAlt: string | null;
  url: string;
}

/** The participant page's path: /wholesale/{slug}/participants/{id}. */
export const PARTICIPANT_PAGE = /^\/wholesale\/([a-z0-9]+(?:-[a-z0-9]+)*)\/participants\/([1-9][0-9]{0,9})$/;

const RASTER = /\.(png|jpe?g|webp|gif)$/i;

function absolute(publicUrl: string, url: string | null): string | null {
  if (!url) return null;
  const path = url.split(/[?#]/)[0] ?? '';
  if (!RASTER.test(path)) return null;
  if (/^https:\/\//.test(url)) return url;
  return url.startsWith('/') && !url.startsWith('//') ? `${publicUrl}${url}` : null;
}

function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}

/**
 * The link preview of a participant's page: the participant and fundraiser by name, their message
 * (or their progress), and as image their photo, else the fundraiser's card image, else its banner —
 * the first that is a raster image. Null when the page shows no participant (unknown, inactive, or
 * a fundraiser that is not taking orders): the page then goes out with the app's own meta.
 */
export async function participantPreview(deps: Pick<ServiceDeps, 'db' | 'clock' | 'config'>, restaurantId: number, urlPath: string): Promise<PagePreview | null> {
  const match = PARTICIPANT_PAGE.exec(urlPath.toLowerCase().replace(/\/+$/, ''));
  if (!match) return null;
  const [, slug = '', idText = ''] = match;
  const participantId = Number(idText);
  if (participantId > 2_147_483_647) return null;
  const fundraiser = await findFundraiserBySlug(deps.db, restaurantId, slug);
  if (!fundraiser || !fundraiserTakesOrders(fundraiser, zonedParts(deps.clock().getTime()).date)) return null;
  const [row] = await deps.db
    .select({ id: wholesaleParticipants.id })
    .from(wholesaleParticipants)
    .where(and(eq(wholesaleParticipants.id, participantId), eq(wholesaleParticipants.fundraiserId, fundraiser.id), eq(wholesaleParticipants.active, true)));
  const participant = row ? await participantProgress(deps.db, row.id) : undefined;
  if (!participant) return null;
  const raised = `$${centsToDollars(participant.raisedCents).toFixed(2)} raised${participant.goalCents ? ` of a $${centsToDollars(participant.goalCents).toFixed(2)} goal` : ''}`;
  const description = participant.message?.trim() ? `${clip(participant.message, 200)} · ${raised}` : `Support ${participant.name} in ${fundraiser.name}: ${raised}.`;
  const publicUrl = deps.config.publicUrl;
  const candidates: [string | null, string][] = [
    [participant.photoUrl, `Photo of ${participant.name}`],
    [fundraiser.cardImageUrl, fundraiser.name],
    [fundraiser.bannerUrl, fundraiser.name],
  ];
  const picked = candidates.map(([url, alt]) => [absolute(publicUrl, url), alt] as const).find(([url]) => url !== null);
  return {
    title: clip(`Support ${participant.name} · ${fundraiser.name}`, 120),
    description: clip(description, 300),
    image: picked?.[0] ?? null,
    imageAlt: picked?.[1] ?? null,
    url: `${publicUrl}/wholesale/${fundraiser.slug}/participants/${participant.id}`,
  };
}
