/*
 * react-hook-form `setValueAs` converters for inputs whose text is not the value the server takes
 * (the zod schema then answers with the field's own message).
 */

/** A blank text is "none" (null). */
export const emptyToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

/** A required number: blank is NaN, so the schema reports the field. */
export const toNumberOrNaN = (value: unknown) => (value === '' || value === null || value === undefined ? Number.NaN : Number(value));

/** An optional number: blank is its default. */
export const toNumberOr = (fallback: number) => (value: unknown) => (value === '' || value === null || value === undefined ? fallback : Number(value));
