import { z } from 'zod';
import { coercedInt4 } from './integers.ts';

/** How a message travels (issue #2): a text to a phone or an e-mail. */
export const NOTIFICATION_CHANNELS = ['sms', 'email'] as const;
const notificationChannelSchema = z.enum(NOTIFICATION_CHANNELS);
export type NotificationChannel = z.infer<typeof notificationChannelSchema>;

/** queued until a transport delivered it (sent) or pg-boss gave up retrying (failed). */
export const NOTIFICATION_STATUSES = ['queued', 'sent', 'failed'] as const;

/** smtp and sms_http leave the building; outbox only logs and keeps the row (development, demo, tests). */
export const NOTIFICATION_TRANSPORTS = ['outbox', 'smtp', 'sms_http'] as const;
export type NotificationTransport = (typeof NOTIFICATION_TRANSPORTS)[number];

const NOTIFICATIONS_DEFAULT_PER_PAGE = 20;
const NOTIFICATIONS_MAX_PER_PAGE = 100;

/** GET /admin/notifications query: newest first, filtered by channel and part of the recipient. */
export const NotificationListQuery = z.object({
  channel: notificationChannelSchema.optional(),
  recipient: z.string().trim().max(254).optional(),
  page: coercedInt4().min(1).default(1),
  per_page: coercedInt4().min(1).max(NOTIFICATIONS_MAX_PER_PAGE).default(NOTIFICATIONS_DEFAULT_PER_PAGE),
});
export type NotificationListQuery = z.infer<typeof NotificationListQuery>;

export const NotificationOutput = z.object({
  id: z.int32(),
  channel: notificationChannelSchema,
  recipient: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  status: z.enum(NOTIFICATION_STATUSES),
  transport: z.string().nullable(),
  created_at: z.iso.datetime(),
  sent_at: z.iso.datetime().nullable(),
});
export type NotificationOutput = z.infer<typeof NotificationOutput>;

export const NotificationListOutput = z.object({
  messages: z.array(NotificationOutput),
  total: z.int32(),
  page: z.int32(),
  per_page: z.int32(),
});
export type NotificationListOutput = z.infer<typeof NotificationListOutput>;
