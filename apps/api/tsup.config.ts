import { defineConfig } from 'tsup';

// The server bundle: our code and @kusina/domain (TypeScript source) in one file; npm
// dependencies stay external and load from node_modules.
export default defineConfig({
  entry: ['src/main.ts', 'src/setup.ts'],
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  clean: true,
  noExternal: [/^@kusina\//],
});
