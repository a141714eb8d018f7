import type { MerchandiseItemOutput } from '@kusina/domain/merchandise';
import { api } from '../../../lib/api-client.ts';

/** POST /merchandise_items/:id/upload_image: the picture replaces the item's main image (re-encoded by the server). */
export function uploadImage(id: number, file: File): Promise<MerchandiseItemOutput> {
  const form = new FormData();
  form.append('image', file);
  return api.post<MerchandiseItemOutput>(`/merchandise_items/${id}/upload_image`, form);
}
