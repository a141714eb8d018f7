import { ApiError } from '../../../lib/api-client.ts';
import type { CheckoutIssue } from '../api/contracts.ts';

function isIssue(value: unknown): value is CheckoutIssue {
  return typeof value === 'object' && value !== null && typeof (value as { message?: unknown }).message === 'string';
}

/** Stock problems the server reports, in a quote (issues) or in a 409/422 error's details.issues. */
export function issuesFromError(error: unknown): CheckoutIssue[] {
  if (!(error instanceof ApiError)) return [];
  const issues = (error.details as { issues?: unknown } | undefined)?.issues;
  return Array.isArray(issues) ? issues.filter(isIssue) : [];
}
