import { defineConfig } from 'vitest/config';

// One Vitest run, four projects: pure domain rules, web components (happy-dom), API integration
// tests against a real embedded PostgreSQL, and the repository's own lint rules.
export default defineConfig({
  test: {
    projects: ['packages/domain', 'apps/web', 'apps/api', { test: { name: 'lint-rules', include: ['eslint-rules/**/*.test.js'], environment: 'node' } }],
  },
});
