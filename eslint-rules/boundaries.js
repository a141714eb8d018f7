import path from 'node:path';

/**
 * Import boundaries, checked on the path an import resolves to — so a relative
 * `../../admin/components/x.tsx` is caught as surely as an absolute one (CONVENTIONS.md §3, §17):
 *
 * - web (apps/web/src): a feature (`features/<area>/…`, one per area of the spec) reaches another
 *   only through its public entry — `api/` (one file per endpoint: fetcher, query options, hook) and
 *   `routes/` (its screens: the pages, the tabs the admin shell and the reservations back office
 *   lazy-load, and the panels it lends to another area's screen) — never its components, utils or
 *   messages; no feature imports the app layer (`app/`); `lib/`, `components/` and `stores/` import
 *   no feature and no app code. Any folder under `features/` is a feature: one added later is
 *   covered without a line here.
 * - api (apps/api/src), decision 0095: routes call services — a `routes.ts` imports no repository;
 *   another module is reached only through its `service.ts` (a module's repository, queries and
 *   helpers are its own); plugins (`plugins/`) and the realtime socket (`realtime/`) import no
 *   module internals, only a module's `service.ts`; Drizzle (`drizzle-orm`) and the schema
 *   (`db/schema`) are used only by services and repositories — a module's files other than its
 *   routes — and by db/ itself and the first run (migrations tooling). Any folder under `modules/`
 *   is a module: one added later is covered without a line here.
 *
 * Tests and their helpers (`*.test.*`, `test/`, `test-support`, `test-helpers`) are exempt: they
 * arrange whatever they check.
 */

const WEB = 'apps/web/src/';
const API = 'apps/api/src/';

function isTestFile(file) {
  return /\.test\.[cm]?[jt]sx?$/.test(file) || /(^|\/)test\//.test(file) || /test-(support|helpers)\.[jt]sx?$/.test(file);
}

/** Where `file` sits: its area and, for features and modules, their name. */
function placeOf(file) {
  if (file.startsWith(WEB)) {
    const rest = file.slice(WEB.length);
    const [top, name] = rest.split('/');
    if (top === 'features' && name && rest.split('/').length > 2) return { side: 'web', area: 'feature', name, base: rest.split('/').slice(2).join('/') };
    return { side: 'web', area: top };
  }
  if (file.startsWith(API)) {
    const parts = file.slice(API.length).split('/');
    if (parts[0] === 'modules' && parts.length > 2) return { side: 'api', area: 'module', name: parts[1], base: parts.slice(2).join('/') };
    return { side: 'api', area: parts[0] };
  }
  return null;
}

/** What `from` (inside `fromFile`) names in the repository, or null for a package. */
function resolve(fromFile, specifier, root) {
  if (specifier.startsWith('.')) return path.posix.normalize(path.posix.join(path.posix.dirname(fromFile), specifier));
  if (specifier.startsWith('@/')) return `${WEB}${specifier.slice(2)}`;
  if (specifier.startsWith('/')) return path.posix.relative(root, specifier);
  return null;
}

/** Files outside modules and db/ that may still use Drizzle and the schema: the operator's first run (it migrates and seeds the first account). */
const API_DATA_TOOLING = new Set(['first-run.ts']);

function isRoutesFile(base) {
  return base === 'routes.ts' || base.endsWith('-routes.ts');
}

/** Whether an API file may use Drizzle and the schema: services and repositories, db/ and migrations tooling. */
function mayQuery(from) {
  if (from.area === 'module') return !isRoutesFile(from.base);
  return from.area === 'db' || API_DATA_TOOLING.has(from.area);
}

/** An import of Drizzle or of the schema from an API file that may not query. */
function dataProblem(from, specifier, target) {
  if (!from || from.side !== 'api' || mayQuery(from)) return null;
  const drizzle = specifier === 'drizzle-orm' || specifier.startsWith('drizzle-orm/');
  const schema = target !== null && (target === `${API}db/schema` || target.startsWith(`${API}db/schema/`) || target.startsWith(`${API}db/schema.`));
  if (!drizzle && !schema) return null;
  const what = drizzle ? 'Drizzle' : 'The schema';
  if (from.area === 'module') return `${what} is used by services and repositories: a route calls its module's service instead.`;
  return `${what} is used by services and repositories, not in ${from.area}: call a module's service instead.`;
}

function problem(from, to) {
  if (!from || !to || from.side !== to.side) return null;
  if (from.side === 'web') {
    if (from.area === 'feature') {
      if (to.area === 'feature' && to.name !== from.name && !/^(api|routes)\//.test(to.base)) {
        return `A feature uses another only through its api/ and routes/ (${from.name} → ${to.name}/${to.base}): move shared code to lib, components/ui or packages/domain.`;
      }
      if (to.area === 'app') return 'Features may not import the app layer.';
    }
    if (['lib', 'components', 'stores'].includes(from.area) && (to.area === 'feature' || to.area === 'app')) {
      return `${from.area} may not import features or app.`;
    }
    return null;
  }
  if (to.area === 'module' && to.base === 'repository.ts') {
    if (from.area === 'module' && isRoutesFile(from.base)) return 'Routes call services: a route never imports a repository.';
    if (from.area !== 'module' || from.name !== to.name) return `Only the ${to.name} module's own service uses its repository.`;
  }
  if (to.area === 'module' && to.base !== 'service.ts') {
    if (from.area === 'module' && from.name !== to.name) return `Another module only through its service.ts (${from.name} → ${to.name}/${to.base}).`;
    if (from.area === 'plugins' || from.area === 'realtime') return `${from.area === 'plugins' ? 'Plugins import' : 'The realtime socket imports'} no module internals: only a module's service.ts (${to.name}/${to.base}).`;
  }
  return null;
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Import boundaries between web features and between API layers, matched by resolved path' },
    schema: [],
  },
  create(context) {
    const root = (context.cwd ?? context.getCwd()).split(path.sep).join('/');
    const file = path.posix.relative(root, context.filename.split(path.sep).join('/'));
    if (isTestFile(file)) return {};
    const from = placeOf(file);
    if (!from) return {};
    const check = (node, source) => {
      if (!source || typeof source.value !== 'string') return;
      const target = resolve(file, source.value, root);
      const message = dataProblem(from, source.value, target) ?? (target ? problem(from, placeOf(target)) : null);
      if (message) context.report({ node, message });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
    };
  },
};
