import type { RefObject } from 'react';
import { Clock, LogOut, MapPin, Phone } from 'lucide-react';
import { formatPhone, phoneHref } from '@kusina/domain/phone-rules';
import { headerAddress, RestaurantDefaults, type RestaurantOutput } from '@kusina/domain/restaurants';
import { cn } from '../../lib/cn.ts';
import { buttonClasses } from '../../components/ui/button.tsx';
import { NavLink } from '../../components/ui/nav-link.tsx';
import { Sheet } from '../../components/ui/sheet.tsx';
import type { SessionUser } from '../../stores/auth-store.ts';
import { useSignOut } from '../use-sign-out.ts';
import { preloadAdmin } from '../lazy-pages.ts';
import { accountLinks } from './account-links.ts';

export interface MobileMenuProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  user: SessionUser | null;
  returnFocusTo: RefObject<HTMLButtonElement | null>;
  restaurant: RestaurantOutput | null;
}

const itemClass = ({ isActive }: { isActive: boolean }) =>
  cn('flex min-h-12 items-center rounded-lg px-4 text-lg font-semibold hover:bg-surface-muted', isActive && 'bg-brand-soft text-ink');

/** The slide-out menu on small screens: the header's entries, plus Manage Reservations for admins. */
export function MobileMenu({ open, onOpenChange, user, returnFocusTo, restaurant }: MobileMenuProps) {
  const onSignOut = useSignOut();
  const close = () => onOpenChange(false);
  const phone = restaurant?.phone_number || RestaurantDefaults.phone;
  return (
    <Sheet
      open={open}
      onOpenChange={onOpenChange}
      title="Menu"
      onCloseAutoFocus={(event) => {
        // The trigger lives outside the dialog (it loads lazily): hand focus back to it.
        event.preventDefault();
        returnFocusTo.current?.focus();
      }}
    >
      <nav aria-label="Mobile">
        <ul className="space-y-1">
          <li>
            <NavLink to="/" end className={itemClass} onClick={close}>
              Home
            </NavLink>
          </li>
          <li>
            <NavLink to="/menu" className={itemClass} onClick={close}>
              Menu
            </NavLink>
          </li>
          <li>
            <NavLink to="/merchandise" className={itemClass} onClick={close}>
              Merchandise
            </NavLink>
          </li>
          <li>
            <NavLink to="/wholesale" className={itemClass} onClick={close}>
              Fundraisers
            </NavLink>
          </li>
        </ul>

        <div className="my-3 h-px bg-line" />

        {user ? (
          <>
            <p className="px-4 pb-2 text-sm text-ink-muted">
              Signed in as <span className="font-semibold text-ink">{user.first_name}</span>
            </p>
            <ul className="space-y-1">
              {accountLinks(user, { mobile: true }).map((link) => (
                <li key={link.to}>
                  <NavLink
                    to={link.to}
                    className={itemClass}
                    onClick={close}
                    onPointerEnter={link.admin ? preloadAdmin : undefined}
                    onTouchStart={link.admin ? preloadAdmin : undefined}
                    onFocus={link.admin ? preloadAdmin : undefined}
                  >
                    {link.label}
                  </NavLink>
                </li>
              ))}
              <li>
                <button
                  type="button"
                  className="flex min-h-12 w-full items-center gap-2 rounded-lg px-4 text-left text-lg font-semibold hover:bg-surface-muted"
                  onClick={() => {
                    close();
                    void onSignOut();
                  }}
                >
                  <LogOut aria-hidden="true" className="size-5" />
                  Sign Out
                </button>
              </li>
            </ul>
          </>
        ) : (
          <div className="grid gap-2 px-2">
            <NavLink to="/login" className={buttonClasses({ variant: 'secondary', size: 'lg', block: true })} onClick={close}>
              Sign In
            </NavLink>
            <NavLink to="/signup" className={buttonClasses({ variant: 'primary', size: 'lg', block: true })} onClick={close}>
              Sign Up
            </NavLink>
          </div>
        )}
      </nav>

      <div className="mt-6 space-y-2 rounded-xl bg-surface-muted px-4 py-3 text-sm">
        <p className="flex items-center gap-2">
          <Clock aria-hidden="true" className="size-4" />{' '}
          {/* The server's hours text (issue #23): '11AM-9PM' when every day is the same, else today's. */}
          {restaurant?.hours_text ? `Hours: ${restaurant.hours_text}` : `Open daily ${RestaurantDefaults.hoursText}`}
        </p>
        <p className="flex items-center gap-2">
          <MapPin aria-hidden="true" className="size-4" /> {headerAddress(restaurant?.address)}
        </p>
        <a href={phoneHref(phone)} className="flex min-h-11 items-center gap-2 font-semibold text-brand-ink">
          <Phone aria-hidden="true" className="size-4" /> {formatPhone(phone)}
        </a>
      </div>
    </Sheet>
  );
}
