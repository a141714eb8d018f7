/**
 * React DOM's code runs when this module does. The build keeps it in the React vendor chunk and
 * index.html runs that chunk as its own script before the app's (vite.config.ts, reactFirst), so
 * the browser evaluates React DOM and the app in two tasks instead of one long one (0079).
 */
import { createRoot, hydrateRoot } from 'react-dom/client';

export const reactDom = { createRoot, hydrateRoot };
