import { useEffect } from 'react';
import { nameCartFundraiser, useCartFundraiser } from '../../../stores/wholesale-cart-actions.ts';
import { useFundraisers } from './get-fundraisers.ts';

/** The cart's fundraiser; a cart stored without its name is looked up from the list by its fundraiserId (§4). */
export function useNamedCartFundraiser() {
  const fundraiser = useCartFundraiser();
  const missing = fundraiser !== null && !fundraiser.slug;
  const list = useFundraisers('');
  useEffect(() => {
    if (!missing || !fundraiser || !list.data) return;
    const found = list.data.find((f) => f.id === fundraiser.id);
    if (found) nameCartFundraiser({ id: found.id, name: found.name, slug: found.slug });
  }, [missing, fundraiser, list.data]);
  return fundraiser;
}
