import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MerchandiseItemOutput } from '@kusina/domain/merchandise';
import { apiError, mockApi, type ApiCall } from '../../../test/api-mock.ts';
import { makeUser, renderApp } from '../../../test/render-app.tsx';
import { merchandiseCollection, merchandiseItem } from '../../../test/storefront-fixtures.tsx';

const admin = makeUser({ id: 4, role: 'admin', first_name: 'Ana', last_name: 'Admin', name: 'Ana Admin' });

function shopServer(routes: Record<string, (call: ApiCall) => Response | { status?: number; body?: unknown }> = {}) {
  const items: MerchandiseItemOutput[] = [
    merchandiseItem({ id: 1, name: 'Kusina Logo Tee', merchandise_collection_id: 7, category_name: 'Apparel' }, [
      ['S', 'Black', 4],
      ['M', 'Black', 12],
    ]),
    merchandiseItem({ id: 2, name: 'Latte Stone Sticker', hidden: true, enable_stock_tracking: false }),
  ];
  const api = mockApi({
    'GET /merchandise_items': () => ({ body: items }),
    'GET /merchandise_collections': () => ({ body: [merchandiseCollection({ id: 7, name: 'Island Summer', current: true })] }),
    'POST /merchandise_items': (call) => {
      const fields = (call.body as { merchandise_item: { name: string } }).merchandise_item;
      const saved = merchandiseItem({ id: 3, name: fields.name });
      items.push(saved);
      return { status: 201, body: saved };
    },
    'PATCH /merchandise_items/2': (call) => {
      Object.assign(items[1]!, (call.body as { merchandise_item: Partial<MerchandiseItemOutput> }).merchandise_item);
      return { body: items[1] };
    },
    'POST /merchandise_items/1/variants/101/update_stock': (call) => {
      items[0]!.variants[0]!.stock_quantity = (call.body as { stock_quantity: number }).stock_quantity;
      return { body: { item: items[0], event: {} } };
    },
    ...routes,
  });
  return { api, items };
}

async function openTab() {
  const rendered = renderApp('/admin?tab=merchandise', { user: admin });
  expect(await screen.findByRole('tab', { name: 'Merchandise', selected: true })).toBeInTheDocument();
  await screen.findByText('Kusina Logo Tee');
  return rendered;
}

describe('Merchandise management', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('lists every item with its stock, hidden ones too, and searches them', async () => {
    const server = shopServer();
    const { user } = await openTab();
    const list = screen.getByRole('list', { name: 'Merchandise items' });
    const tee = within(list).getByText('Kusina Logo Tee').closest('li')!;
    expect(tee).toHaveTextContent('$25.00 · 2 variants · Island Summer');
    expect(tee).toHaveTextContent('16 available');
    const sticker = within(list).getByText('Latte Stone Sticker').closest('li')!;
    expect(within(sticker).getByText('Hidden')).toBeInTheDocument();
    expect(sticker).toHaveTextContent('Stock not tracked');
    // The admin's list asks for hidden items too.
    expect(server.api.callsTo('GET', '/merchandise_items')[0]?.query.get('show_all')).toBe('true');

    await user.type(screen.getByRole('searchbox', { name: 'Search merchandise' }), 'summer');
    expect(within(list).queryByText('Latte Stone Sticker')).not.toBeInTheDocument();
    expect(within(list).getByText('Kusina Logo Tee')).toBeInTheDocument();
    await user.clear(screen.getByRole('searchbox', { name: 'Search merchandise' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search merchandise' }), 'nothing like it');
    expect(await screen.findByText('No items match your search.')).toBeInTheDocument();
  });

  it('adds an item with its variants, and puts the server’s field messages on the fields', async () => {
    let refuse = true;
    const server = shopServer({
      'POST /merchandise_items': (call) => {
        if (refuse) {
          refuse = false;
          return apiError(400, 'variants.1.size: Size is too long', { 'variants.1.size': 'Size is too long' }, 'VALIDATION_ERROR');
        }
        return { status: 201, body: merchandiseItem({ id: 3, name: (call.body as { merchandise_item: { name: string } }).merchandise_item.name }) };
      },
    });
    const { user } = await openTab();
    const opener = screen.getByRole('button', { name: 'Add item' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Add merchandise item' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    expect(server.api.callsTo('POST', '/merchandise_items')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Name'), 'Hafa Adai Cap');
    await user.type(within(dialog).getByLabelText('Base price'), '22.5');
    await user.selectOptions(within(dialog).getByLabelText('Collection'), 'Island Summer');
    const first = within(dialog).getByRole('group', { name: 'Variant 1' });
    await user.type(within(first).getByLabelText('Color'), 'Red');
    await user.clear(within(first).getByLabelText('Stock'));
    await user.type(within(first).getByLabelText('Stock'), '8');
    await user.click(within(dialog).getByRole('button', { name: 'Add variant' }));
    const second = within(dialog).getByRole('group', { name: 'Variant 2' });
    await user.type(within(second).getByLabelText('Color'), 'Navy');
    await user.type(within(second).getByLabelText('Size'), 'Adjustable');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(second).findByText('Size is too long')).toBeInTheDocument();
    expect(within(second).getByLabelText('Size')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Hafa Adai Cap');

    await user.clear(within(second).getByLabelText('Size'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Hafa Adai Cap added to the shop.')).toBeInTheDocument();
    expect(server.api.callsTo('POST', '/merchandise_items')[1]?.body).toEqual({
      merchandise_item: {
        restaurant_id: 1,
        name: 'Hafa Adai Cap',
        description: '',
        base_price: 22.5,
        category_name: null,
        merchandise_collection_id: 7,
        enable_stock_tracking: true,
        variants: [
          { color: 'Red', price_adjustment: 0, stock_quantity: 8 },
          { color: 'Navy', price_adjustment: 0, stock_quantity: 0 },
        ],
      },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('shows a hidden item in the shop again, and sets a variant’s stock count with a reason', async () => {
    const server = shopServer();
    const { user } = await openTab();
    await user.click(screen.getByRole('button', { name: 'Show Latte Stone Sticker' }));
    expect(await screen.findByText('Latte Stone Sticker is back in the shop.')).toBeInTheDocument();
    expect(server.api.callsTo('PATCH', '/merchandise_items/2')[0]?.body).toEqual({ merchandise_item: { hidden: false } });

    await user.click(screen.getByRole('button', { name: 'Stock of Kusina Logo Tee' }));
    const dialog = await screen.findByRole('dialog', { name: 'Stock of Kusina Logo Tee' });
    const small = within(dialog).getByRole('listitem', { name: 'S / Black' });
    await user.clear(within(small).getByLabelText('Stock count of S / Black'));
    await user.type(within(small).getByLabelText('Stock count of S / Black'), '20');
    await user.click(within(small).getByRole('button', { name: 'Set count' }));
    expect(await within(small).findByText('Give a reason')).toBeInTheDocument();
    expect(server.api.callsTo('POST', '/merchandise_items/1/variants/101/update_stock')).toHaveLength(0);

    await user.type(within(small).getByLabelText('Reason for S / Black'), 'Delivery received');
    await user.click(within(small).getByRole('button', { name: 'Set count' }));
    expect(await screen.findByText('Stock of S / Black saved.')).toBeInTheDocument();
    expect(server.api.callsTo('POST', '/merchandise_items/1/variants/101/update_stock')[0]?.body).toEqual({ stock_quantity: 20, reason: 'Delivery received' });
  });

  it('deletes an item only after the confirmation, and Cancel keeps it', async () => {
    const server = shopServer({
      'DELETE /merchandise_items/2': () => {
        server.items.splice(1, 1);
        return { status: 204 };
      },
    });
    const { user } = await openTab();
    const opener = screen.getByRole('button', { name: 'Delete Latte Stone Sticker' });
    await user.click(opener);
    const confirm = await screen.findByRole('dialog', { name: 'Delete Latte Stone Sticker?' });
    expect(confirm).toHaveTextContent('Latte Stone Sticker and its variants leave the shop for good; its stock history stays.');
    await user.click(within(confirm).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(opener).toHaveFocus());
    expect(server.api.callsTo('DELETE', '/merchandise_items/2')).toHaveLength(0);

    await user.click(opener);
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete Latte Stone Sticker?' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Latte Stone Sticker deleted.')).toBeInTheDocument();
    expect(server.api.callsTo('DELETE', '/merchandise_items/2')).toHaveLength(1);
    // Its row and Delete button are gone: focus goes to the item before it (it was the last).
    await waitFor(() => expect(screen.getByRole('button', { name: 'Edit Kusina Logo Tee' })).toHaveFocus());
    expect(screen.queryByText('Latte Stone Sticker', { selector: 'p' })).not.toBeInTheDocument();
  });

  it('moves focus to the next item after a delete, and to Add item when none is left', async () => {
    const server = shopServer({
      'DELETE /merchandise_items/1': () => {
        server.items.splice(0, 1);
        return { status: 204 };
      },
      'DELETE /merchandise_items/2': () => {
        server.items.splice(0, 1);
        return { status: 204 };
      },
    });
    const { user } = await openTab();
    await user.click(screen.getByRole('button', { name: 'Delete Kusina Logo Tee' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete Kusina Logo Tee?' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Edit Latte Stone Sticker' })).toHaveFocus());

    await user.click(screen.getByRole('button', { name: 'Delete Latte Stone Sticker' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete Latte Stone Sticker?' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No merchandise yet. Add the first item.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add item' })).toHaveFocus());
  });

  it('deletes a variant from the item dialog after a confirmation; one that orders name is archived, and focus goes to the next variant', async () => {
    const server = shopServer({
      'DELETE /merchandise_variants/101': () => {
        server.items[0]!.variants.splice(0, 1);
        return { body: { id: 101, archived: true } };
      },
      'PATCH /merchandise_items/1': (call) => ({ body: { ...server.items[0], ...(call.body as { merchandise_item: object }).merchandise_item } }),
    });
    const { user } = await openTab();
    await user.click(screen.getByRole('button', { name: 'Edit Kusina Logo Tee' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Kusina Logo Tee' });
    // New, unsaved rows have Remove; saved ones Delete variant.
    const opener = within(dialog).getByRole('button', { name: 'Delete variant S / Black' });
    await user.click(opener);
    let confirm = await screen.findByRole('dialog', { name: 'Delete Kusina Logo Tee (S / Black)?' });
    expect(confirm).toHaveTextContent('If past orders include it, it is archived instead');
    await user.click(within(confirm).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(opener).toHaveFocus());
    expect(server.api.callsTo('DELETE', '/merchandise_variants/101')).toHaveLength(0);

    await user.click(opener);
    confirm = await screen.findByRole('dialog', { name: 'Delete Kusina Logo Tee (S / Black)?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('S / Black archived: past orders keep it, and the shop no longer sells it.')).toBeInTheDocument();
    expect(server.api.callsTo('DELETE', '/merchandise_variants/101')).toHaveLength(1);
    // One variant is left: it is the next one's Size that has focus, and it cannot be deleted.
    const sizes = within(dialog).getAllByRole('textbox', { name: 'Size' });
    expect(sizes).toHaveLength(1);
    await waitFor(() => expect(sizes[0]).toHaveFocus());
    expect(sizes[0]).toHaveValue('M');
    expect(within(dialog).queryByRole('button', { name: /Delete variant/ })).not.toBeInTheDocument();
    // The list shows the item with what is left.
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Merchandise items', hidden: true })).getByText('Kusina Logo Tee').closest('li')).toHaveTextContent('1 variant'));

    // Saving the item afterwards sends only the variants still on sale.
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.api.callsTo('PATCH', '/merchandise_items/1')).toHaveLength(1));
    expect((server.api.callsTo('PATCH', '/merchandise_items/1')[0]?.body as { merchandise_item: { variants: { id?: number }[] } }).merchandise_item.variants.map((v) => v.id)).toEqual([102]);
  });

  it("says when a variant could not be deleted, keeping it and the dialog", async () => {
    shopServer({ 'DELETE /merchandise_variants/102': () => apiError(409, 'An item needs at least one variant. Delete the item instead, or add another variant first.') });
    const { user } = await openTab();
    await user.click(screen.getByRole('button', { name: 'Edit Kusina Logo Tee' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Kusina Logo Tee' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete variant M / Black' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Kusina Logo Tee (M / Black)?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('An item needs at least one variant. Delete the item instead, or add another variant first.')).toBeInTheDocument();
    expect(confirm).toBeInTheDocument();
    expect(within(dialog).getAllByRole('textbox', { name: 'Size', hidden: true })).toHaveLength(2);
  });
});
