import { useMutation } from '@tanstack/react-query';
import type { MerchandiseItemOutput } from '@kusina/domain/merchandise';
import { api } from '../../../lib/api-client.ts';
import { merchandiseAdminKey, useInvalidateCatalog } from './admin-merchandise-key.ts';
import { uploadImage } from './upload-merchandise-image.ts';

/** A variant as the item form sends it: an id keeps (and edits) an existing one; stock only on new ones. */
export interface VariantFields {
  id?: number;
  size?: string;
  color?: string;
  price_adjustment?: number;
  stock_quantity?: number;
}

/** The item's fields as the form sends them (JSON; the image travels separately, see uploadImage). */
export interface ItemFields {
  restaurant_id?: number;
  name: string;
  description: string;
  base_price: number;
  category_name: string | null;
  merchandise_collection_id: number | null;
  image_url?: string | null;
  enable_stock_tracking: boolean;
  hidden?: boolean;
  variants?: VariantFields[];
}

/** Create or update an item, then upload its picture when one was chosen. */
export function useSaveMerchandiseItem() {
  const invalidate = useInvalidateCatalog();
  return useMutation({
    mutationKey: [...merchandiseAdminKey, 'save'],
    mutationFn: async ({ id, fields, image }: { id: number | null; fields: ItemFields; image: File | null }) => {
      const saved = id
        ? await api.patch<MerchandiseItemOutput>(`/merchandise_items/${id}`, { merchandise_item: fields })
        : await api.post<MerchandiseItemOutput>('/merchandise_items', { merchandise_item: fields });
      return image ? uploadImage(saved.id, image) : saved;
    },
    onSettled: invalidate,
  });
}
