import { create } from 'zustand';

interface RealtimeState {
  /** True while the live connection is lost or refused: screens poll instead (storefront.md §4). */
  fallback: boolean;
  setFallback(fallback: boolean): void;
}

export const useRealtimeStore = create<RealtimeState>()((set) => ({
  fallback: false,
  setFallback: (fallback) => set({ fallback }),
}));
