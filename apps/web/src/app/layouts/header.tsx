import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { formatPhone, phoneHref } from '@kusina/domain/phone-rules';
import { headerAddress, RestaurantDefaults } from '@kusina/domain/restaurants';
import { cn } from '../../lib/cn.ts';
import { useRestaurant } from '../../lib/restaurant.ts';
import { selectIsSignedIn, useAuthStore } from '../../stores/auth-store.ts';
import { buttonClasses } from '../../components/ui/button.tsx';
import { NavLink } from '../../components/ui/nav-link.tsx';
import { ChevronDownIcon, ClockIcon, MapPinIcon, MenuIcon, PhoneIcon } from '../../components/ui/icons.tsx';
import { ErrorBoundary } from '../error-boundary.tsx';
import { CartLink } from './cart-link.tsx';
import { LogoMark } from './logo.tsx';

// Radix menus and dialogs are heavy for the home route's budget: they load on demand.
const loadUserMenu = () => import('./header-user-menu.tsx');
const HeaderUserMenu = lazy(() => loadUserMenu().then((m) => ({ default: m.HeaderUserMenu })));
const loadMobileMenu = () => import('./mobile-menu.tsx');
const MobileMenu = lazy(() => loadMobileMenu().then((m) => ({ default: m.MobileMenu })));

const navLinks = [
  { label: 'Menu', to: '/menu' },
  { label: 'Merchandise', to: '/merchandise' },
  { label: 'Fundraisers', to: '/wholesale' },
] as const;


export function Header() {
  const { data: restaurant } = useRestaurant();
  const user = useAuthStore((state) => (selectIsSignedIn(state) ? state.user : null));
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuRequested, setMenuRequested] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const phone = restaurant?.phone_number || RestaurantDefaults.phone;

  // Signed-in visitors will want their menu: fetch it right after the first paint.
  useEffect(() => {
    if (user) void loadUserMenu();
  }, [user]);

  return (
    <header className="sticky top-0 z-40 border-b border-line bg-surface/95 backdrop-blur supports-[backdrop-filter]:bg-surface/85">
      <div className="bg-accent-band text-on-accent-band">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-x-3 px-4 text-xs whitespace-nowrap sm:justify-end sm:gap-x-5 sm:text-sm">
          <span className="inline-flex items-center gap-1.5">
            <ClockIcon className="size-4" />
            <span>
              <span className="sr-only">Hours </span>
              {restaurant?.hours_text ?? RestaurantDefaults.hoursText}
            </span>
          </span>
          <span className="inline-flex min-w-0 items-center gap-1.5">
            <MapPinIcon className="size-4 shrink-0" />
            <span className="truncate">{headerAddress(restaurant?.address)}</span>
          </span>
          <a href={phoneHref(phone)} className="inline-flex min-h-9 items-center gap-1.5 font-semibold underline-offset-4 hover:underline">
            <PhoneIcon className="size-4" />
            <span className="sr-only">Call </span>
            {formatPhone(phone)}
          </a>
        </div>
      </div>

      <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4">
        <Link to="/" className="mr-2 inline-flex min-h-11 items-center gap-2 rounded-lg pr-2" aria-label={`${restaurant?.name ?? 'Kusina'} home`}>
          <LogoMark className="size-10" />
          <span className="font-display text-2xl font-bold tracking-tight">{restaurant?.name ?? 'Kusina'}</span>
        </Link>

        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {navLinks.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  className="inline-flex min-h-11 items-center rounded-lg px-3 font-semibold text-ink hover:bg-surface-muted aria-[current=page]:text-brand-ink aria-[current=page]:underline aria-[current=page]:decoration-2 aria-[current=page]:underline-offset-8"
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="ml-auto flex items-center gap-1">
          <div className="hidden items-center gap-2 md:flex">
            {user ? (
              <ErrorBoundary fallback={<UserMenuPlaceholder firstName={user.first_name} />}>
                <Suspense fallback={<UserMenuPlaceholder firstName={user.first_name} />}>
                  <HeaderUserMenu user={user} />
                </Suspense>
              </ErrorBoundary>
            ) : (
              <>
                <Link to="/login" className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
                  Sign In
                </Link>
                <Link to="/signup" className={buttonClasses({ variant: 'primary', size: 'sm' })}>
                  Sign Up
                </Link>
              </>
            )}
          </div>

          <CartLink />

          <button
            ref={menuButton}
            type="button"
            className="inline-flex size-11 items-center justify-center rounded-lg text-ink hover:bg-surface-muted md:hidden"
            aria-label="Open menu"
            aria-haspopup="dialog"
            aria-expanded={menuOpen}
            onPointerEnter={() => void loadMobileMenu()}
            onTouchStart={() => void loadMobileMenu()}
            onClick={() => {
              setMenuRequested(true);
              setMenuOpen(true);
            }}
          >
            <MenuIcon className="size-6" />
          </button>
        </div>
      </div>

      {menuRequested ? (
        <ErrorBoundary fallback={null}>
          <Suspense fallback={null}>
            <MobileMenu
              open={menuOpen}
              onOpenChange={setMenuOpen}
              user={user}
              returnFocusTo={menuButton}
              restaurant={restaurant ?? null}
            />
          </Suspense>
        </ErrorBoundary>
      ) : null}
    </header>
  );
}

/** Holds the place of the account menu for the moment its chunk takes to arrive. */
function UserMenuPlaceholder({ firstName }: { firstName: string }) {
  return (
    <span className={cn(buttonClasses({ variant: 'ghost', size: 'sm' }), 'opacity-70')} aria-hidden="true">
      {firstName}
      <ChevronDownIcon className="size-4" />
    </span>
  );
}
