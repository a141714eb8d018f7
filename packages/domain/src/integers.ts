import { z } from 'zod';

/**
 * PostgreSQL's integer (int4) holds every id, count, quantity, position and amount in cents: a
 * contract's integer never reaches the database outside it (a 400 naming the field, not a 500).
 * Integers in JSON bodies are `z.int32()`; those read from a path or query string use this.
 */
const INT4_MIN = -2_147_483_648;
export const INT4_MAX = 2_147_483_647;

/** An integer from a path or query string (text), within int4. */
export function coercedInt4() {
  return z.coerce.number().int().min(INT4_MIN).max(INT4_MAX);
}
