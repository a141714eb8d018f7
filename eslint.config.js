import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import boundaries from './eslint-rules/boundaries.js';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/dist-ssr/**', '**/node_modules/**', '**/.data/**', 'apps/api/drizzle/**', 'e2e/test-results/**', 'e2e/playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
      eqeqeq: ['error', 'smart'],
    },
  },
  // The domain package is pure: no I/O, no app code.
  {
    files: ['packages/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['node:*', 'fs', 'pg', 'fastify', 'react', '**/apps/**'], message: 'packages/domain is pure TypeScript with no I/O.' }] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['apps/web/public/service-worker.js'],
    languageOptions: { globals: { ...globals.serviceworker }, sourceType: 'script' },
  },
  // Imports flow one way, checked on the path each import resolves to (eslint-rules/boundaries.js):
  // lib, components/ui and stores ← features ← app, no feature imports another; in the API, routes
  // call services, another module is reached only through its service.ts, plugins import no module
  // internals, and only services and repositories use Drizzle and the schema (CONVENTIONS.md §3,
  // §17; decision 0095).
  {
    files: ['apps/web/src/**/*.{ts,tsx}', 'apps/api/src/**/*.ts'],
    plugins: { kusina: { rules: { boundaries } } },
    rules: { 'kusina/boundaries': 'error' },
  },
  // The API's production code never imports what only tests use: src/test/ (the Stripe and PayPal
  // imitations, the test database) and the modules' test-support.ts files.
  {
    files: ['apps/api/src/**/*.ts'],
    ignores: ['**/*.test.ts', '**/test-support.ts', 'apps/api/src/test/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/test/*', '**/test-support*'], message: 'Production code does not import test helpers (apps/api/src/test/, test-support.ts).' }] }],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'e2e/**', 'scripts/**', '**/scripts/**'],
    rules: { 'no-console': 'off' },
  },
);
