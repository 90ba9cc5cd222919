import { Type, type Static, type TSchema, type TUnsafe } from '@sinclair/typebox';

/**
 * A string from a fixed list, as `{ type: 'string', enum }`: the response serializer writes it as a plain string
 * and OpenAPI 3.0 shows the list (a union of literals would be an `anyOf` the serializer has to test branch by
 * branch).
 */
export function StringEnum<const T extends readonly string[]>(
  values: T,
  options: { description?: string } = {},
): TUnsafe<T[number]> {
  return Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });
}

/** `T` or null, written the OpenAPI 3.0 way (`nullable: true`), which Ajv and the serializer both read. */
export function Nullable<T extends TSchema>(schema: T): TUnsafe<Static<T> | null> {
  return Type.Unsafe<Static<T> | null>({ ...schema, nullable: true });
}

/** Upper bound for free text in requests: far above every field's own limit, so the route's message wins. */
export const TEXT_CAP = 10_000;
