import type { FundraiserDetailOutput, OrderOutput, ParticipantOutput } from '@kusina/domain/wholesale';
import type { WholesaleCartLine } from '../../stores/wholesale-cart-store.ts';

/** A current fundraiser as GET /wholesale/fundraisers/{slug} answers it (no items unless given). */
export function fundraiserFixture(overrides: Partial<FundraiserDetailOutput> = {}): FundraiserDetailOutput {
  return {
    id: 1,
    name: 'Tamuning Tigers',
    slug: 'tamuning-tigers',
    description: 'Help the Tigers travel to the regional finals.',
    status: 'current',
    card_image_url: null,
    banner_url: null,
    startDate: '2026-11-01',
    endDate: '2026-12-31',
    pickup_display_name: 'Tamuning Gym',
    pickup_display_address: '150 Gym Rd, Tamuning',
    pickup_instructions: null,
    pickup_hours: 'Sat 9–12',
    pickup_contact_name: 'Coach Ana',
    pickup_contact_phone: '+16715550111',
    pickup_starts_at: null,
    item_count: 1,
    participant_count: 1,
    goal_cents: null,
    raised_cents: 0,
    progress_percent: null,
    supporters_count: 0,
    days_left: null,
    team_share_percent: null,
    participants: [participantFixture()],
    items: [],
    ...overrides,
  };
}

export function participantFixture(overrides: Partial<ParticipantOutput> = {}): ParticipantOutput {
  return {
    id: 11,
    name: 'Ana Santos',
    photoUrl: null,
    description: null,
    hasGoal: true,
    goalAmount: 500,
    goalCents: 50000,
    raisedCents: 0,
    raisedAmount: 0,
    progressPercent: 0,
    ...overrides,
  };
}

/** A cart line of the fixture fundraiser. */
export function cartLineFixture(overrides: Partial<WholesaleCartLine> = {}): WholesaleCartLine {
  return {
    id: 'line-1',
    itemId: 101,
    fundraiserId: 1,
    fundraiserName: 'Tamuning Tigers',
    fundraiserSlug: 'tamuning-tigers',
    name: 'Tigers Tee',
    sku: 'TEE-1',
    price: 25,
    priceCents: 2500,
    quantity: 2,
    options: {},
    selectedOptions: {},
    ...overrides,
  };
}

export function envelope<T>(data: T, message = '') {
  return { body: { success: true, message, data } };
}

/** An order as POST /wholesale/orders answers it. */
export function orderFixture(overrides: Partial<OrderOutput> = {}): OrderOutput {
  const f = fundraiserFixture();
  return {
    id: 77,
    orderNumber: 'W-000077',
    status: 'confirmed',
    statusLabel: 'Confirmed',
    statusMessage: 'Your order has been confirmed and payment has been processed successfully.',
    paymentStatus: 'paid',
    total: 50,
    totalCents: 5000,
    totalPaid: 50,
    refundedCents: 0,
    createdAt: '2026-11-20T01:00:00.000Z',
    updatedAt: '2026-11-20T01:00:00.000Z',
    estimated_pickup_time: null,
    customerName: 'Maria Cruz',
    customerEmail: 'maria@example.com',
    customerPhone: '+16715551234',
    shippingAddress: 'Tamuning Gym, 150 Gym Rd, Tamuning',
    notes: null,
    itemCount: 2,
    uniqueItemCount: 1,
    canCancel: true,
    fundraiser: {
      id: f.id,
      name: f.name,
      slug: f.slug,
      status: f.status,
      pickup_display_name: f.pickup_display_name,
      pickup_display_address: f.pickup_display_address,
      pickup_instructions: f.pickup_instructions,
      pickup_hours: f.pickup_hours,
      pickup_contact_name: f.pickup_contact_name,
      pickup_contact_phone: f.pickup_contact_phone,
      pickup_starts_at: f.pickup_starts_at,
    },
    participant: { id: 11, name: 'Ana Santos' },
    payment: null,
    items: [],
    access_token: 'guest-token',
    ...overrides,
  };
}

type ItemOutput = FundraiserDetailOutput['items'][number];
type GroupOutput = ItemOutput['option_groups'][number];

/** An item of the fixture fundraiser, in stock, without tracked inventory unless given. */
export function itemFixture(overrides: Partial<ItemOutput> = {}): ItemOutput {
  return {
    id: 101,
    fundraiser_id: 1,
    name: 'Tigers Tee',
    description: 'Soft cotton tee',
    sku: 'TEE-1',
    price: 25,
    price_cents: 2500,
    primary_image_url: null,
    images: [],
    active: true,
    inventory_mode: 'none',
    in_stock: true,
    stock_status: 'in_stock',
    track_inventory: false,
    available_quantity: null,
    uses_option_level_inventory: false,
    effective_available_quantity: 999,
    low_stock_threshold: null,
    stock_quantity: 0,
    damaged_quantity: 0,
    track_variants: false,
    item_variants: [],
    option_groups: [],
    ...overrides,
  };
}

export function groupFixture(id: number, name: string, options: { id: number; name: string; cents?: number; available?: boolean }[], rules: { min?: number; max?: number } = {}): GroupOutput {
  return {
    id,
    name,
    required: (rules.min ?? 1) > 0,
    min_select: rules.min ?? 1,
    max_select: rules.max ?? 1,
    enable_inventory_tracking: false,
    options: options.map((o) => ({
      id: o.id,
      name: o.name,
      additional_price: (o.cents ?? 0) / 100,
      additional_price_cents: o.cents ?? 0,
      available: o.available ?? true,
      stock_quantity: 0,
      damaged_quantity: 0,
    })),
  };
}
