/**
 * The fields of an object schema, to be checked in the order written: the first refusal is that of the first
 * field that fails. yup checks an object's fields from the last declared to the first (a field that reads
 * another, through `when`, after it), so they are handed to it reversed.
 */
export function checkedInOrder<T extends Record<string, unknown>>(fields: T): T {
  return Object.fromEntries(Object.entries(fields).reverse()) as T;
}
