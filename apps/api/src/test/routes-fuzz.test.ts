import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, request, tokenFor, type TestContext } from './build.ts';

/**
 * Every route the OpenAPI document lists — so a route added later is covered without a line here —
 * answered as an outsider with an admin's token would try it: an empty body, every field of the
 * wrong type, 100,000-character strings, negative integers and integers past PostgreSQL's integer
 * (2^31) and past a double's exact range (2^53), in the body, the query and the path. No answer may
 * be a 5xx, and a request the API refuses (4xx) must leave every table as it was.
 */

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  format?: string;
  minimum?: number;
  exclusiveMinimum?: number;
  additionalProperties?: Schema | boolean;
  $ref?: string;
};
type Operation = {
  parameters?: { in: string; name: string; schema?: Schema }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
};
type Mode = 'plausible' | 'wrong-types' | 'long-strings' | 'negative' | 'int31' | 'int53';

const LONG = 'x'.repeat(100_000);
/** A value of the right form for a formatted string, so a plausible body reaches the checks past it. */
const PLAUSIBLE_FORMATS: Record<string, string> = {
  email: 'fuzz@kusina.test',
  uuid: '00000000-0000-4000-8000-000000000000',
  'date-time': '2026-12-01T10:00:00.000Z',
  date: '2026-12-01',
  time: '10:00',
  uri: 'https://kusina.test/fuzz',
};
const TWO_31 = 2 ** 31;
const TWO_53 = 2 ** 53;

function typeOf(schema: Schema): string | undefined {
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (type) return type;
  if (schema.properties) return 'object';
  if (schema.items) return 'array';
  return undefined;
}

/** A value for `schema` with every leaf of one kind: what each mode sends. */
function sample(schema: Schema | undefined, mode: Mode, depth = 0): unknown {
  if (!schema || depth > 6) return null;
  const alternative = schema.anyOf ?? schema.oneOf;
  if (alternative) return sample(alternative.find((s) => s.type !== 'null') ?? alternative[0], mode, depth + 1);
  if (schema.allOf) return sample(Object.assign({}, ...schema.allOf) as Schema, mode, depth + 1);
  const type = typeOf(schema);
  const integer = (): number => ({ plausible: 1, 'wrong-types': 0, 'long-strings': 1, negative: -1, int31: TWO_31, int53: TWO_53 })[mode];
  switch (type) {
    case 'object': {
      if (mode === 'wrong-types' && depth > 0) return 'not an object';
      const out: Record<string, unknown> = {};
      for (const [key, child] of Object.entries(schema.properties ?? {})) out[key] = sample(child, mode, depth + 1);
      return out;
    }
    case 'array':
      return mode === 'wrong-types' ? { not: 'an array' } : [sample(schema.items, mode, depth + 1)];
    case 'integer':
      return mode === 'wrong-types' ? 'not a number' : integer();
    case 'number':
      return mode === 'wrong-types' ? 'not a number' : mode === 'long-strings' || mode === 'plausible' ? 1 : integer() + (mode === 'negative' ? -0.5 : 0.5);
    case 'boolean':
      return mode === 'wrong-types' ? 'not a boolean' : true;
    case 'string':
      if (mode === 'wrong-types') return 12345;
      if (mode === 'long-strings') return LONG;
      return schema.enum?.[0] ?? (schema.const as string | undefined) ?? PLAUSIBLE_FORMATS[schema.format ?? ''] ?? 'fuzz';
    default:
      return schema.enum?.[0] ?? schema.const ?? (mode === 'wrong-types' ? 12345 : mode === 'long-strings' ? LONG : integer());
  }
}

/** Where `value` (a plausible sample) holds a number: the paths of its numeric leaves. */
function numberLeaves(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'number') return [path];
  if (Array.isArray(value)) return value.flatMap((v, i) => numberLeaves(v, [...path, i]));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => numberLeaves(v, [...path, k]));
  return [];
}

/** `value` with the leaf at `path` replaced. */
function withLeaf(value: unknown, path: (string | number)[], leaf: unknown): unknown {
  if (path.length === 0) return leaf;
  const [head, ...rest] = path;
  if (Array.isArray(value)) return value.map((v, i) => (i === head ? withLeaf(v, rest, leaf) : v));
  const record = value as Record<string, unknown>;
  return { ...record, [head!]: withLeaf(record[head!], rest, leaf) };
}

/** A query-string or path value for `schema` in each mode. */
function textSample(schema: Schema | undefined, mode: Mode): string {
  const value = sample(schema ?? { type: 'string' }, mode);
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

describe('every route of the OpenAPI document, fuzzed with an admin token', () => {
  let t: TestContext;
  let digestSql = '';
  beforeAll(async () => {
    t = await build({ AUTH_RATE_LIMIT_PER_MINUTE: '100000', CODE_CHECK_RATE_LIMIT_PER_MINUTE: '100000' });
    // rate_limits is left out: counting refused attempts (a failed sign-in, a bad code) is its job (0085).
    const { rows } = await t.pool.query<{ name: string }>("SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'rate_limits' ORDER BY tablename");
    // Every table's rows, as one digest per table. Sessions (a token's use is noted) and messages
    // (the worker delivers those of accepted requests meanwhile) are compared by their ids.
    const byId = new Set(['sessions', 'notifications']);
    digestSql = `SELECT json_object_agg(name, digest) AS tables FROM (${rows
      .map(
        ({ name }) =>
          `SELECT '${name}' AS name, md5(coalesce(string_agg(${byId.has(name) ? 't.id::text' : 't::text'}, ',' ORDER BY ${byId.has(name) ? 't.id::text' : 't::text'}), '')) AS digest FROM "${name}" t`,
      )
      .join(' UNION ALL ')}) d`;
  });
  afterAll(() => t.close());

  const digest = async () => (await t.pool.query<{ tables: Record<string, string> }>(digestSql)).rows[0]!.tables;

  it('answers no 5xx, and a refused request changes nothing', { timeout: 600_000 }, async () => {
    const document = t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
    const failures: string[] = [];
    let sent = 0;
    const routes = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
        .map(([method, operation]) => ({ path, method: method.toUpperCase() as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', operation })),
    );
    expect(routes.length).toBeGreaterThan(50);

    // One admin session and one digest for as long as requests are refused: a refused request changes
    // nothing (that is what is checked), so the digest after it is the one before the next. After an
    // accepted request (it may have signed the session out, or changed rows) both are taken afresh,
    // and after a 401 the session is replaced, so no route is only ever tried signed out.
    let token = await tokenFor(t.app, t.db, 'admin@kusina.test');
    let before = await digest();
    for (const { path, method, operation } of routes) {
      const parameters = operation.parameters ?? [];
      const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
      const modes: Mode[] = ['wrong-types', 'long-strings', 'negative', 'int31', 'int53'];
      // What each attempt sends: the body, and the path's and query's parameters.
      const attempts: { label: string; body?: unknown; pathMode?: Mode; queryMode?: Mode }[] = [
        { label: 'no body' },
        ...(bodySchema || method !== 'GET' ? [{ label: 'empty body', body: {} }] : []),
        ...(bodySchema ? modes.map((mode) => ({ label: `body ${mode}`, body: sample(bodySchema, mode) })) : []),
        // One number at a time out of range, the rest of the body plausible: each reaches its own check.
        ...(bodySchema
          ? numberLeaves(sample(bodySchema, 'plausible')).flatMap((leaf) =>
              [-1, TWO_31, TWO_53, -TWO_53].map((n) => ({ label: `body ${leaf.join('.')} = ${n}`, body: withLeaf(sample(bodySchema, 'plausible'), leaf, n) })),
            )
          : []),
        ...(parameters.some((p) => p.in === 'query') ? modes.map((mode) => ({ label: `query ${mode}`, queryMode: mode })) : []),
        ...(parameters.some((p) => p.in === 'path') ? modes.map((mode) => ({ label: `path ${mode}`, pathMode: mode })) : []),
      ];
      for (const attempt of attempts) {
        // A DELETE of a real row is a legitimate request: deletes only ever name rows that are not there.
        const realId = method === 'DELETE' ? '987654' : '1';
        const url =
          path.replace(/\{(\w+)\}/g, (_, name: string) => {
            const schema = parameters.find((p) => p.in === 'path' && p.name === name)?.schema;
            return encodeURIComponent(attempt.pathMode ? textSample(schema, attempt.pathMode) : realId);
          }) +
          (attempt.queryMode
            ? `?${new URLSearchParams(parameters.filter((p) => p.in === 'query').map((p): [string, string] => [p.name, textSample(p.schema, attempt.queryMode!)])).toString()}`
            : '');
        const response = await request(t.app, {
          method,
          url,
          token,
          headers: { 'idempotency-key': `fuzz-${sent}-key-0123456789` },
          ...(attempt.body === undefined ? {} : { payload: attempt.body as Record<string, unknown> }),
        });
        sent++;
        const where = `${method} ${path} (${attempt.label})`;
        if (response.statusCode >= 500) failures.push(`${where}: ${response.statusCode} ${response.body.slice(0, 200)}`);
        else if (response.statusCode >= 400) {
          const after = await digest();
          const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
          if (changed.length > 0) failures.push(`${where}: ${response.statusCode}, yet changed ${changed.join(', ')}`);
          const error = (response.json() as { error?: { code?: unknown; message?: unknown } }).error;
          if (typeof error?.code !== 'string' || typeof error.message !== 'string') failures.push(`${where}: ${response.statusCode} not in the error shape: ${response.body.slice(0, 200)}`);
          before = after;
        }
        if (response.statusCode < 400 || response.statusCode === 401 || response.statusCode >= 500) {
          token = await tokenFor(t.app, t.db, 'admin@kusina.test');
          before = await digest();
        }
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(300);
  });
});
