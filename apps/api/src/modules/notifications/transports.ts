import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { NotificationChannel, NotificationTransport } from '@kusina/domain/notifications';
import type { Config } from '../../config.ts';

interface OutgoingMessage {
  id: number;
  channel: NotificationChannel;
  recipient: string;
  subject: string | null;
  body: string;
  template: string;
}

interface Transport {
  name: NotificationTransport;
  send(message: OutgoingMessage): Promise<void>;
}

const SMS_TIMEOUT_MS = 10_000;

/** E-mail through SMTP_URL (nodemailer). */
function smtpTransport(config: Config, smtpUrl: string): Transport {
  const mailer = nodemailer.createTransport(smtpUrl);
  return {
    name: 'smtp',
    send: async (message) => {
      await mailer.sendMail({ from: config.MAIL_FROM, to: message.recipient, subject: message.subject ?? '', text: message.body });
    },
  };
}

/** Texts through an HTTP provider: POST JSON {to, from, body} with a bearer token. */
function smsHttpTransport(config: Config, url: string): Transport {
  return {
    name: 'sms_http',
    send: async (message) => {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(config.SMS_API_TOKEN ? { authorization: `Bearer ${config.SMS_API_TOKEN}` } : {}),
        },
        body: JSON.stringify({ to: message.recipient, from: config.SMS_FROM ?? null, body: message.body }),
        signal: AbortSignal.timeout(SMS_TIMEOUT_MS),
      });
      if (!response.ok) {
        const detail = (await response.text().catch(() => '')).slice(0, 200);
        throw new Error(`SMS provider answered ${response.status}${detail ? `: ${detail}` : ''}`);
      }
    },
  };
}

/**
 * No provider configured: the message stays in the outbox and is logged at info level. Off a live
 * deployment (the embedded demo, development, tests) the log holds the whole text, so a person
 * trying the demo reads the phone code or reset link there (the outbox in the app hides them). On a
 * live deployment (production on an external database, where outbox-only is the operator's explicit
 * MESSAGES_OUTBOX_ONLY) the log names the message but never holds its text: no secret reaches the
 * log (decision 0086).
 */
function outboxTransport(log: FastifyBaseLogger, options: { logText: boolean }): Transport {
  return {
    name: 'outbox',
    send: async (message) => {
      const notification = { id: message.id, channel: message.channel, to: message.recipient, template: message.template };
      if (!options.logText) {
        log.info({ notification }, `outbox ${message.channel} to ${message.recipient} (${message.template}); not delivered: no provider configured`);
        return;
      }
      log.info(
        { notification: { ...notification, subject: message.subject, body: message.body } },
        `outbox ${message.channel} to ${message.recipient}: ${message.subject ? `[${message.subject}] ` : ''}${message.body}`,
      );
    },
  };
}

export type TransportSet = Record<NotificationChannel, Transport>;

/** The transport of each channel, chosen once from the configuration. */
export function createTransports(config: Config, log: FastifyBaseLogger): TransportSet {
  const outbox = outboxTransport(log, { logText: !config.liveDeployment });
  return {
    email: config.SMTP_URL ? smtpTransport(config, config.SMTP_URL) : outbox,
    sms: config.SMS_API_URL ? smsHttpTransport(config, config.SMS_API_URL) : outbox,
  };
}
