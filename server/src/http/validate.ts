import type { AnyObject, ObjectSchema, InferType, Schema } from 'yup';
import { ValidationError } from 'yup';
import { AppError } from './app-error';

/**
 * Validates a body or query with a shared yup schema: the first failing field's message becomes the 400
 * `detail`. Anything that is not an object (null, a string, an array) is validated as an empty object.
 */
export function validateObject<S extends ObjectSchema<AnyObject>>(schema: S, input: unknown): InferType<S> {
  const value = (input !== null && typeof input === 'object' && !Array.isArray(input) ? input : {}) as Record<
    string,
    unknown
  >;
  // yup's string transforms (trim) throw a TypeError on objects and arrays: name the field instead.
  for (const [key, field] of Object.entries(schema.fields)) {
    const given = value[key];
    if ((field as { type?: string }).type === 'string' && given !== null && typeof given === 'object') {
      throw AppError.badRequest(`${key} must be a string`);
    }
  }
  try {
    return schema.validateSync(value, { abortEarly: true, stripUnknown: true }) as InferType<S>;
  } catch (error: unknown) {
    if (error instanceof ValidationError) throw AppError.badRequest(error.errors[0] ?? 'Invalid input');
    throw AppError.badRequest('Invalid input');
  }
}

/** The same for a schema of any shape (the flatten list is an array). */
export function validateValue<T>(schema: Schema<T>, input: unknown): T {
  try {
    return schema.validateSync(input, { abortEarly: true }) as T;
  } catch (error: unknown) {
    if (error instanceof ValidationError) throw AppError.badRequest(error.errors[0] ?? 'Invalid input');
    throw new AppError(400, 'Invalid input');
  }
}
