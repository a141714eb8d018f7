// Prints the gzip size of the JS a visitor downloads to see the home route: the entry chunk and its
// static imports, plus every lazy chunk that "/" fetches at once without any interaction (the home
// page, its Popular Items section and the footer) with their static imports. Chunks that wait for a
// real need (the customisation dialog, the toaster, other routes) are not counted. Fails the build
// over the budget (ARCHITECTURE.md: 100 KB for the home route). Keep HOME_ROUTE_MODULES true when
// the home page gains or loses a lazy section.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 100;
const HOME_ROUTE_MODULES = [
  'src/features/menu/routes/home-page.tsx',
  'src/features/menu/components/popular-items.tsx',
  'src/app/layouts/footer.tsx',
];

const dist = path.resolve(import.meta.dirname, '../dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const seen = new Set();
const visit = (key) => {
  if (seen.has(key) || !manifest[key]) return;
  seen.add(key);
  for (const dep of manifest[key].imports ?? []) visit(dep);
};
visit(entryKey);
for (const key of HOME_ROUTE_MODULES) {
  if (!manifest[key]) {
    console.error(`Home route module ${key} is not in the build manifest; update HOME_ROUTE_MODULES.`);
    process.exit(1);
  }
  visit(key);
}
let total = 0;
const rows = [];
for (const key of seen) {
  const file = manifest[key].file;
  if (!file.endsWith('.js')) continue;
  const size = gzipSync(readFileSync(path.join(dist, file))).length;
  total += size;
  rows.push([size, file]);
}
rows.sort((a, b) => b[0] - a[0]);
const kb = total / 1024;
console.log(`Home route initial JS (gzip): ${kb.toFixed(1)} KB of ${BUDGET_KB} KB budget`);
console.log(rows.map(([size, file]) => `  ${(size / 1024).toFixed(1).padStart(7)} KB  ${file}`).join('\n'));
if (kb > BUDGET_KB) {
  console.error(`Over budget by ${(kb - BUDGET_KB).toFixed(1)} KB`);
  process.exit(1);
}
