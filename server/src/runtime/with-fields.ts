/**
 * `{ ...base, ...fields }` where `fields` adds properties `base` does not have. On the Node.js the product runs
 * (20, V8 11), an object spread followed by a property the spread did not bring gives every object made there a
 * hidden class of its own: a map and its descriptors allocated in the old generation for each object, and every
 * function that later reads such objects goes megamorphic. Copying onto an empty literal keeps one hidden class
 * per shape (overriding a property the spread brought is not affected, and needs no helper).
 */
export function withFields<T extends object, F extends object>(base: T, fields: F): Omit<T, keyof F> & F {
  return Object.assign({}, base, fields);
}
