import type { FastifyInstance } from 'fastify';
import { MenuOutput } from '@kusina/domain/menu';

/** GET /api/v1/menu, parsed and checked against the contract. */
export async function readMenu(app: FastifyInstance, query = ''): Promise<MenuOutput> {
  const response = await app.inject({ url: `/api/v1/menu${query}` });
  if (response.statusCode !== 200) throw new Error(`GET /menu${query}: ${response.statusCode} ${response.body}`);
  return MenuOutput.parse(response.json());
}

export function itemNamed(menu: MenuOutput, name: string): MenuOutput['items'][number] {
  const item = menu.items.find((i) => i.name === name);
  if (!item) throw new Error(`no item ${name}`);
  return item;
}
