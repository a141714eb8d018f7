import type { IncomingMessage } from 'node:http';
import helmet from 'helmet';
import type { Config } from '../config.ts';

/** A Host header fit to be written into a CSP source: a name or address and a port, nothing else. */
const PLAIN_HOST = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The sources the browser may reach beyond the app itself: each payment processor's only when the
 * server is configured for it (its secret key set), and the image origins the operator lists
 * (IMAGE_ORIGINS). No blanket https: — a script injected into a page can neither send what it reads
 * elsewhere nor load a tracking image (issue #33, decision 0086).
 */
function processorSources(config: Config): { script: string[]; frame: string[]; connect: string[]; img: string[] } {
  const stripe = Boolean(config.STRIPE_SECRET_KEY);
  const paypal = Boolean(config.PAYPAL_CLIENT_ID && config.PAYPAL_CLIENT_SECRET);
  return {
    script: [...(stripe ? ['https://js.stripe.com'] : []), ...(paypal ? ['https://www.paypal.com'] : [])],
    frame: [...(stripe ? ['https://js.stripe.com', 'https://hooks.stripe.com'] : []), ...(paypal ? ['https://www.paypal.com'] : [])],
    connect: [...(stripe ? ['https://api.stripe.com'] : []), ...(paypal ? ['https://www.paypal.com', 'https://*.paypal.com'] : [])],
    img: [...(stripe ? ['https://*.stripe.com'] : []), ...(paypal ? ['https://*.paypal.com', 'https://*.paypalobjects.com'] : [])],
  };
}

/**
 * Helmet's middleware, built once per app (@fastify/helmet built it again for every request, CSP
 * directives and all: ~4% of Node's time placing orders). Only connect-src depends on the request:
 * Socket.IO's ws:/wss: address of the host the page came from ('self' covers it only in browsers
 * that implement CSP level 3's rule for WebSockets).
 */
export function securityHeaders(config: Config) {
  const sources = processorSources(config);
  const socketsOfHost = (req: IncomingMessage) => {
    const host = req.headers.host;
    return host && PLAIN_HOST.test(host) ? `ws://${host} wss://${host}` : '';
  };
  return helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...sources.script],
        frameSrc: ["'self'", ...sources.frame],
        connectSrc: ["'self'", socketsOfHost, ...sources.connect],
        imgSrc: ["'self'", 'data:', 'blob:', ...config.IMAGE_ORIGINS, ...sources.img],
        styleSrc: ["'self'", "'unsafe-inline'"],
        fontSrc: ["'self'", 'data:'],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
}
