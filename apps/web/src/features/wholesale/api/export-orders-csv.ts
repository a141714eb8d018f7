import { base } from './admin-request.ts';
import { type AdminOrderFilters } from './get-admin-orders.ts';

/** The orders as CSV, fetched with the session's cookie (the file is built by the server). */
export async function downloadOrdersCsv(filters: AdminOrderFilters): Promise<void> {
  const params = new URLSearchParams(Object.entries(filters).filter(([, v]) => v !== undefined && v !== '').map(([k, v]) => [k, String(v)]));
  const response = await fetch(`/api/v1${base}/orders.csv?${params}`, { credentials: 'same-origin' });
  if (!response.ok) throw new Error('Could not export the orders.');
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = 'wholesale-orders.csv';
  link.click();
  URL.revokeObjectURL(url);
}
