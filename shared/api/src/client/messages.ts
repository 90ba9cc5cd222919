import { isHttpError } from './http-errors';
import { FALLBACK, type ActionName } from '../messages/fallbacks';

function detailOf(data: unknown): string | null {
  if (!data || typeof data !== 'object') return null;
  const detail = (data as { detail?: unknown }).detail;
  if (typeof detail === 'string' && detail.trim()) return detail;
  if (Array.isArray(detail)) {
    const texts = detail
      .map((item: unknown) => (typeof item === 'string' ? item : (item as { msg?: unknown })?.msg))
      .filter((text): text is string => typeof text === 'string');
    if (texts.length) return texts.join(', ');
  }
  return null;
}

/** The failure toast of an action: the server's `detail`, else the spec's fallback (section 8). */
export function errorMessage(error: unknown, action: ActionName): string {
  if (isHttpError(error)) return detailOf(error.response?.data) ?? FALLBACK[action];
  return FALLBACK[action];
}

/** The success toast of an action: the server's `message`, else the given default. */
export function successMessage(data: unknown, fallback: string): string {
  if (data && typeof data === 'object') {
    const message = (data as { message?: unknown }).message;
    if (typeof message === 'string' && message.trim()) return message;
  }
  return fallback;
}

/** The HTTP status of a failed call, if the server answered. */
export function statusOf(error: unknown): number | null {
  return isHttpError(error) ? (error.response?.status ?? null) : null;
}
