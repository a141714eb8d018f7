import type { ComponentProps } from 'react';
import { Link, useLocation } from 'wouter';

export interface NavLinkProps extends Omit<ComponentProps<'a'>, 'href' | 'className'> {
  to: string;
  /** Current only on this exact path, not on the paths below it (always so for "/"). */
  end?: boolean;
  className?: string | ((state: { isActive: boolean }) => string);
}

/** Whether `to` is the current page: the same path, or (unless `end`) a path below it. Case-insensitive, like the routes. */
export function isCurrentPath(pathname: string, to: string, end = false): boolean {
  const here = pathname.toLowerCase().replace(/(.)\/+$/, '$1');
  const target = to.toLowerCase().replace(/(.)\/+$/, '$1');
  if (here === target) return true;
  return !end && target !== '/' && here.startsWith(`${target}/`);
}

/** A navigation link that marks the current page for assistive technology (aria-current="page") and for styling. */
export function NavLink({ to, end = false, className, ...props }: NavLinkProps) {
  const [pathname] = useLocation();
  const isActive = isCurrentPath(pathname, to, end);
  return (
    <Link
      to={to}
      aria-current={isActive ? 'page' : undefined}
      className={typeof className === 'function' ? className({ isActive }) : className}
      {...props}
    />
  );
}
