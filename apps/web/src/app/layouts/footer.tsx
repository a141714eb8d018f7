import { Link } from 'wouter';
import { ClockIcon, MailIcon, MapPinIcon, PhoneIcon } from '../../components/ui/icons.tsx';
import { formatPhone, phoneHref } from '@kusina/domain/phone-rules';
import { hoursLine, RestaurantDefaults, type RestaurantOutput } from '@kusina/domain/restaurants';
import { LogoMark } from './logo.tsx';

const FOOTER_DESCRIPTION =
  'Hawaiian and Chamorro comfort food from our kitchen in Guam: plate lunches, kelaguen, red rice and island desserts, made fresh and ready for pickup.';

const quickLinks = [
  { label: 'Home', to: '/' },
  { label: 'Menu', to: '/menu' },
  { label: 'Merchandise', to: '/merchandise' },
  { label: 'Reservations', to: '/reservations' },
  { label: 'Cart', to: '/cart' },
] as const;

const linkClass = 'inline-flex min-h-11 items-center gap-2 underline-offset-4 hover:underline md:min-h-8';

/** The restaurant comes from the layout, so this lazily loaded chunk shares no data code with it. */
export function Footer({ restaurant }: { restaurant: RestaurantOutput | undefined }) {
  const address = restaurant?.address || RestaurantDefaults.address;
  const phone = restaurant?.phone_number || RestaurantDefaults.phone;
  const email = restaurant?.contact_email || RestaurantDefaults.email;
  const socials = [
    { label: 'Facebook', url: restaurant?.facebook_url },
    { label: 'Instagram', url: restaurant?.instagram_url },
    { label: 'Twitter', url: restaurant?.twitter_url },
  ].filter((social): social is { label: string; url: string } => Boolean(social.url));
  const name = restaurant?.name ?? 'Kusina';

  return (
    <footer className="mt-auto border-t border-line bg-surface-muted text-ink">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1.5fr]">
        <div className="space-y-4">
          <div className="flex items-center gap-2">
            <LogoMark className="size-10" />
            <span className="font-display text-2xl font-bold">{name}</span>
          </div>
          <p className="max-w-prose text-ink-muted">{FOOTER_DESCRIPTION}</p>
          {socials.length ? (
            <ul className="flex flex-wrap gap-2" aria-label="Social media">
              {socials.map((social) => (
                <li key={social.label}>
                  <a
                    href={social.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="inline-flex min-h-11 items-center rounded-full border border-line-strong px-4 text-sm font-semibold hover:bg-surface"
                  >
                    {social.label}
                    <span className="sr-only"> (opens in a new tab)</span>
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>

        <nav aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links" className="mb-3 text-sm font-bold tracking-wider uppercase text-ink-muted">
            Quick Links
          </h2>
          <ul className="space-y-1">
            {quickLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={linkClass}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <div>
          <h2 className="mb-3 text-sm font-bold tracking-wider uppercase text-ink-muted">Contact</h2>
          <address className="space-y-1 not-italic">
            <p className="flex items-start gap-2 py-2 md:py-1">
              <MapPinIcon className="mt-0.5 size-4 shrink-0" />
              {address}
            </p>
            <a href={phoneHref(phone)} className={linkClass}>
              <PhoneIcon className="size-4 shrink-0" />
              {formatPhone(phone)}
            </a>
            <br />
            <a href={`mailto:${email}`} className={`${linkClass} break-all`}>
              <MailIcon className="size-4 shrink-0" />
              {email}
            </a>
            <p className="flex items-center gap-2 py-2 md:py-1">
              <ClockIcon className="size-4 shrink-0" />
              {hoursLine(restaurant?.hours_text)}
            </p>
          </address>
        </div>
      </div>
      <div className="border-t border-line">
        <p className="mx-auto max-w-6xl px-4 py-4 text-sm text-ink-muted">
          © {new Date().getFullYear()} {name}. Island comfort food, ready for pickup.
        </p>
      </div>
    </footer>
  );
}
