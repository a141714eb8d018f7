import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restaurants } from '../../db/schema/index.ts';
import { build, type TestContext } from '../../test/build.ts';
import { readTurnTimeFor, readTurnTimes } from './turn-times.ts';

describe('turn times', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await build();
  });
  afterAll(() => t.close());

  it("reads the restaurant's bands from Admin Settings, and the defaults when none are set", async () => {
    const [restaurant] = await t.db.insert(restaurants).values({ name: 'Turn Time Test' }).returning({ id: restaurants.id });
    const id = restaurant!.id;
    expect(await readTurnTimeFor(t.db, id, 2)).toBe(75);
    expect(await readTurnTimeFor(t.db, id, 6)).toBe(120);

    const bands = [{ up_to: 3, minutes: 60 }, { up_to: null, minutes: 100 }];
    await t.db.update(restaurants).set({ adminSettings: { turn_times: bands } }).where(eq(restaurants.id, id));
    expect(await readTurnTimes(t.db, id)).toEqual(bands);
    expect(await readTurnTimeFor(t.db, id, 3)).toBe(60);
    expect(await readTurnTimeFor(t.db, id, 4)).toBe(100);
  });
});
