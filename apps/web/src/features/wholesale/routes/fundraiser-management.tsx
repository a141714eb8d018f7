import { CATCH_UP_EVENT } from '@kusina/domain/realtime';
import { formatUSD } from '@kusina/domain/money';
import { useEffect, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { clockTime, zonedParts } from '@kusina/domain/restaurant-schedule';
import { TEAM_SHARE_MESSAGE, WHOLESALE_FUNDRAISER_STATUSES, WHOLESALE_INVENTORY_MODES, type FundraiserDetailOutput, type FundraiserInput, type ItemOutput } from '@kusina/domain/wholesale';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { openRealtime } from '../../../lib/realtime.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';
import { useAdminFundraiser } from '../api/get-admin-fundraiser.ts';
import { useAdminFundraisers } from '../api/get-admin-fundraisers.ts';
import { useDuplicateFundraiser } from '../api/duplicate-fundraiser.ts';
import { useSaveFundraiser } from '../api/save-fundraiser.ts';
import { useSaveItem } from '../api/save-item.ts';
import { useUpdateVariant } from '../api/update-variant.ts';
import { useWholesaleDashboard } from '../api/get-dashboard.ts';
import { wholesaleAdminKey } from '../api/admin-request.ts';
import { FundraiserOrders } from '../components/fundraiser-orders.tsx';
import { ImageField } from '../components/image-field.tsx';
import { ParticipantsAdmin } from '../components/participants-admin.tsx';
import { OrganisersPanel } from '../components/organisers-panel.tsx';
import { PayoutStatement } from '../components/payout-statement.tsx';
import { formatGroups, keepOptionIds, parseGroups } from '../components/wholesale-groups.ts';

const field = 'min-h-11 w-full rounded-lg border border-line-strong bg-surface px-3';

/**
 * Fundraiser management (admins, issue #22): the fundraisers with their status, a form to create
 * or edit one (images uploaded and re-encoded by the server), its participants, items with options,
 * variants and stock, its orders, and a dashboard that follows sales live.
 */
export function FundraiserManagement({ organiser = false }: { organiser?: boolean }) {
  const list = useAdminFundraisers();
  const duplicate = useDuplicateFundraiser();
  const [selected, setSelected] = useState<number | 'new' | null>(null);

  // An organiser of one fundraiser goes straight to it (decision 0124).
  const only = organiser && list.data?.length === 1 ? list.data[0]!.id : null;
  if (only !== null && selected === null) return <FundraiserEditor key={only} id={only} organiser onBack={null} onCreated={setSelected} />;
  if (selected !== null) return <FundraiserEditor key={String(selected)} id={selected === 'new' ? null : selected} organiser={organiser} onBack={() => setSelected(null)} onCreated={setSelected} />;
  return (
    <section aria-labelledby="fundraisers-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="fundraisers-heading" className="font-display text-2xl font-bold">
          Fundraisers
        </h2>
        {organiser ? null : <Button onClick={() => setSelected('new')}>New Fundraiser</Button>}
      </div>
      {list.isPending ? (
        <Spinner label="Loading fundraisers…" />
      ) : list.isError ? (
        <Alert tone="error">{errorMessage(list.error, 'Unable to load fundraisers. Please try again.')}</Alert>
      ) : list.data.length === 0 ? (
        <p className="text-ink-muted">{organiser ? "No fundraiser is assigned to you yet. Ask the restaurant's admin to invite you again." : 'No fundraisers yet.'}</p>
      ) : (
        <ul className="divide-y divide-line rounded-2xl border border-line bg-surface-raised">
          {list.data.map((f) => (
            <li key={f.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
              <div className="min-w-0">
                <p className="font-semibold">{f.name}</p>
                <p className="text-sm text-ink-muted">
                  /wholesale/{f.slug} · {f.startDate ?? '—'} to {f.endDate ?? '—'} · {f.item_count} items · {f.participant_count} participants
                </p>
              </div>
              <div className="flex items-center gap-2">
                <Badge tone={f.status === 'current' ? 'success' : f.status === 'draft' ? 'warning' : 'neutral'}>{f.status}</Badge>
                <Button size="sm" variant="secondary" onClick={() => setSelected(f.id)} aria-label={`Manage ${f.name}`}>
                  Manage
                </Button>
                {organiser ? null : (
                  <Button size="sm" variant="ghost" loading={duplicate.isPending && duplicate.variables === f.id} onClick={() => duplicate.mutate(f.id)} aria-label={`Duplicate ${f.name}`}>
                    Duplicate
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function FundraiserEditor({ id, organiser = false, onBack, onCreated }: { id: number | null; organiser?: boolean; onBack: (() => void) | null; onCreated(id: number): void }) {
  const fundraiser = useAdminFundraiser(id ?? 0);
  const [tab, setTab] = useState<'details' | 'orders' | 'dashboard' | 'payout'>('details');
  if (id !== null && fundraiser.isPending) return <Spinner label="Loading fundraiser…" />;
  const data = id === null ? null : (fundraiser.data ?? null);
  return (
    <section className="space-y-6" aria-labelledby="fundraiser-editor-heading">
      {onBack ? (
        <Button variant="link" onClick={onBack}>
          ← All fundraisers
        </Button>
      ) : null}
      <h2 id="fundraiser-editor-heading" className="font-display text-2xl font-bold">
        {data ? data.name : 'New Fundraiser'}
      </h2>
      {data ? (
        <div className="flex flex-wrap gap-2" role="group" aria-label="Fundraiser sections">
          {(['details', 'orders', 'dashboard', 'payout'] as const).map((t) => (
            <Button key={t} size="sm" variant={tab === t ? 'primary' : 'secondary'} aria-pressed={tab === t} onClick={() => setTab(t)}>
              {t === 'details' ? 'Details' : t === 'orders' ? 'Orders' : t === 'dashboard' ? 'Dashboard' : 'Payout Statement'}
            </Button>
          ))}
        </div>
      ) : null}
      {id !== null && !data ? (
        <Alert tone="error">{errorMessage(fundraiser.error, 'Unable to load fundraiser. Please try again.')}</Alert>
      ) : tab === 'details' || !data ? (
        <>
          {/* An organiser (decision 0124) keeps the participants; the fundraiser's settings and items are the restaurant's. */}
          {organiser ? null : <FundraiserForm fundraiser={data} onCreated={onCreated} />}
          {data ? <ParticipantsAdmin fundraiser={data} /> : null}
          {data && !organiser ? <Items fundraiser={data} /> : null}
          {data && !organiser ? <OrganisersPanel fundraiser={data} /> : null}
        </>
      ) : tab === 'orders' ? (
        <FundraiserOrders fundraiser={data} readOnly={organiser} />
      ) : tab === 'payout' ? (
        <PayoutStatement fundraiserId={data.id} />
      ) : (
        <Dashboard fundraiserId={data.id} />
      )}
    </section>
  );
}

/** An instant as the restaurant's wall-clock time for a datetime-local field ('2026-12-20T09:00'). */
function restaurantWallClock(iso: string): string {
  const { date, minutes } = zonedParts(Date.parse(iso));
  return `${date}T${clockTime(minutes)}`;
}

function FundraiserForm({ fundraiser, onCreated }: { fundraiser: FundraiserDetailOutput | null; onCreated(id: number): void }) {
  const save = useSaveFundraiser();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState(false);
  const [form, setForm] = useState<FundraiserInput>(() => ({
    name: fundraiser?.name ?? '',
    slug: fundraiser?.slug ?? '',
    description: fundraiser?.description ?? '',
    status: fundraiser?.status ?? 'draft',
    start_date: fundraiser?.startDate ?? null,
    end_date: fundraiser?.endDate ?? null,
    card_image_url: fundraiser?.card_image_url ?? null,
    banner_url: fundraiser?.banner_url ?? null,
    pickup_display_name: fundraiser?.pickup_display_name ?? null,
    pickup_display_address: fundraiser?.pickup_display_address ?? null,
    pickup_instructions: fundraiser?.pickup_instructions ?? null,
    pickup_hours: fundraiser?.pickup_hours ?? null,
    pickup_contact_name: fundraiser?.pickup_contact_name ?? null,
    pickup_contact_phone: fundraiser?.pickup_contact_phone ?? null,
    pickup_starts_at: fundraiser?.pickup_starts_at ? restaurantWallClock(fundraiser.pickup_starts_at) : null,
  }));
  const text = (key: keyof FundraiserInput) => ({
    value: (form[key] as string | null | undefined) ?? '',
    error: errors[key],
    onChange: (event: { target: { value: string } }) => {
      setForm((f) => ({ ...f, [key]: event.target.value || (key === 'name' || key === 'slug' || key === 'description' ? event.target.value : null) }));
      setSaved(false);
    },
  });
  const [goal, setGoal] = useState(fundraiser?.goal_cents ? (fundraiser.goal_cents / 100).toFixed(2) : '');
  const [share, setShare] = useState(fundraiser?.team_share_percent === null || fundraiser?.team_share_percent === undefined ? '' : String(fundraiser.team_share_percent));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    const goalCents = goal.trim() ? Math.round(Number(goal) * 100) : null;
    if (goalCents !== null && (!Number.isFinite(goalCents) || goalCents < 1)) return setErrors({ goal_cents: 'Enter the team goal in dollars' });
    const sharePercent = share.trim() ? Number(share) : null;
    if (sharePercent !== null && !(Number.isInteger(sharePercent) && sharePercent >= 0 && sharePercent <= 100)) return setErrors({ team_share_percent: TEAM_SHARE_MESSAGE });
    save.mutate(
      { id: fundraiser?.id ?? null, input: { ...form, goal_cents: goalCents, team_share_percent: sharePercent } },
      {
        onSuccess: (result) => {
          setSaved(true);
          if (!fundraiser) onCreated(result.id);
        },
        onError: (error) => setErrors(error instanceof ApiError ? error.fields : {}),
      },
    );
  };
  return (
    <form onSubmit={submit} className="space-y-4 rounded-2xl border border-line bg-surface-raised p-4" aria-label="Fundraiser details" noValidate>
      <div className="grid gap-4 md:grid-cols-2">
        <TextField label="Name" required {...text('name')} />
        <TextField label="Slug" required hint="Lower-case letters, digits and hyphens: the address /wholesale/{slug}" {...text('slug')} />
        <div>
          <label htmlFor="f-status" className="text-sm font-semibold">
            Status
          </label>
          <select id="f-status" className={field} value={form.status} onChange={(e) => setForm((f) => ({ ...f, status: e.target.value as FundraiserInput['status'] }))}>
            {WHOLESALE_FUNDRAISER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </div>
        <div className="grid grid-cols-2 gap-3">
          <TextField label="Start date" type="date" {...text('start_date')} />
          <TextField label="End date" type="date" {...text('end_date')} />
        </div>
      </div>
      <div>
        <label htmlFor="f-description" className="text-sm font-semibold">
          Description
        </label>
        <Textarea id="f-description" rows={3} value={form.description} onChange={(e) => setForm((f) => ({ ...f, description: e.target.value }))} />
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <ImageField label="Card image" value={form.card_image_url ?? ''} onChange={(url) => setForm((f) => ({ ...f, card_image_url: url }))} />
        <ImageField label="Banner image" value={form.banner_url ?? ''} onChange={(url) => setForm((f) => ({ ...f, banner_url: url }))} />
        <TextField
          label="Team goal (dollars)"
          inputMode="decimal"
          hint="Shown with the amount raised and supporters; leave empty for none"
          value={goal}
          error={errors.goal_cents}
          onChange={(event) => {
            setGoal(event.target.value);
            setSaved(false);
          }}
        />
        <TextField
          label="Team share (%)"
          inputMode="numeric"
          hint="The percent of each sale the team receives, 0 to 100; supporters see it on the fundraiser page"
          value={share}
          error={errors.team_share_percent}
          onChange={(event) => {
            setShare(event.target.value);
            setSaved(false);
          }}
        />
        <TextField label="Pickup name" {...text('pickup_display_name')} />
        <TextField label="Pickup address" {...text('pickup_display_address')} />
        <TextField label="Pickup hours" {...text('pickup_hours')} />
        <TextField label="Pickup starts" type="datetime-local" hint="Guam time: the orders' Estimated Pickup" {...text('pickup_starts_at')} />
        <TextField label="Pickup instructions" {...text('pickup_instructions')} />
        <TextField label="Pickup contact" {...text('pickup_contact_name')} />
        <TextField label="Pickup contact phone" type="tel" {...text('pickup_contact_phone')} />
      </div>
      {save.isError && Object.keys(errors).length === 0 ? <Alert tone="error">{errorMessage(save.error, 'The fundraiser could not be saved.')}</Alert> : null}
      {saved ? <p role="status" className="text-success-ink">✓ Fundraiser saved</p> : null}
      <Button type="submit" loading={save.isPending}>
        {fundraiser ? 'Save Fundraiser' : 'Create Fundraiser'}
      </Button>
    </form>
  );
}

function Items({ fundraiser }: { fundraiser: FundraiserDetailOutput }) {
  const [editing, setEditing] = useState<ItemOutput | 'new' | null>(null);
  return (
    <section aria-labelledby="items-heading" className="space-y-3 rounded-2xl border border-line bg-surface-raised p-4">
      <div className="flex items-center justify-between gap-3">
        <h3 id="items-heading" className="font-display text-xl font-bold">
          Items
        </h3>
        <Button size="sm" onClick={() => setEditing('new')}>
          New Item
        </Button>
      </div>
      <ul className="divide-y divide-line">
        {fundraiser.items.map((item) => (
          <li key={item.id} className="py-2 text-sm">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="font-semibold">{item.name}</span>
              <span>
                {formatUSD(item.price_cents)} · {item.inventory_mode} inventory · {item.inventory_mode === 'none' ? 'unlimited' : `${item.effective_available_quantity} available`}
              </span>
              <Button size="sm" variant="secondary" onClick={() => setEditing(item)} aria-label={`Edit ${item.name}`}>
                Edit
              </Button>
            </div>
            {item.track_variants ? <VariantStock item={item} /> : null}
          </li>
        ))}
      </ul>
      {editing ? <ItemForm key={editing === 'new' ? 'new' : editing.id} fundraiserId={fundraiser.id} item={editing === 'new' ? null : editing} onDone={() => setEditing(null)} /> : null}
    </section>
  );
}

function VariantStock({ item }: { item: ItemOutput }) {
  const update = useUpdateVariant();
  return (
    <ul className="mt-2 grid gap-2 sm:grid-cols-2">
      {item.item_variants.map((v) => (
        <li key={v.id} className="flex items-center justify-between gap-2 rounded-lg bg-surface-muted px-3 py-1">
          <label htmlFor={`variant-${v.id}`}>{v.variant_name}</label>
          <input
            id={`variant-${v.id}`}
            type="number"
            min={0}
            defaultValue={v.stock_quantity}
            className="min-h-11 w-24 rounded-lg border border-line-strong bg-surface px-2"
            onBlur={(e) => {
              const stock = Number(e.target.value);
              if (Number.isInteger(stock) && stock >= 0 && stock !== v.stock_quantity) update.mutate({ id: v.id, stock });
            }}
          />
        </li>
      ))}
    </ul>
  );
}

function ItemForm({ fundraiserId, item, onDone }: { fundraiserId: number; item: ItemOutput | null; onDone(): void }) {
  const save = useSaveItem();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [form, setForm] = useState({
    name: item?.name ?? '',
    description: item?.description ?? '',
    sku: item?.sku ?? '',
    price: item ? (item.price_cents / 100).toFixed(2) : '',
    mode: item?.inventory_mode ?? 'none',
    stock: String(item?.stock_quantity ?? 0),
    threshold: item?.low_stock_threshold === null || item?.low_stock_threshold === undefined ? '' : String(item.low_stock_threshold),
    groups: item
      ? formatGroups(item.option_groups.map((g) => ({ name: g.name, enable_inventory_tracking: g.enable_inventory_tracking, options: g.options.map((o) => ({ name: o.name, additional_price_cents: o.additional_price_cents, stock_quantity: o.stock_quantity })) })))
      : '',
    image: item?.primary_image_url ?? '',
  });
  const set = (key: keyof typeof form) => (event: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: event.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const price = Math.round(Number(form.price) * 100);
    if (!form.price.trim() || !Number.isFinite(price) || price < 0) return setErrors({ price_cents: 'Enter the price in dollars' });
    save.mutate(
      {
        fundraiserId,
        id: item?.id ?? null,
        input: {
          name: form.name,
          description: form.description,
          sku: form.sku || null,
          price_cents: price,
          images: form.image ? [{ image_url: form.image, alt_text: form.name }] : [],
          inventory_mode: form.mode as ItemOutput['inventory_mode'],
          // An edit sends stock only where the admin changed it: sales since the form opened stay sold.
          ...(!item || form.stock !== String(item.stock_quantity) ? { stock_quantity: Number(form.stock) || 0 } : {}),
          low_stock_threshold: form.threshold.trim() ? Number(form.threshold) : null,
          active: true,
          option_groups: item ? keepOptionIds(parseGroups(form.groups), item) : parseGroups(form.groups),
        },
      },
      { onSuccess: onDone, onError: (e) => setErrors(e instanceof ApiError ? e.fields : {}) },
    );
  };
  return (
    <form onSubmit={submit} className="space-y-3 rounded-xl border border-line p-4" aria-label={item ? `Edit ${item.name}` : 'New item'} noValidate>
      <div className="grid gap-3 md:grid-cols-2">
        <TextField label="Item name" required value={form.name} error={errors.name} onChange={set('name')} />
        <TextField label="SKU" value={form.sku} onChange={set('sku')} />
        <TextField label="Price (dollars)" required inputMode="decimal" value={form.price} error={errors.price_cents} onChange={set('price')} />
        <div>
          <label htmlFor="item-mode" className="text-sm font-semibold">
            Inventory
          </label>
          <select id="item-mode" className={field} value={form.mode} onChange={set('mode')}>
            {WHOLESALE_INVENTORY_MODES.map((m) => (
              <option key={m} value={m}>
                {{ none: 'Not tracked', item: 'Per item', option: 'Per option', variant: 'Per variant (option combination)' }[m]}
              </option>
            ))}
          </select>
        </div>
        {form.mode === 'item' ? <TextField label="Stock" type="number" min={0} value={form.stock} error={errors.stock_quantity} onChange={set('stock')} /> : null}
        <TextField label="Low-stock threshold" type="number" min={0} value={form.threshold} onChange={set('threshold')} />
        <TextField label="Description" value={form.description} onChange={set('description')} />
        <ImageField label="Item image" value={form.image} onChange={(url) => setForm((f) => ({ ...f, image: url }))} />
      </div>
      <div>
        <label htmlFor="item-groups" className="text-sm font-semibold">
          Option groups
        </label>
        <p id="item-groups-hint" className="text-sm text-ink-muted">
          One group per line, e.g. <code>Size: S, M, XL +3</code>. Per-option stock: mark the group with * and give each option =stock (<code>Main*: Chicken =30</code>). Variants
          are generated from the options; set their stock after saving.
        </p>
        <Textarea id="item-groups" aria-describedby="item-groups-hint" rows={3} value={form.groups} onChange={set('groups')} />
      </div>
      {save.isError && Object.keys(errors).length === 0 ? <Alert tone="error">{errorMessage(save.error, 'The item could not be saved.')}</Alert> : null}
      {Object.keys(errors).length > 0 ? <Alert tone="error">{Object.values(errors)[0]}</Alert> : null}
      <div className="flex gap-2">
        <Button type="submit" loading={save.isPending}>
          {item ? 'Save Item' : 'Add Item'}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** The per-fundraiser dashboard: follows the fundraiser's live events (wholesale_participant_goal_updated…). */
function Dashboard({ fundraiserId }: { fundraiserId: number }) {
  const dashboard = useWholesaleDashboard(fundraiserId);
  const queryClient = useQueryClient();
  // The signed-in user: the socket reconnects (with the new cookie) when it changes.
  const sessionUser = useAuthStore((s) => s.user?.id ?? null);
  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: wholesaleAdminKey });
    return openRealtime({
      subscriptions: [{ channel: 'fundraiser', fundraiser_id: fundraiserId }],
      events: { wholesale_participant_goal_updated: refresh, wholesale_item_stock_updated: refresh, wholesale_fundraiser_updated: refresh, [CATCH_UP_EVENT]: refresh },
    });
  }, [fundraiserId, queryClient, sessionUser]);
  if (dashboard.isPending) return <Spinner label="Loading dashboard…" />;
  if (dashboard.isError) return <Alert tone="error">{errorMessage(dashboard.error, 'Unable to load the dashboard.')}</Alert>;
  const d = dashboard.data;
  const stats: [string, string][] = [
    ['Orders', String(d.orders)],
    ['Items sold', String(d.items_sold)],
    ['Gross sales', formatUSD(d.gross_cents)],
    ['Net sales', formatUSD(d.net_sales_cents)],
    [d.team_share_percent === null ? 'Raised for the team' : `Raised for the team (${d.team_share_percent}% share)`, d.team_raised_cents === null ? 'Share not set' : formatUSD(d.team_raised_cents)],
    ['Net raised', formatUSD(d.net_raised_cents)],
    ['General support', formatUSD(d.general_support_cents)],
    ['Cancelled', String(d.cancelled_orders)],
  ];
  return (
    <section aria-label="Fundraiser dashboard" className="space-y-4">
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-3">
        {stats.map(([label, value]) => (
          <div key={label} className="rounded-xl border border-line bg-surface-raised p-3">
            <dt className="text-sm text-ink-muted">{label}</dt>
            <dd className="text-xl font-bold">{value}</dd>
          </div>
        ))}
      </dl>
      <ul className="space-y-3">
        {d.participants.map((p) => (
          <li key={p.id} className="rounded-xl border border-line bg-surface-raised p-3">
            <p id={`dash-p-${p.id}`} className="flex justify-between text-sm">
              <span className="font-semibold">{p.name}</span>
              <span>
                {formatUSD(p.raisedCents)}
                {p.goalCents ? ` of ${formatUSD(p.goalCents)} (${p.progressPercent}%)` : ''}
              </span>
            </p>
            {p.goalCents ? (
              <div role="progressbar" aria-labelledby={`dash-p-${p.id}`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={p.progressPercent ?? 0} className="mt-2 h-2 overflow-hidden rounded-full bg-surface-muted">
                <div className="h-full bg-brand" style={{ width: `${p.progressPercent ?? 0}%` }} />
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

