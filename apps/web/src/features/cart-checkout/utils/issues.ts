import { ApiError } from '../../../lib/api-client.ts';
import type { CartItem } from '../../../stores/cart-store.ts';
import type { CheckoutIssue } from '../../../lib/checkout-contracts.ts';

function isIssue(value: unknown): value is CheckoutIssue {
  return typeof value === 'object' && value !== null && typeof (value as { message?: unknown }).message === 'string';
}

/** Stock problems the server reports, in a quote (issues) or in a 409/422 error's details.issues. */
export function issuesFromError(error: unknown): CheckoutIssue[] {
  if (!(error instanceof ApiError)) return [];
  const issues = (error.details as { issues?: unknown } | undefined)?.issues;
  return Array.isArray(issues) ? issues.filter(isIssue) : [];
}

/** A cart line's name, with size and colour for merchandise: 'Hafa Adai Tee (M / Navy)'. */
export function cartLineLabel(line: Pick<CartItem, 'name' | 'variant_details'>): string {
  const variantText = [line.variant_details?.size, line.variant_details?.color].filter(Boolean).join(' / ');
  return variantText ? `${line.name} (${variantText})` : line.name;
}

/** The issue with its line's name first when the message does not already say it. */
export function issueText(issue: CheckoutIssue, cartItems: readonly CartItem[]): string {
  const line = issue.line === undefined ? undefined : cartItems[issue.line];
  if (!line || issue.message.includes(line.name)) return issue.message;
  return `${cartLineLabel(line)}: ${issue.message}`;
}
