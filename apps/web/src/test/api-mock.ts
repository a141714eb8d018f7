import { vi } from 'vitest';
import type { RestaurantOutput } from '@kusina/domain/restaurants';

export interface ApiCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Headers;
}

export type ApiReply = Response | { status?: number; body?: unknown };
export type ApiHandler = ApiReply | ((call: ApiCall) => ApiReply | Promise<ApiReply>);

export function json(status: number, body?: unknown): Response {
  return status === 204 ? new Response(null, { status }) : new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export function apiError(status: number, message: string, fields?: Record<string, string>, code = 'ERROR'): Response {
  return json(status, { error: { code, message, ...(fields ? { details: { fields } } : {}) } });
}

export const restaurantFixture: RestaurantOutput = {
  id: 1,
  name: 'Kusina',
  address: '1000 Marine Corps Dr, Tamuning, GU 96913',
  phone_number: '+16716464461',
  contact_email: 'aloha@kusina.test',
  time_zone: 'Pacific/Guam',
  theme: 'gold',
  facebook_url: 'https://facebook.com/kusinaguam',
  instagram_url: null,
  twitter_url: null,
  custom_pickup_location: null,
  vip_only_checkout: false,
  vip_enabled: false,
  default_reservation_length: 60,
  time_slot_interval: 15,
  current_layout_id: null,
  current_seat_count: 0,
  admin_settings: {},
};

/**
 * Stubs fetch at the network boundary. Routes are keyed 'METHOD /path' (path under /api/v1,
 * without the query). The restaurant and site settings answer by default.
 */
export function mockApi(routes: Record<string, ApiHandler> = {}) {
  const calls: ApiCall[] = [];
  const table: Record<string, ApiHandler> = {
    'GET /restaurants/1': { body: restaurantFixture },
    'GET /admin/site_settings': { body: { hero_image_url: '/images/hero-kusina.svg', spinner_image_url: null } },
    ...routes,
  };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const path = url.pathname.replace(/^\/api\/v1/, '');
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const call: ApiCall = { method, path, query: url.searchParams, body, headers: new Headers(init?.headers) };
    calls.push(call);
    const handler = table[`${method} ${path}`];
    if (!handler) return apiError(404, `No mock for ${method} ${path}`);
    const reply = typeof handler === 'function' ? await handler(call) : handler;
    return reply instanceof Response ? reply : json(reply.status ?? 200, reply.body);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    fetchMock,
    callsTo: (method: string, path: string) => calls.filter((call) => call.method === method && call.path === path),
  };
}
