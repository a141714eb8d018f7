import type { ReactElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { Route, Switch, useLocation, useSearch } from 'wouter';
import { vi } from 'vitest';
import type { MenuItemOutput, OptionGroupOutput, OptionOutput } from '@kusina/domain/menu';
import type { QuoteOutput } from '@kusina/domain/checkout';
import type { MerchandiseCollectionOutput, MerchandiseItemOutput, MerchandiseVariantOutput } from '@kusina/domain/merchandise';

/** What a test's fake server saw: method, path with query, parsed JSON body and headers. */
export interface RecordedRequest {
  method: string;
  url: URL;
  body: unknown;
  headers: Headers;
}

export type FakeResponse = { status?: number; body?: unknown } | Promise<{ status?: number; body?: unknown }>;
export type Handler = (request: RecordedRequest) => FakeResponse;

/**
 * Stubs fetch at the network boundary: `routes` maps "METHOD /api/v1/path" (no query) to a handler.
 * Unknown routes answer 404 in the API's error shape. Returns every request made.
 */
export function stubApi(routes: Record<string, Handler>): RecordedRequest[] {
  const requests: RecordedRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = (init?.method ?? 'GET').toUpperCase();
      const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      const request = { method, url, body, headers: new Headers(init?.headers) };
      requests.push(request);
      const handler = routes[`${method} ${url.pathname}`];
      const answer = handler ? await handler(request) : { status: 404, body: { error: { code: 'NOT_FOUND', message: 'Not found' } } };
      return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
        status: answer.status ?? 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return requests;
}

export function apiError(status: number, message: string, code = 'ERROR', details?: unknown) {
  return { status, body: { error: { code, message, ...(details === undefined ? {} : { details }) } } };
}

function LocationProbe() {
  const [pathname] = useLocation();
  const search = useSearch();
  return <div data-testid="location">{`${pathname}${search ? `?${search}` : ''}`}</div>;
}

/**
 * Renders `ui` at `path` (route pattern `pattern`, `state` as history.state) with a fresh query
 * client and a location probe. The router reads happy-dom's real History API, as it does the browser's.
 */
export function renderRoute(ui: ReactElement, { path = '/', pattern = '*', state }: { path?: string; pattern?: string; state?: unknown } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } } });
  window.history.replaceState(state ?? null, '', path);
  const result = render(
    <QueryClientProvider client={queryClient}>
      <Switch>
        <Route path={pattern}>{ui}</Route>
        <Route>{null}</Route>
      </Switch>
      <LocationProbe />
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}

export function option(overrides: Partial<OptionOutput> & Pick<OptionOutput, 'id' | 'name'>): OptionOutput {
  const cents = overrides.additional_price_cents ?? 200;
  return {
    additional_price: cents / 100,
    additional_price_cents: cents,
    is_preselected: false,
    available: true,
    stock_quantity: 0,
    damaged_quantity: 0,
    available_quantity: null,
    in_stock: true,
    ...overrides,
  };
}

export function optionGroup(overrides: Partial<OptionGroupOutput> & Pick<OptionGroupOutput, 'id' | 'name' | 'options'>): OptionGroupOutput {
  return { min_select: 0, max_select: 1, free_option_count: 0, enable_inventory_tracking: false, ...overrides };
}

export function menuItem(overrides: Partial<MenuItemOutput> & Pick<MenuItemOutput, 'id' | 'name'>): MenuItemOutput {
  const cents = overrides.price_cents ?? 1000;
  return {
    category_id: 1,
    description: '',
    price: cents / 100,
    price_cents: cents,
    image: null,
    featured: false,
    seasonal: false,
    promo_label: null,
    available_until: null,
    status_note: null,
    advance_notice_hours: 0,
    available_days: [0, 1, 2, 3, 4, 5, 6],
    vegetarian: false,
    vegan: false,
    gluten_free: false,
    dairy_free: false,
    nut_free: false,
    spicy: false,
    available: true,
    is_available: true,
    stock_quantity: 0,
    damaged_quantity: 0,
    enable_stock_tracking: false,
    available_quantity: null,
    stock_status: 'in_stock',
    has_required_unavailable_options: false,
    option_groups: [],
    ...overrides,
  };
}

export function menuResponse(items: MenuItemOutput[]) {
  return {
    menu: { id: 1, name: 'Main' },
    categories: [
      { id: 1, name: 'Plates', description: 'Island plate lunches', position: 0 },
      { id: 2, name: 'Drinks', description: null, position: 1 },
    ],
    items,
  };
}

type QuoteLine = QuoteOutput['items'][number];

/** A priced food line of a quote; totals follow from the unit price and quantity. */
export function foodQuoteLine(overrides: Partial<QuoteLine> & Pick<QuoteLine, 'line' | 'menu_item_id' | 'name' | 'quantity' | 'unit_price_cents'>): QuoteLine {
  const total = overrides.unit_price_cents * overrides.quantity;
  return {
    type: 'food',
    merchandise_item_id: null,
    variant_id: null,
    variant_details: null,
    unit_price: overrides.unit_price_cents / 100,
    line_total_cents: total,
    line_total: total / 100,
    customizations: {},
    notes: null,
    ...overrides,
  };
}

/** A priced merchandise line of a quote. */
export function merchandiseQuoteLine(
  overrides: Partial<QuoteLine> & Pick<QuoteLine, 'line' | 'merchandise_item_id' | 'variant_id' | 'name' | 'quantity' | 'unit_price_cents'>,
): QuoteLine {
  const total = overrides.unit_price_cents * overrides.quantity;
  return {
    type: 'merchandise',
    menu_item_id: null,
    variant_details: null,
    unit_price: overrides.unit_price_cents / 100,
    line_total_cents: total,
    line_total: total / 100,
    customizations: {},
    notes: null,
    ...overrides,
  };
}

/** A merchandise variant; price follows from the base and the adjustment. */
export function merchandiseVariant(
  overrides: Partial<MerchandiseVariantOutput> & Pick<MerchandiseVariantOutput, 'id'>,
  base: { itemId?: number; basePriceCents?: number; tracked?: boolean } = {},
): MerchandiseVariantOutput {
  const adjustment = overrides.price_adjustment_cents ?? 0;
  const priceCents = (base.basePriceCents ?? 2500) + adjustment;
  const stock = overrides.stock_quantity ?? 10;
  const damaged = overrides.damaged_quantity ?? 0;
  const available = base.tracked === false ? null : Math.max(0, stock - damaged);
  return {
    merchandise_item_id: base.itemId ?? 1,
    size: null,
    color: null,
    price_adjustment: adjustment / 100,
    price_adjustment_cents: adjustment,
    price: priceCents / 100,
    stock_quantity: stock,
    damaged_quantity: damaged,
    available_quantity: available,
    stock_status: available === null ? 'in_stock' : available <= 0 ? 'out_of_stock' : available <= 3 ? 'low_stock' : 'in_stock',
    ...overrides,
  };
}

/**
 * A merchandise item. `variants` are given as [size, color, stock, adjustmentCents?]; the item's
 * figures are their sums, as the API computes them.
 */
export function merchandiseItem(
  overrides: Partial<Omit<MerchandiseItemOutput, 'variants'>> & Pick<MerchandiseItemOutput, 'id' | 'name'>,
  variants: [size: string | null, color: string | null, stock: number, adjustmentCents?: number][] = [[null, null, 10]],
): MerchandiseItemOutput {
  const basePriceCents = overrides.base_price_cents ?? 2500;
  const tracked = overrides.enable_stock_tracking ?? true;
  const built = variants.map(([size, color, stock, adjustment], index) =>
    merchandiseVariant({ id: overrides.id * 100 + index + 1, size, color, stock_quantity: stock, price_adjustment_cents: adjustment ?? 0 }, { itemId: overrides.id, basePriceCents, tracked }),
  );
  const available = tracked ? built.reduce((sum, v) => sum + (v.available_quantity ?? 0), 0) : null;
  return {
    restaurant_id: 1,
    merchandise_collection_id: null,
    description: '',
    base_price: basePriceCents / 100,
    base_price_cents: basePriceCents,
    image_url: null,
    second_image_url: null,
    additional_images: [],
    category_name: null,
    hidden: false,
    enable_stock_tracking: tracked,
    stock_quantity: built.reduce((sum, v) => sum + v.stock_quantity, 0),
    damaged_quantity: 0,
    available_quantity: available,
    stock_status: available === null ? 'in_stock' : available <= 0 ? 'out_of_stock' : available <= 3 ? 'low_stock' : 'in_stock',
    position: 0,
    variants: built,
    ...overrides,
  };
}

export function merchandiseCollection(overrides: Partial<MerchandiseCollectionOutput> & Pick<MerchandiseCollectionOutput, 'id' | 'name'>): MerchandiseCollectionOutput {
  return { description: null, active: true, current: false, position: overrides.id, ...overrides };
}
