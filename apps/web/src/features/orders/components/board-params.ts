import { ORDER_LIST_DEFAULT_PER_PAGE, ORDER_LIST_SORTS, ORDER_SOURCES } from '@kusina/domain/order-management';
import { ORDER_STATUSES } from '@kusina/domain/orders';
import type { BoardFilters } from '../api/get-admin-orders.ts';

/*
 * The board's view lives in the URL (/admin?tab=orders&status=ready&q=K-10001&order=42) so a reload,
 * a second tablet or a bookmark opens the same view. Defaults are left out of the URL.
 */

const STATUS_VALUES: readonly string[] = ['active', 'all', ...ORDER_STATUSES];

function oneOf<T extends string>(value: string | null, allowed: readonly string[], fallback: T): T {
  return value !== null && allowed.includes(value) ? (value as T) : fallback;
}

export function readBoardFilters(params: URLSearchParams): BoardFilters {
  const page = Number(params.get('page'));
  const date = params.get('date') ?? '';
  return {
    status: oneOf(params.get('status'), STATUS_VALUES, 'active'),
    date: /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : '',
    dateBy: oneOf(params.get('date_by'), ['created', 'pickup'], 'created'),
    location: params.get('location') ?? '',
    source: oneOf(params.get('source'), ORDER_SOURCES, ''),
    q: params.get('q') ?? '',
    sort: oneOf(params.get('sort'), ORDER_LIST_SORTS, 'newest'),
    page: Number.isInteger(page) && page > 0 ? page : 1,
    perPage: ORDER_LIST_DEFAULT_PER_PAGE,
  };
}

export interface BoardParamPatch {
  status?: BoardFilters['status'];
  date?: string;
  dateBy?: BoardFilters['dateBy'];
  location?: string;
  source?: BoardFilters['source'];
  q?: string;
  sort?: BoardFilters['sort'];
  page?: number;
  /** The open order (null closes it). */
  order?: number | null;
}

const DEFAULTS: Record<string, string> = { status: 'active', date_by: 'created', sort: 'newest', page: '1' };
const PARAM_NAMES: Record<keyof BoardParamPatch, string> = {
  status: 'status',
  date: 'date',
  dateBy: 'date_by',
  location: 'location',
  source: 'source',
  q: 'q',
  sort: 'sort',
  page: 'page',
  order: 'order',
};

/** The URL's query with `patch` applied; a change of filter goes back to page 1. Other parameters (tab) stay. */
export function boardParamsWith(current: URLSearchParams, patch: BoardParamPatch): URLSearchParams {
  const next = new URLSearchParams(current);
  const filterChanged = Object.keys(patch).some((key) => key !== 'page' && key !== 'order');
  for (const [key, value] of Object.entries(patch) as Array<[keyof BoardParamPatch, BoardParamPatch[keyof BoardParamPatch]]>) {
    const name = PARAM_NAMES[key];
    const text = value === null || value === undefined ? '' : String(value).trim();
    if (!text || DEFAULTS[name] === text) next.delete(name);
    else next.set(name, text);
  }
  if (filterChanged && patch.page === undefined) next.delete('page');
  return next;
}
