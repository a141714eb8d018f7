import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { useLocation, useSearch } from 'wouter';
import { toast } from 'react-hot-toast';
import { afterEach } from 'vitest';
import type { UserOutput } from '@kusina/domain/accounts';
import { AppRoutes } from '../app/app.tsx';
import { AppProviders } from '../app/providers.tsx';
import { useAuthStore } from '../stores/auth-store.ts';
import { useCartStore, type CartItem } from '../stores/cart-store.ts';
import { useRealtimeStore } from '../stores/realtime-store.ts';

export function makeUser(overrides: Partial<UserOutput> = {}): UserOutput {
  return {
    id: 7,
    email: 'customer@kusina.test',
    first_name: 'Maria',
    last_name: 'Cruz',
    name: 'Maria Cruz',
    phone: '+16715550103',
    phone_verified: true,
    role: 'customer',
    restaurant_id: 1,
    ...overrides,
  };
}

export function createTestQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } } });
}

/** The current path and query, as a test reads them. */
function LocationProbe() {
  const [pathname] = useLocation();
  const search = useSearch();
  return <output data-testid="location">{`${pathname}${search ? `?${search}` : ''}`}</output>;
}

/**
 * Puts the test's browser (happy-dom) at `path`. The app routes on the real History API, so tests
 * go through the same location hook, and the same history.state, as the browser does.
 */
function visit(path: string, state: unknown = null): void {
  window.history.replaceState(state, '', path);
}

export interface RenderAppOptions {
  user?: UserOutput | null;
  cartItems?: CartItem[];
}

/** The real route table, layout and providers, at `path`. */
export function renderApp(path: string, { user = null, cartItems = [] }: RenderAppOptions = {}) {
  useAuthStore.setState({ user });
  useCartStore.setState({ cartItems });
  const queryClient = createTestQueryClient();
  visit(path);
  const view = render(
    <AppProviders queryClient={queryClient}>
      <AppRoutes realtime={false} />
      <LocationProbe />
    </AppProviders>,
  );
  return { ...view, user: userEvent.setup({ delay: null }), queryClient };
}

export function renderWithProviders(ui: ReactElement) {
  return render(<AppProviders queryClient={createTestQueryClient()}>{ui}</AppProviders>);
}

/** A labelled field by its exact visible label. */
export function labelPattern(label: string): RegExp {
  return new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`);
}

afterEach(() => {
  toast.remove();
  useAuthStore.setState({ user: null });
  useCartStore.setState({ cartItems: [] });
  useRealtimeStore.setState({ fallback: false });
});
