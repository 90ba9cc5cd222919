import { jwtDecode } from 'jwt-decode';

const TOKEN_KEY = 'access_token';

export function getToken(): string | null {
  try {
    return window.localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function setToken(token: string): void {
  window.localStorage.setItem(TOKEN_KEY, token);
}

export function clearToken(): void {
  window.localStorage.removeItem(TOKEN_KEY);
}

/** The `user_id` claim of the stored token, or null when there is no readable token. */
export function currentUserId(): number | null {
  const token = getToken();
  if (!token) return null;
  try {
    // The client only reads the claims; the server verifies every token it receives.
    const id = Number(jwtDecode<{ user_id?: unknown }>(token).user_id);
    return Number.isInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}
