import type { ItemInput, ItemOutput } from '@kusina/domain/wholesale';

/**
 * The item form's option groups, one per line: `Size: S, M, L, XL +3` — a group name (with `*` when
 * its options count stock, option inventory mode), then options, each with an optional `+price`
 * in dollars and `=stock`. Every group is a single required choice.
 */
export function parseGroups(text: string): ItemInput['option_groups'] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [head = '', rest = ''] = line.split(/:(.*)/s);
      const tracked = head.trim().endsWith('*');
      return {
        name: head.replace('*', '').trim(),
        min_select: 1,
        max_select: 1,
        enable_inventory_tracking: tracked,
        options: rest
          .split(',')
          .map((o) => o.trim())
          .filter(Boolean)
          .map((o) => {
            const price = /\+\s*(\d+(?:\.\d{1,2})?)/.exec(o);
            const stock = /=\s*(\d+)/.exec(o);
            return {
              name: o.replace(/\+\s*\d+(?:\.\d{1,2})?/, '').replace(/=\s*\d+/, '').trim(),
              additional_price_cents: price ? Math.round(Number(price[1]) * 100) : 0,
              available: true,
              stock_quantity: stock ? Number(stock[1]) : 0,
              damaged_quantity: 0,
            };
          }),
      };
    });
}

export function formatGroups(groups: { name: string; enable_inventory_tracking: boolean; options: { name: string; additional_price_cents: number; stock_quantity?: number | undefined }[] }[]): string {
  return groups
    .map(
      (g) =>
        `${g.name}${g.enable_inventory_tracking ? '*' : ''}: ${g.options
          .map((o) => `${o.name}${o.additional_price_cents ? ` +${(o.additional_price_cents / 100).toFixed(2)}` : ''}${g.enable_inventory_tracking ? ` =${o.stock_quantity ?? 0}` : ''}`)
          .join(', ')}`,
    )
    .join('\n');
}

/**
 * An edit's groups with the ids of the item's own groups and options of the same name (the server
 * then updates them in place, issue #36), and option stock only where it was changed.
 */
export function keepOptionIds(groups: ItemInput['option_groups'], item: Pick<ItemOutput, 'option_groups'>): ItemInput['option_groups'] {
  const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
  return groups.map((group) => {
    const existing = item.option_groups.find((g) => same(g.name, group.name));
    return {
      ...group,
      ...(existing ? { id: existing.id } : {}),
      options: group.options.map((option) => {
        const { stock_quantity, damaged_quantity: _damaged, ...rest } = option;
        const known = existing?.options.find((o) => same(o.name, option.name));
        if (!known) return option;
        const changed = group.enable_inventory_tracking && stock_quantity !== undefined && stock_quantity !== known.stock_quantity;
        return { ...rest, id: known.id, ...(changed ? { stock_quantity } : {}) };
      }),
    };
  });
}
