import type pg from 'pg';
import { NOTIFICATION_QUEUE } from './service.ts';

export interface DeliveryJobRow {
  id: string;
  state: string;
  retry_limit: number;
  retry_count: number;
  data: { notification_ids: number[] };
}

/** The delivery jobs carrying any of these notifications rows, oldest first. */
export async function deliveryJobsFor(pool: pg.Pool, notificationIds: number[]): Promise<DeliveryJobRow[]> {
  const { rows } = await pool.query<DeliveryJobRow>(
    `SELECT id, state, retry_limit, retry_count, data FROM pgboss.job j
     WHERE name = $1 AND EXISTS (
       SELECT 1 FROM jsonb_array_elements_text(j.data->'notification_ids') e(id) WHERE e.id::int = ANY($2::int[]))
     ORDER BY created_on, id`,
    [NOTIFICATION_QUEUE, notificationIds],
  );
  return rows;
}
