import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { isCurrentPath, NavLink } from './nav-link.tsx';

function Nav() {
  return (
    <nav aria-label="Test">
      <NavLink to="/" end className={({ isActive }) => (isActive ? 'active' : 'idle')}>
        Home
      </NavLink>
      <NavLink to="/menu" className={({ isActive }) => (isActive ? 'active' : 'idle')}>
        Menu
      </NavLink>
      <NavLink to="/wholesale">Fundraisers</NavLink>
    </nav>
  );
}

describe('NavLink', () => {
  it('marks the current page with aria-current="page", paths below it included', () => {
    window.history.replaceState(null, '', '/menu/specials');
    render(<Nav />);
    expect(screen.getByRole('link', { name: 'Menu' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Menu' })).toHaveClass('active');
    expect(screen.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: 'Home' })).toHaveClass('idle');
    expect(screen.getByRole('link', { name: 'Fundraisers' })).not.toHaveAttribute('aria-current');
  });

  it('follows navigation', async () => {
    const user = userEvent.setup({ delay: null });
    window.history.replaceState(null, '', '/');
    render(<Nav />);
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    await user.click(screen.getByRole('link', { name: 'Fundraisers' }));
    expect(window.location.pathname).toBe('/wholesale');
    expect(screen.getByRole('link', { name: 'Fundraisers' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  });

  it('matches like the routes: whole segments, any case, a trailing slash', () => {
    expect(isCurrentPath('/menu', '/menu')).toBe(true);
    expect(isCurrentPath('/Menu/', '/menu')).toBe(true);
    expect(isCurrentPath('/menus', '/menu')).toBe(false);
    expect(isCurrentPath('/menu/1', '/menu', true)).toBe(false);
    expect(isCurrentPath('/menu', '/')).toBe(false);
    expect(isCurrentPath('/', '/')).toBe(true);
  });
});
