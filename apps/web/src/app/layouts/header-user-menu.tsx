import { useLocation } from 'wouter';
import { ChevronDown, ClipboardList, LayoutDashboard, LogOut, User } from 'lucide-react';
import { buttonClasses } from '../../components/ui/button.tsx';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from '../../components/ui/dropdown-menu.tsx';
import type { SessionUser } from '../../stores/auth-store.ts';
import { useSignOut } from '../use-sign-out.ts';
import { preloadAdmin } from '../lazy-pages.ts';
import { accountLinks } from './account-links.ts';

const icons: Record<string, typeof User> = { '/admin': LayoutDashboard, '/orders': ClipboardList, '/profile': User };

/** The signed-in user's dropdown (desktop): keyboard-operable via Radix. */
export function HeaderUserMenu({ user }: { user: SessionUser }) {
  const [, navigate] = useLocation();
  const onSignOut = useSignOut();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
        <span className="sr-only">Account menu for </span>
        {user.first_name}
        <ChevronDown aria-hidden="true" className="size-4" />
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel>
          <span className="block font-semibold text-ink">{user.name || `${user.first_name} ${user.last_name}`}</span>
          <span className="block truncate">{user.email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {accountLinks(user).map((link) => {
          const Icon = icons[link.to] ?? User;
          return (
            <DropdownMenuItem
              key={link.to}
              onSelect={() => navigate(link.to)}
              onPointerEnter={link.admin ? preloadAdmin : undefined}
              onTouchStart={link.admin ? preloadAdmin : undefined}
              onFocus={link.admin ? preloadAdmin : undefined}
            >
              <Icon aria-hidden="true" className="size-4 text-ink-muted" />
              {link.label}
            </DropdownMenuItem>
          );
        })}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void onSignOut()}>
          <LogOut aria-hidden="true" className="size-4 text-ink-muted" />
          Sign Out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
