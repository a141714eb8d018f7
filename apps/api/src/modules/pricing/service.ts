/**
 * Pricing as the rest of the API meets it (decision 0095: another module only through its
 * service.ts): a cart priced from catalog rows read (and, for an order, locked) in the caller's
 * transaction, the staff discount, and the catalog read orders fold into their first statement.
 */
export { cartItemIds, cartVariantIds, catalogJson, merchandiseCatalogJson, type CatalogRead } from './catalog.ts';
export { cartIssuesError, discountOf, priceCart, quoteHash, toQuoteOutput, type PricedCart, type StaffDiscount } from './quote.ts';
export { resolveStaffDiscount } from './staff-discount.ts';
