import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const features = ['accounts', 'shell', 'storefront', 'menu', 'cart', 'checkout', 'orders', 'merchandise', 'wholesale', 'reservations', 'admin', 'backoffice'];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/.data/**', 'apps/api/drizzle/**', 'e2e/test-results/**', 'e2e/playwright-report/**'] },
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
  // Imports flow one way: lib and components/ui ← features ← app (CONVENTIONS.md §3).
  {
    files: ['apps/web/src/lib/**', 'apps/web/src/components/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/features/**', '**/app/**'], message: 'lib and components/ui may not import features or app.' }] }],
    },
  },
  // Shared client state sits below the features: stores may use lib but never features or app.
  {
    files: ['apps/web/src/stores/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/features/**', '**/app/**'], message: 'stores may not import features or app.' }] }],
    },
  },
  ...features.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/app/**'], message: 'Features may not import the app layer.' },
            {
              group: features.filter((f) => f !== feature).map((f) => `**/features/${f}/**`),
              message: 'Features never import each other; move shared code to lib, components/ui or packages/domain.',
            },
          ],
        },
      ],
    },
  })),
  {
    files: ['**/*.test.{ts,tsx}', 'e2e/**', 'scripts/**', '**/scripts/**'],
    rules: { 'no-console': 'off' },
  },
);
