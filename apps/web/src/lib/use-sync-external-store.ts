// The use-sync-external-store shim's API, from React itself (vite.config.ts aliases the shim here).
export { useSyncExternalStore } from 'react';
