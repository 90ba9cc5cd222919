/**
 * The claims of a JSON Web Token: its middle part, base64url-encoded UTF-8 JSON. The client only reads them (the
 * server verifies tokens), and decoding takes these few lines, so the API client, loaded on every page, carries
 * no library for it. Throws when the token is not one.
 */
export function jwtClaims(token: string): unknown {
  const part = token.split('.')[1];
  if (!part) throw new Error('not a JSON Web Token');
  // atob accepts base64 without its padding; base64url only swaps two characters.
  const binary = atob(part.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return JSON.parse(new TextDecoder().decode(bytes));
}
