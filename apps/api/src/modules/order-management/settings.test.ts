import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discountConfigurations } from '../../db/schema/index.ts';
import { build, type TestContext } from '../../test/build.ts';
import { userId } from '../orders/test-support.ts';
import { api, demoTokens, type Tokens } from './test-support.ts';

describe('order management: staff members and staff discount configurations', () => {
  let t: TestContext;
  let tokens: Tokens;
  let http: ReturnType<typeof api>;
  beforeAll(async () => {
    t = await build();
    tokens = await demoTokens(t.app, t.db);
    http = api(t.app);
  });
  afterAll(() => t.close());

  describe('discount configurations (backoffice §3)', () => {
    it('staff read the active options in display order; admins see all of them', async () => {
      const active = await http.get('/discount_configurations/active', tokens.staff);
      expect(active.statusCode).toBe(200);
      expect(active.json()).toEqual([
        {
          id: expect.any(Number),
          restaurant_id: 1,
          name: 'On Duty',
          code: 'ON_DUTY',
          discount_percentage: 50,
          discount_type: 'percentage',
          is_active: true,
          is_default: true,
          display_order: 0,
          description: 'Meal during a shift',
          ui_color: '#16a34a',
          created_at: expect.any(String),
          updated_at: expect.any(String),
        },
        expect.objectContaining({ name: 'Off Duty', code: 'OFF_DUTY', discount_percentage: 30, is_default: false, display_order: 1 }),
      ]);
      const all = (await http.get('/discount_configurations', tokens.admin)).json();
      expect(all.map((d: { code: string }) => d.code)).toEqual(['ON_DUTY', 'OFF_DUTY', 'FAMILY_MEAL']);
    });

    it('validates percentage 0-100, display order ≥ 0, code and name, naming the field', async () => {
      const cases: [Record<string, unknown>, string, string][] = [
        [{ name: 'Too much', code: 'MUCH', discount_percentage: 101 }, 'discount_percentage', 'Discount percentage must be between 0 and 100.'],
        [{ name: 'Negative', code: 'NEG', discount_percentage: -1 }, 'discount_percentage', 'Discount percentage must be between 0 and 100.'],
        [{ name: 'Order', code: 'ORD', discount_percentage: 10, display_order: -1 }, 'display_order', 'Display order must be 0 or more.'],
        [{ name: '', code: 'EMPTY', discount_percentage: 10 }, 'name', 'Name is required'],
        [{ name: 'No code', discount_percentage: 10 }, 'code', 'Code is required'],
        [{ name: 'Odd', code: 'ODD', discount_percentage: 10, discount_type: 'amount' }, 'discount_type', expect.any(String) as unknown as string],
      ];
      for (const [body, field, message] of cases) {
        const response = await http.post('/discount_configurations', tokens.admin, body);
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
        expect(response.json().error.details.fields[field], JSON.stringify(body)).toEqual(message);
      }
      const taken = await http.post('/discount_configurations', tokens.admin, { name: 'Again', code: 'on_duty', discount_percentage: 10 });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().error).toMatchObject({ message: 'A discount with this code already exists.', details: { fields: { code: expect.any(String) } } });
      // Another restaurant may use the same code.
      const elsewhere = await http.post('/discount_configurations', tokens.otherAdmin, { name: 'Manager', code: 'MANAGER', discount_percentage: 40 });
      const here = await http.post('/discount_configurations', tokens.admin, { name: 'Manager', code: 'MANAGER', discount_percentage: 40 });
      expect([elsewhere.statusCode, here.statusCode]).toEqual([201, 201]);
    });

    it('keeps one default per restaurant: a new default clears the old one', async () => {
      const created = await http.post('/discount_configurations', tokens.admin, {
        name: 'Manager Meal',
        code: 'manager_meal',
        discount_percentage: 12.5,
        is_default: true,
        display_order: 5,
        description: 'Managers on shift',
        ui_color: 'purple',
      });
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json()).toMatchObject({ code: 'MANAGER_MEAL', discount_percentage: 12.5, is_default: true, ui_color: 'purple' });
      const defaults = await t.db.select().from(discountConfigurations).where(eq(discountConfigurations.isDefault, true));
      expect(defaults.filter((d) => d.restaurantId === 1).map((d) => d.code)).toEqual(['MANAGER_MEAL']);
      expect(defaults.filter((d) => d.restaurantId === 2).map((d) => d.code)).toEqual(['ON_DUTY']);

      const onDuty = (await http.get('/discount_configurations', tokens.admin)).json().find((d: { code: string }) => d.code === 'ON_DUTY');
      const back = await http.patch(`/discount_configurations/${onDuty.id}`, tokens.admin, { is_default: true, discount_percentage: 55 });
      expect(back.json()).toMatchObject({ is_default: true, discount_percentage: 55 });
      const after = (await http.get('/discount_configurations', tokens.admin)).json();
      expect(after.filter((d: { is_default: boolean }) => d.is_default).map((d: { code: string }) => d.code)).toEqual(['ON_DUTY']);
    });

    it('switching one off hides it from staff; deleting removes it', async () => {
      const created = (await http.post('/discount_configurations', tokens.admin, { name: 'Holiday', code: 'HOLIDAY', discount_percentage: 20 })).json();
      expect((await http.get('/discount_configurations/active', tokens.staff)).json().map((d: { code: string }) => d.code)).toContain('HOLIDAY');
      await http.patch(`/discount_configurations/${created.id}`, tokens.admin, { is_active: false });
      expect((await http.get('/discount_configurations/active', tokens.staff)).json().map((d: { code: string }) => d.code)).not.toContain('HOLIDAY');
      expect((await http.delete(`/discount_configurations/${created.id}`, tokens.admin)).statusCode).toBe(204);
      expect((await http.patch(`/discount_configurations/${created.id}`, tokens.admin, { name: 'x' })).statusCode).toBe(404);
    });
  });

  describe('staff members', () => {
    it('staff see active members by name; admins may include inactive ones', async () => {
      const forStaff = (await http.get('/staff_members?include_inactive=true', tokens.staff)).json();
      expect(forStaff.map((m: { name: string }) => m.name)).toEqual(['Ana Admin', 'Joaquin Santos', 'Kekoa Staff']);
      expect(forStaff[2]).toEqual({
        id: expect.any(Number),
        restaurant_id: 1,
        name: 'Kekoa Staff',
        user_id: await userId(t.db, 'staff@kusina.test'),
        is_active: true,
        created_at: expect.any(String),
        updated_at: expect.any(String),
      });
      const forAdmin = (await http.get('/staff_members?include_inactive=true', tokens.admin)).json();
      expect(forAdmin.map((m: { name: string }) => m.name)).toEqual(['Ana Admin', 'Joaquin Santos', 'Kekoa Staff', 'Tasi Reyes']);
    });

    it('adds, renames, deactivates and deletes members; a linked account must be staff of the restaurant, once', async () => {
      const created = await http.post('/staff_members', tokens.admin, { name: '  Rosa Aguon  ' });
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json()).toMatchObject({ name: 'Rosa Aguon', user_id: null, is_active: true, restaurant_id: 1 });
      const id = created.json().id;
      expect((await http.patch(`/staff_members/${id}`, tokens.admin, { name: 'Rosa A. Aguon', is_active: false })).json()).toMatchObject({ name: 'Rosa A. Aguon', is_active: false });
      // Nothing to change — an empty body, or only fields the contract does not know — changes nothing.
      for (const body of [{}, { nickname: 'Ro' }]) {
        const unchanged = await http.patch(`/staff_members/${id}`, tokens.admin, body);
        expect(unchanged.statusCode, unchanged.body).toBe(200);
        expect(unchanged.json()).toMatchObject({ name: 'Rosa A. Aguon', is_active: false });
      }
      const discount = (await http.get('/discount_configurations', tokens.admin)).json()[0];
      for (const body of [{}, { colour: 'red' }]) {
        const unchanged = await http.patch(`/discount_configurations/${discount.id}`, tokens.admin, body);
        expect(unchanged.statusCode, unchanged.body).toBe(200);
        expect(unchanged.json()).toEqual(discount);
      }

      const customer = await http.patch(`/staff_members/${id}`, tokens.admin, { user_id: await userId(t.db, 'customer@kusina.test') });
      expect(customer.statusCode).toBe(422);
      expect(customer.json().error.details.fields.user_id).toBe('The linked account must be staff or an admin of this restaurant.');
      const foreign = await http.patch(`/staff_members/${id}`, tokens.admin, { user_id: await userId(t.db, 'admin2@kusina.test') });
      expect(foreign.statusCode).toBe(422);
      const twice = await http.patch(`/staff_members/${id}`, tokens.admin, { user_id: await userId(t.db, 'staff@kusina.test') });
      expect(twice.statusCode).toBe(409);
      expect(twice.json().error.details.fields.user_id).toBe('This account is already linked to another staff member.');

      expect((await http.post('/staff_members', tokens.admin, { name: '' })).json().error.details.fields.name).toBe('Name is required');
      expect((await http.delete(`/staff_members/${id}`, tokens.admin)).statusCode).toBe(204);
      expect((await http.delete(`/staff_members/${id}`, tokens.admin)).statusCode).toBe(404);
    });
  });
});
