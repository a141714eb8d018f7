import { defineConfig } from 'vitest/config';

// One Vitest run, three projects: pure domain rules, web components (happy-dom),
// and API integration tests against a real embedded PostgreSQL.
export default defineConfig({
  test: {
    projects: ['packages/domain', 'apps/web', 'apps/api'],
  },
});
