import type { AxiosError } from 'axios';

/**
 * A failed call's error, recognised without importing axios (which the client loads only with its first
 * request): axios marks its errors `isAxiosError`, which is all `axios.isAxiosError` checks.
 */
export function isHttpError(error: unknown): error is AxiosError {
  return (
    typeof error === 'object' && error !== null && (error as { isAxiosError?: unknown }).isAxiosError === true
  );
}

/** A request aborted through its signal: axios rejects it with its `CanceledError`. */
export function isCanceledRequest(error: unknown): boolean {
  return isHttpError(error) && error.name === 'CanceledError';
}
