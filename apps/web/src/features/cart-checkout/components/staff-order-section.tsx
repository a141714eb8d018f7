import { useEffect, useId } from 'react';
import { BadgePercent } from 'lucide-react';
import type { DiscountConfigurationOutput } from '@kusina/domain/order-management';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Select } from '../../../components/ui/input.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { cn } from '../../../lib/cn.ts';
import { useActiveStaffDiscounts } from '../api/get-active-staff-discounts.ts';
import { useStaffMembers } from '../api/get-staff-members.ts';
import { StaffOrderText } from '../../../lib/staff-order-messages.ts';
import { formatPercentage, STAFF_DISCOUNT_GROUP_ID, STAFF_MEMBER_FIELD_ID, type StaffOrderErrors, type StaffOrderValue } from '../../../lib/staff-order.ts';

export interface StaffOrderSectionProps {
  restaurantId: number;
  value: StaffOrderValue;
  onChange: (value: StaffOrderValue) => void;
  errors: StaffOrderErrors;
  disabled?: boolean;
}

/**
 * The "Staff order" part of the checkout (issue #5): staff place an order on behalf of a staff
 * member with one of the staff discount options (backoffice-reservations.md §3). Rendered only for
 * staff of the restaurant, in its own lazy chunk; the members and discounts load when the switch is
 * first turned on. The server checks everything again and prices the discount.
 */
export function StaffOrderSection({ restaurantId, value, onChange, errors, disabled = false }: StaffOrderSectionProps) {
  const ids = useId();
  const titleId = `${ids}-title`;
  const descriptionId = `${ids}-description`;
  const members = useStaffMembers(restaurantId, value.enabled);
  const discounts = useActiveStaffDiscounts(restaurantId, value.enabled);

  // The default option is chosen for the staff member once the list is here (they may change it).
  useEffect(() => {
    if (!value.enabled || value.discount !== undefined || !discounts.data) return;
    onChange({ ...value, discount: discounts.data.find((discount) => discount.is_default)?.id ?? 'none' });
  }, [value, discounts.data, onChange]);

  // The server refused the chosen option (switched off or removed meanwhile): show today's list.
  const { refetch: refetchDiscounts } = discounts;
  useEffect(() => {
    if (errors.staff_discount_id) void refetchDiscounts();
  }, [errors.staff_discount_id, refetchDiscounts]);

  return (
    <section aria-labelledby={titleId} className="space-y-4 rounded-2xl border border-line bg-surface-raised p-5 shadow-sm">
      <div>
        <h2 id={titleId} className="flex items-center gap-2 text-xl font-bold">
          <BadgePercent aria-hidden="true" className="size-5 text-brand-ink" />
          Staff order
        </h2>
        <p id={descriptionId} className="mt-1 text-sm text-ink-muted">
          {StaffOrderText.description}
        </p>
      </div>

      <button
        type="button"
        role="switch"
        aria-checked={value.enabled}
        aria-describedby={descriptionId}
        disabled={disabled}
        onClick={() => onChange({ ...value, enabled: !value.enabled })}
        className="flex min-h-12 w-full items-center justify-between gap-4 rounded-xl border border-line-strong bg-surface px-4 py-2 text-left font-semibold hover:bg-surface-muted disabled:cursor-not-allowed disabled:opacity-60"
      >
        <span>{StaffOrderText.switchLabel}</span>
        <span
          aria-hidden="true"
          className={cn(
            'relative inline-flex h-7 w-12 shrink-0 items-center rounded-full border-2 transition-colors motion-reduce:transition-none',
            value.enabled ? 'border-brand bg-brand' : 'border-line-strong bg-surface-sunken',
          )}
        >
          <span
            className={cn(
              'inline-block size-5 rounded-full shadow-sm transition-transform motion-reduce:transition-none',
              value.enabled ? 'translate-x-5 bg-on-brand' : 'translate-x-0.5 bg-ink-muted',
            )}
          />
        </span>
      </button>

      {value.enabled ? (
        <div className="space-y-5">
          <FormField label="Staff member" required id={STAFF_MEMBER_FIELD_ID} error={errors.staff_member_name}>
            {(control) =>
              members.isPending ? (
                <div role="status" aria-label={StaffOrderText.loadingMembers}>
                  <Skeleton className="h-11 w-full" />
                </div>
              ) : members.isError ? (
                <Alert tone="error">
                  <p>{StaffOrderText.membersFailed}</p>
                  <Button variant="secondary" size="sm" className="mt-2" onClick={() => void members.refetch()}>
                    Try again
                  </Button>
                </Alert>
              ) : members.data.length === 0 ? (
                <Alert tone="warning">{StaffOrderText.noMembers}</Alert>
              ) : (
                <Select {...control} value={value.memberName} disabled={disabled} onChange={(event) => onChange({ ...value, memberName: event.target.value })}>
                  <option value="">{StaffOrderText.chooseMember}</option>
                  {members.data.map((member) => (
                    <option key={member.id} value={member.name}>
                      {member.name}
                    </option>
                  ))}
                </Select>
              )
            }
          </FormField>

          <DiscountChoice
            discounts={discounts.data}
            loading={discounts.isPending}
            failed={discounts.isError}
            onRetry={() => void discounts.refetch()}
            value={value}
            onChange={onChange}
            error={errors.staff_discount_id}
            disabled={disabled}
          />
        </div>
      ) : null}
    </section>
  );
}

interface DiscountChoiceProps {
  discounts: DiscountConfigurationOutput[] | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  value: StaffOrderValue;
  onChange: (value: StaffOrderValue) => void;
  error: string | undefined;
  disabled: boolean;
}

/** Radio cards: each active option in display order (name, percentage, its colour as an accent), then No discount. */
function DiscountChoice({ discounts, loading, failed, onRetry, value, onChange, error, disabled }: DiscountChoiceProps) {
  const ids = useId();
  const errorId = `${ids}-error`;
  const name = `${ids}-discount`;
  return (
    <fieldset id={STAFF_DISCOUNT_GROUP_ID} aria-describedby={error ? errorId : undefined} disabled={disabled} className="space-y-2">
      <legend className="mb-1.5 text-sm font-semibold text-ink">Staff discount</legend>
      {loading ? (
        <div role="status" aria-label={StaffOrderText.loadingDiscounts} className="grid gap-2 sm:grid-cols-2">
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-16 w-full" />
        </div>
      ) : failed ? (
        <Alert tone="error">
          <p>{StaffOrderText.discountsFailed}</p>
          <Button variant="secondary" size="sm" className="mt-2" onClick={onRetry}>
            Try again
          </Button>
        </Alert>
      ) : null}
      <div className="grid gap-2 sm:grid-cols-2">
        {(discounts ?? []).map((discount) => (
          <DiscountCard
            key={discount.id}
            id={`${name}-${discount.id}`}
            name={name}
            title={discount.name}
            percentage={formatPercentage(discount.discount_percentage)}
            description={discount.description}
            color={discount.ui_color}
            checked={value.discount === discount.id}
            invalid={Boolean(error)}
            onSelect={() => onChange({ ...value, discount: discount.id })}
          />
        ))}
        {loading ? null : (
          <DiscountCard
            id={`${name}-none`}
            name={name}
            title={StaffOrderText.noDiscount}
            percentage={null}
            description={null}
            color={null}
            checked={value.discount === 'none'}
            invalid={Boolean(error)}
            onSelect={() => onChange({ ...value, discount: 'none' })}
          />
        )}
      </div>
      {discounts && discounts.length === 0 ? <p className="text-sm text-ink-muted">{StaffOrderText.noDiscounts}</p> : null}
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-danger-ink">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

interface DiscountCardProps {
  id: string;
  name: string;
  title: string;
  percentage: string | null;
  description: string | null;
  color: string | null;
  checked: boolean;
  invalid: boolean;
  onSelect: () => void;
}

function DiscountCard({ id, name, title, percentage, description, color, checked, invalid, onSelect }: DiscountCardProps) {
  return (
    <label
      htmlFor={id}
      className={cn(
        'flex min-h-16 cursor-pointer items-stretch gap-3 rounded-xl border-2 bg-surface p-3 transition-colors has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60',
        checked ? 'border-brand bg-brand-soft' : invalid ? 'border-danger-line' : 'border-line hover:border-line-strong',
      )}
    >
      {/* The configuration's colour is an accent bar only: the words keep the theme's contrast. */}
      <span aria-hidden="true" className={cn('w-1.5 shrink-0 rounded-full', color ? null : 'bg-line-strong')} style={color ? { backgroundColor: color } : undefined} />
      <input
        id={id}
        type="radio"
        name={name}
        checked={checked}
        onChange={onSelect}
        aria-labelledby={`${id}-title${percentage ? ` ${id}-percentage` : ''}`}
        aria-describedby={description ? `${id}-description` : undefined}
        className="mt-0.5 size-5 shrink-0 accent-brand"
      />
      <span className="min-w-0 flex-1">
        <span id={`${id}-title`} className="block font-semibold text-ink">
          {title}
        </span>
        {description ? (
          <span id={`${id}-description`} className="block text-sm text-ink-muted">
            {description}
          </span>
        ) : null}
      </span>
      {percentage ? (
        <span id={`${id}-percentage`} className="shrink-0 self-center text-lg font-bold text-ink tabular-nums">
          {percentage}
        </span>
      ) : null}
    </label>
  );
}
