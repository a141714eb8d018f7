import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The repository's own lint configuration (eslint.config.js) on fixture code placed at real paths:
 * a boundary holds whether the import is relative or not, and a feature or module added later is
 * covered without a line in the configuration.
 */
const root = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });

async function boundaryErrors(filePath, code) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return result.messages.filter((m) => m.ruleId === 'kusina/boundaries').map((m) => m.message);
}

describe('lint: import boundaries by path', () => {
  it("fails an import of another web feature's internals, however it is spelled", async () => {
    const from = 'apps/web/src/features/menu/components/fixture.tsx';
    for (const specifier of ['../../orders/components/order-card.tsx', '../../../features/orders/utils/guam-time.ts', '@/features/orders/components/order-card.tsx']) {
      expect(await boundaryErrors(from, `import { x } from '${specifier}';\nexport const y = x;\n`), specifier).toEqual([
        `A feature uses another only through its api/ and routes/ (menu → orders/${specifier.split('/orders/')[1]}): move shared code to lib, components/ui or packages/domain.`,
      ]);
    }
    // A dynamic import and a re-export count too; a feature added later (waitlist) is a feature.
    expect(await boundaryErrors('apps/web/src/features/waitlist/routes/fixture.tsx', "export { x } from '../../reservations/utils/guam.ts';\n")).toHaveLength(1);
    expect(await boundaryErrors(from, "export const load = () => import('../../accounts/components/auth-card.tsx');\n")).toHaveLength(1);
    // A folder merely named like the public entry, deeper down, is not it.
    expect(await boundaryErrors(from, "export { x } from '../../floor/components/api/x.ts';\n")).toHaveLength(1);
  });

  it("lets a feature use its own files, another area's api/ and routes/, lib, components/ui and packages/domain, and the app import features", async () => {
    const from = 'apps/web/src/features/menu/components/fixture.tsx';
    const imports = ["'../api/get-menu.ts'", "'../../../lib/format.ts'", "'../../../components/ui/button.tsx'", "'@kusina/domain/menu'", "'../../merchandise/api/get-merchandise-items.ts'"];
    expect(await boundaryErrors(from, imports.map((s, i) => `import * as m${i} from ${s};`).join('\n') + '\nexport const all = [m0, m1, m2, m3, m4];\n')).toEqual([]);
    // The admin shell lazy-loads each area's tab from its routes/.
    expect(await boundaryErrors('apps/web/src/features/admin/routes/fixture.tsx', "export const load = () => import('../../orders/routes/order-management.tsx');\n")).toEqual([]);
    expect(await boundaryErrors('apps/web/src/app/fixture.ts', "export const load = () => import('../features/admin/routes/admin-dashboard-page.tsx');\n")).toEqual([]);
    expect(await boundaryErrors('apps/web/src/lib/fixture.ts', "export { x } from '../features/orders/api/get-admin-orders.ts';\n")).toEqual(['lib may not import features or app.']);
    expect(await boundaryErrors('apps/web/src/features/menu/routes/fixture.tsx', "export { x } from '../../../app/lazy-pages.ts';\n")).toEqual(['Features may not import the app layer.']);
  });

  it("keeps the API's layers: routes call services, only a module's own service uses its repository", async () => {
    expect(await boundaryErrors('apps/api/src/modules/orders/routes.ts', "export { findOrder } from './repository.ts';\n")).toEqual([
      'Routes call services: a route never imports a repository.',
    ]);
    expect(await boundaryErrors('apps/api/src/modules/wholesale/service.ts', "export { findOrder } from '../orders/repository.ts';\n")).toEqual([
      "Only the orders module's own service uses its repository.",
    ]);
    expect(await boundaryErrors('apps/api/src/modules/orders/service.ts', "export { findOrder } from './repository.ts';\nexport { getRestaurant } from '../restaurants/service.ts';\n")).toEqual([]);
  });

  it("fails an API module's import of another module's file that is not its service.ts, however it is spelled", async () => {
    const from = 'apps/api/src/modules/orders/service.ts';
    for (const [specifier, target] of [['../pricing/quote.ts', 'pricing/quote.ts'], ['../../modules/pricing/quote.ts', 'pricing/quote.ts'], ['./../payments/select.ts', 'payments/select.ts']]) {
      expect(await boundaryErrors(from, `import { x } from '${specifier}';\nexport const y = x;\n`), specifier).toEqual([`Another module only through its service.ts (orders → ${target}).`]);
    }
    // A route, a dynamic import and a re-export count too; a module added later (seating) is a module.
    expect(await boundaryErrors('apps/api/src/modules/seating/routes.ts', "export { lockWaitlistEntryForFloor } from '../reservations/waitlist.ts';\n")).toEqual([
      'Another module only through its service.ts (seating → reservations/waitlist.ts).',
    ]);
    expect(await boundaryErrors(from, "export const load = () => import('../floor/allocation-release.ts');\n")).toHaveLength(1);
    // Through service.ts, and its own files, a module may go.
    expect(await boundaryErrors(from, "export { priceCart } from '../pricing/service.ts';\nexport { loadPickupSchedule } from './pickup.ts';\n")).toEqual([]);
  });

  it("fails a plugin (or the realtime socket) importing a module's internals; a module's service.ts is its door", async () => {
    expect(await boundaryErrors('apps/api/src/plugins/auth.ts', "export { useSession } from '../modules/accounts/sessions.ts';\n")).toEqual([
      "Plugins import no module internals: only a module's service.ts (accounts/sessions.ts).",
    ]);
    expect(await boundaryErrors('apps/api/src/plugins/fixture.ts', "export { findOrder } from '../modules/orders/repository.ts';\n")).toEqual([
      "Only the orders module's own service uses its repository.",
    ]);
    expect(await boundaryErrors('apps/api/src/realtime/fixture.ts', "export { liveSessionIds } from '../modules/accounts/sessions.ts';\n")).toEqual([
      "The realtime socket imports no module internals: only a module's service.ts (accounts/sessions.ts).",
    ]);
    expect(await boundaryErrors('apps/api/src/plugins/auth.ts', "export { useSession } from '../modules/accounts/service.ts';\n")).toEqual([]);
  });

  it('keeps Drizzle and the schema in services and repositories (and db/)', async () => {
    const drizzle = "import { eq } from 'drizzle-orm';\nexport const e = eq;\n";
    const schema = "import { orders } from '../../db/schema/index.ts';\nexport const o = orders;\n";
    expect(await boundaryErrors('apps/api/src/modules/orders/routes.ts', drizzle)).toEqual(["Drizzle is used by services and repositories: a route calls its module's service instead."]);
    expect(await boundaryErrors('apps/api/src/modules/wholesale/admin-routes.ts', schema)).toEqual(["The schema is used by services and repositories: a route calls its module's service instead."]);
    expect(await boundaryErrors('apps/api/src/plugins/fixture.ts', "import { sql } from 'drizzle-orm/sql';\nexport const s = sql;\n")).toEqual([
      "Drizzle is used by services and repositories, not in plugins: call a module's service instead.",
    ]);
    expect(await boundaryErrors('apps/api/src/lib/fixture.ts', "import { users } from '../db/schema/accounts.ts';\nexport const u = users;\n")).toHaveLength(1);
    for (const file of ['apps/api/src/modules/orders/service.ts', 'apps/api/src/modules/orders/repository.ts', 'apps/api/src/modules/reservations/schedule.ts', 'apps/api/src/db/fixture.ts']) {
      expect(await boundaryErrors(file, drizzle), file).toEqual([]);
    }
    expect(await boundaryErrors('apps/api/src/modules/orders/service.ts', schema)).toEqual([]);
  });
});
