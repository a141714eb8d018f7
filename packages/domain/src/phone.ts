import { z } from 'zod';
import { isValidPhone, phoneRuleMessage } from './phone-format.ts';

/** A phone field: trimmed, then held to the spec's rule with the spec's message. */
export const phoneSchema = z
  .string({ error: 'Phone is required' })
  .trim()
  .min(1, 'Phone is required')
  .refine(isValidPhone, { message: phoneRuleMessage() });
