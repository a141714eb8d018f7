import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MenuItemOutput, OptionGroupOutput } from '@kusina/domain/menu';
import { apiError, mockApi, type ApiCall, type ApiReply } from '../../../test/api-mock.ts';
import { makeUser, renderApp } from '../../../test/render-app.tsx';
import { menuItem, menuResponse, option, optionGroup } from '../../../test/storefront-fixtures.tsx';

const admin = makeUser({ id: 4, role: 'admin', first_name: 'Ana', last_name: 'Admin', name: 'Ana Admin' });

function stockWrite(item: MenuItemOutput, call: ApiCall): ApiReply {
  Object.assign(item, call.body);
  item.is_available = item.available;
  return { body: item };
}

/** A catalog server: GET /menu answers what the writes made of it. */
type Routes = Record<string, (call: ApiCall) => ApiReply>;
type Category = ReturnType<typeof menuResponse>['categories'][number];

function catalogServer(routes: (categories: Category[], items: MenuItemOutput[]) => Routes = () => ({})) {
  const items: MenuItemOutput[] = [
    menuItem({ id: 1, name: 'Chicken Kelaguen', category_id: 1, price_cents: 1295, enable_stock_tracking: true, stock_quantity: 12, damaged_quantity: 2, available_quantity: 10 }),
    menuItem({ id: 2, name: 'Red Rice', category_id: 1, price_cents: 450, available: false, is_available: false }),
    menuItem({ id: 3, name: 'Calamansi Juice', category_id: 2, price_cents: 375, seasonal: true }),
  ];
  const categories = menuResponse([]).categories;
  const api = mockApi({
    'GET /menu': () => ({ body: { ...menuResponse(items), categories: [...categories] } }),
    'POST /menu_items': (call) => {
      const body = call.body as Partial<MenuItemOutput> & { price: number };
      const saved = menuItem({ ...body, id: 10, name: body.name ?? '', price_cents: Math.round(body.price * 100) });
      items.push(saved);
      return { status: 201, body: saved };
    },
    'PATCH /menu_items/1/stock': (call) => stockWrite(items[0]!, call),
    'PATCH /menu_items/2/stock': (call) => stockWrite(items[1]!, call),
    'POST /menu_items/1/option_groups': (call) => {
      const body = call.body as Partial<OptionGroupOutput> & { name: string };
      const group = optionGroup({ ...body, id: 20, options: [] });
      items[0]!.option_groups.push(group);
      return { status: 201, body: group };
    },
    'DELETE /option_groups/20': () => {
      items[0]!.option_groups = [];
      return { status: 204 };
    },
    'POST /option_groups/20/options': (call) => {
      const body = call.body as { name: string; additional_price: number | null };
      const saved = option({ id: 30, name: body.name, additional_price_cents: body.additional_price === null ? 200 : Math.round(body.additional_price * 100) });
      items[0]!.option_groups[0]!.options.push(saved);
      return { status: 201, body: saved };
    },
    ...routes(categories, items),
  });
  return { api, items };
}

async function openMenuTab() {
  const rendered = renderApp('/admin?tab=menu', { user: admin });
  expect(await screen.findByRole('tab', { name: 'Menu', selected: true })).toBeInTheDocument();
  await screen.findByText('Chicken Kelaguen');
  return rendered;
}

function row(name: string): HTMLElement {
  const found = screen.getAllByTestId('menu-admin-item').find((element) => within(element).queryByText(name, { selector: 'p' }));
  if (!found) throw new Error(`no row for ${name}`);
  return found;
}

describe('Menu tab (catalog admin)', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists categories and every dish by category with price, availability and stock, and searches', async () => {
    const { api } = catalogServer();
    const { user } = await openMenuTab();
    // The admin's own restaurant's menu.
    expect(api.callsTo('GET', '/menu')[0]?.query.get('restaurant_id')).toBe('1');

    const categories = screen.getByRole('region', { name: 'Categories' });
    expect(within(categories).getAllByRole('listitem').map((li) => li.querySelector('span')?.textContent)).toEqual(['Plates', 'Drinks']);
    expect(within(categories).getByRole('button', { name: 'Move Plates up' })).toBeDisabled();

    const items = screen.getByRole('region', { name: 'Menu items' });
    expect(within(items).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Plates', 'Drinks']);
    expect(within(row('Chicken Kelaguen')).getByText('$12.95')).toBeInTheDocument();
    expect(within(row('Chicken Kelaguen')).getByText('Available')).toBeInTheDocument();
    expect(within(row('Chicken Kelaguen')).getByText('10 available')).toBeInTheDocument();
    // A sold-out dish is listed too (the public menu hides nothing), marked as such.
    expect(within(row('Red Rice')).getByText('Sold out', { selector: 'span' })).toBeInTheDocument();
    expect(within(row('Red Rice')).getByRole('checkbox', { name: 'Sold out: Red Rice' })).toBeChecked();
    expect(within(row('Calamansi Juice')).getByText('Not tracked')).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Search menu items' }), 'juice');
    expect(screen.getAllByTestId('menu-admin-item')).toHaveLength(1);
    expect(within(items).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Drinks']);
    await user.type(screen.getByRole('searchbox', { name: 'Search menu items' }), 'zzz');
    expect(await screen.findByText('No menu items found')).toBeInTheDocument();
  });

  it('creates a dish with the fields the server takes (price in dollars), then opens it for option groups', async () => {
    const { api } = catalogServer();
    const { user } = await openMenuTab();
    const opener = screen.getByRole('button', { name: 'Add item' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Add menu item' });
    await user.click(within(dialog).getByRole('button', { name: 'Add item' }));
    expect(await within(dialog).findByText('Required')).toBeInTheDocument();
    expect(api.callsTo('POST', '/menu_items')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Name'), 'Shrimp Patties');
    await user.type(within(dialog).getByLabelText('Price'), '14.5');
    await user.selectOptions(within(dialog).getByLabelText('Category'), 'Drinks');
    await user.type(within(dialog).getByLabelText('Description'), 'Crisp, with finadene');
    await user.type(within(dialog).getByLabelText('Promo label'), 'New');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Sun' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Spicy' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Enable stock tracking' }));
    await user.clear(within(dialog).getByLabelText('Stock quantity'));
    await user.type(within(dialog).getByLabelText('Stock quantity'), '30');
    await user.click(within(dialog).getByRole('button', { name: 'Add item' }));

    expect(await screen.findByRole('dialog', { name: 'Edit Shrimp Patties' })).toBeInTheDocument();
    expect(api.callsTo('POST', '/menu_items')[0]?.body).toEqual({
      name: 'Shrimp Patties',
      description: 'Crisp, with finadene',
      price: 14.5,
      category_id: 2,
      image: null,
      featured: false,
      seasonal: false,
      promo_label: 'New',
      available_until: null,
      status_note: null,
      advance_notice_hours: 0,
      available_days: [1, 2, 3, 4, 5, 6],
      vegetarian: false,
      vegan: false,
      gluten_free: false,
      dairy_free: false,
      nut_free: false,
      spicy: true,
      available: true,
      enable_stock_tracking: true,
      stock_quantity: 30,
      damaged_quantity: 0,
    });
    expect(screen.getByRole('heading', { name: 'Option groups' })).toBeInTheDocument();
    // The list behind refetched and shows the new dish.
    await waitFor(() => expect(api.callsTo('GET', '/menu').length).toBeGreaterThan(1));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(row('Shrimp Patties')).toBeInTheDocument();
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it("puts the server's field error on the field and keeps what was typed", async () => {
    catalogServer(() => ({ 'POST /menu_items': () => apiError(422, 'Price must be 0 or more.', { price: 'Price must be 0 or more.' }, 'VALIDATION_ERROR') }));
    const { user } = await openMenuTab();
    await user.click(screen.getByRole('button', { name: 'Add item' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add menu item' });
    await user.type(within(dialog).getByLabelText('Name'), 'Titiyas');
    await user.type(within(dialog).getByLabelText('Price'), '3');
    await user.click(within(dialog).getByRole('button', { name: 'Add item' }));
    expect(await within(dialog).findByText('Price must be 0 or more.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Price')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByLabelText('Price')).toHaveFocus();
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Titiyas');
    expect(screen.getByRole('dialog', { name: 'Add menu item' })).toBeInTheDocument();
  });

  it('marks a dish sold out through the stock endpoint and shows it', async () => {
    const { api } = catalogServer();
    const { user } = await openMenuTab();
    await user.click(within(row('Chicken Kelaguen')).getByRole('checkbox', { name: 'Sold out: Chicken Kelaguen' }));
    expect(await screen.findByText('Chicken Kelaguen is marked sold out.')).toBeInTheDocument();
    expect(api.callsTo('PATCH', '/menu_items/1/stock')[0]?.body).toEqual({ available: false });
    await waitFor(() => expect(within(row('Chicken Kelaguen')).getByRole('checkbox', { name: 'Sold out: Chicken Kelaguen' })).toBeChecked());
    expect(within(row('Chicken Kelaguen')).getByText('Sold out', { selector: 'span' })).toBeInTheDocument();
  });

  it('gives staff the stock-only view: the sold-out switch, no editing', async () => {
    const { api } = catalogServer();
    const { user } = renderApp('/admin?tab=menu', { user: makeUser({ role: 'staff', first_name: 'Kekoa' }) });
    expect(await screen.findByRole('tab', { name: 'Menu stock', selected: true })).toBeInTheDocument();
    await screen.findByText('Chicken Kelaguen');
    expect(screen.queryByRole('region', { name: 'Categories' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add item' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Chicken Kelaguen' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Chicken Kelaguen' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Sold out: Red Rice' }));
    expect(await screen.findByText('Red Rice is available again.')).toBeInTheDocument();
    expect(api.callsTo('PATCH', '/menu_items/2/stock')[0]?.body).toEqual({ available: true });
  });

  it("lets staff count a tracked option and sell out any option from the dish's Options, with the server's field message", async () => {
    const { api } = catalogServer((_categories, items) => {
      const sides = optionGroup({
        id: 40,
        name: 'Sides',
        enable_inventory_tracking: true,
        options: [option({ id: 41, name: 'Extra Rice', stock_quantity: 12, damaged_quantity: 2, available_quantity: 10 }), option({ id: 42, name: 'Mac Salad', stock_quantity: 5, available_quantity: 5 })],
      });
      const sauces = optionGroup({ id: 50, name: 'Sauces', options: [option({ id: 51, name: 'Finadene' })] });
      items[0]!.option_groups = [sides, sauces];
      const write = (target: ReturnType<typeof option>) => (call: ApiCall) => {
        const body = call.body as { stock_quantity?: number; available?: boolean };
        if (body.stock_quantity !== undefined && body.stock_quantity < target.damaged_quantity) {
          return apiError(422, 'Stock cannot be less than the 2 damaged units.', { stock_quantity: 'Stock cannot be less than the 2 damaged units.' });
        }
        Object.assign(target, body);
        target.available_quantity = target.stock_quantity - target.damaged_quantity;
        return { body: target };
      };
      return { 'PATCH /options/41/stock': write(sides.options[0]!), 'PATCH /options/51/stock': write(sauces.options[0]!) };
    });
    const { user } = renderApp('/admin?tab=menu', { user: makeUser({ role: 'staff', first_name: 'Kekoa' }) });
    await screen.findByText('Chicken Kelaguen');
    // Dishes without option groups have no Options button; the panel opens on demand.
    expect(within(row('Red Rice')).queryByRole('button', { name: /Options/ })).not.toBeInTheDocument();
    const toggle = within(row('Chicken Kelaguen')).getByRole('button', { name: 'Options of Chicken Kelaguen' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('spinbutton', { name: 'Stock of Extra Rice' })).not.toBeInTheDocument();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(document.getElementById(toggle.getAttribute('aria-controls') ?? '')).toBeInTheDocument();

    // Only tracked groups have a count; every option has its sold-out switch.
    const count = screen.getByRole('spinbutton', { name: 'Stock of Extra Rice' });
    expect(count).toHaveValue(12);
    expect(screen.queryByRole('spinbutton', { name: 'Stock of Finadene' })).not.toBeInTheDocument();
    expect(screen.getByText('10 available (2 damaged)')).toBeInTheDocument();

    // A count below the damaged units: the server's message lands on the field.
    await user.clear(count);
    await user.type(count, '1');
    await user.click(screen.getByRole('button', { name: 'Save stock of Extra Rice' }));
    expect(await screen.findByText('Stock cannot be less than the 2 damaged units.')).toBeInTheDocument();
    expect(count).toHaveAttribute('aria-invalid', 'true');
    // A blank or fractional count never reaches the server.
    await user.clear(count);
    await user.click(screen.getByRole('button', { name: 'Save stock of Extra Rice' }));
    expect(await screen.findByText('Enter a whole number of 0 or more')).toBeInTheDocument();
    expect(api.callsTo('PATCH', '/options/41/stock')).toHaveLength(1);

    await user.type(count, '30');
    await user.click(screen.getByRole('button', { name: 'Save stock of Extra Rice' }));
    expect(await screen.findByText('Stock of Extra Rice saved.')).toBeInTheDocument();
    expect(api.callsTo('PATCH', '/options/41/stock')[1]?.body).toEqual({ stock_quantity: 30 });
    expect(await screen.findByText('28 available (2 damaged)')).toBeInTheDocument();
    expect(count).not.toHaveAttribute('aria-invalid');

    await user.click(screen.getByRole('checkbox', { name: 'Sold out: Finadene' }));
    expect(await screen.findByText('Finadene is marked sold out.')).toBeInTheDocument();
    expect(api.callsTo('PATCH', '/options/51/stock')[0]?.body).toEqual({ available: false });
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Sold out: Finadene' })).toBeChecked());
  });

  it('adds, renames, reorders and deletes categories (a deleted category leaves its dishes uncategorised)', async () => {
    const { api } = catalogServer((categories, items) => ({
      'POST /menu_categories': (call) => {
        const saved = { id: 3, description: null, position: 2, ...(call.body as { name: string }) };
        categories.push(saved);
        return { status: 201, body: saved };
      },
      'PATCH /menu_categories/1': (call) => ({ body: Object.assign(categories[0]!, call.body) }),
      'PATCH /menu_categories/2': (call) => ({ body: Object.assign(categories[1]!, call.body) }),
      'DELETE /menu_categories/2': () => {
        categories.splice(1, 1);
        items[2]!.category_id = null;
        return { status: 204 };
      },
    }));
    const { user } = await openMenuTab();
    const panel = screen.getByRole('region', { name: 'Categories' });
    const names = () => within(panel).getAllByRole('listitem').map((li) => li.querySelector('span')?.textContent);

    await user.type(within(panel).getByLabelText('New category'), 'Desserts');
    await user.click(within(panel).getByRole('button', { name: 'Add category' }));
    expect(await screen.findByText('Category Desserts added.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/menu_categories')[0]?.body).toEqual({ name: 'Desserts' });

    await user.click(within(panel).getByRole('button', { name: 'Rename Plates' }));
    const field = within(panel).getByLabelText('Name of Plates');
    await user.clear(field);
    await user.type(field, 'Plate Lunches{Enter}');
    expect(await screen.findByText('Category Plate Lunches saved.')).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Move Plate Lunches down' }));
    await waitFor(() => expect(names()).toEqual(['Drinks', 'Plate Lunches', 'Desserts']));
    expect(api.callsTo('PATCH', '/menu_categories/2').at(-1)?.body).toEqual({ position: 0 });
    expect(api.callsTo('PATCH', '/menu_categories/1').at(-1)?.body).toEqual({ position: 1 });

    const opener = within(panel).getByRole('button', { name: 'Delete Drinks' });
    await user.click(opener);
    const confirm = await screen.findByRole('dialog', { name: 'Delete Drinks?' });
    expect(confirm).toHaveTextContent('Its dishes stay on the menu, listed as Uncategorised.');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Category Drinks deleted.')).toBeInTheDocument();
    await waitFor(() => expect(names()).toEqual(['Plate Lunches', 'Desserts']));
    const list = screen.getByRole('region', { name: 'Menu items' });
    await waitFor(() => expect(within(list).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Plate Lunches', 'Uncategorised']));
  });

  it('adds an option group and an option to a dish', async () => {
    const { api } = catalogServer();
    const { user } = await openMenuTab();
    await user.click(screen.getByRole('button', { name: 'Edit Chicken Kelaguen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Chicken Kelaguen' });
    expect(within(dialog).getByText('No option groups yet.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Add option group' }));
    const groupForm = within(dialog).getByRole('form', { name: 'New option group' });
    await user.type(within(groupForm).getByLabelText('Group name'), 'Side');
    await user.clear(within(groupForm).getByLabelText('Min select'));
    await user.type(within(groupForm).getByLabelText('Min select'), '1');
    await user.clear(within(groupForm).getByLabelText('Max select'));
    await user.type(within(groupForm).getByLabelText('Max select'), '2');
    await user.click(within(groupForm).getByRole('button', { name: 'Add group' }));

    expect(await within(dialog).findByText('Side')).toBeInTheDocument();
    expect(api.callsTo('POST', '/menu_items/1/option_groups')[0]?.body).toEqual({ name: 'Side', min_select: 1, max_select: 2, free_option_count: 0, enable_inventory_tracking: false });
    expect(within(dialog).getByText('Required')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Add option to Side' }));
    const optionForm = within(dialog).getByRole('form', { name: 'New option in Side' });
    await user.type(within(optionForm).getByLabelText('Option name'), 'Red Rice');
    await user.type(within(optionForm).getByLabelText('Additional price'), '1.5');
    await user.click(within(optionForm).getByRole('button', { name: 'Add option' }));
    expect(await within(dialog).findByText('+$1.50')).toBeInTheDocument();
    expect(api.callsTo('POST', '/option_groups/20/options')[0]?.body).toEqual({ name: 'Red Rice', additional_price: 1.5, is_preselected: false, available: true, stock_quantity: 0, damaged_quantity: 0 });

    // Deleting asks first; Keep it changes nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Delete option group Side' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Side?' });
    expect(confirm).toHaveTextContent('Its options go with it.');
    await user.click(within(confirm).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete Side?' })).not.toBeInTheDocument());
    expect(api.callsTo('DELETE', '/option_groups/20')).toHaveLength(0);
    expect(screen.getByRole('dialog', { name: 'Edit Chicken Kelaguen' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete option group Side' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete Side?' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Option group Side deleted.')).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/option_groups/20')).toHaveLength(1);
    expect(await within(dialog).findByText('No option groups yet.')).toBeInTheDocument();
  });
});
