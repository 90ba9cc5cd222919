/**
 * The one line the server prints when it listens: the address to open (the public URL, where tokens,
 * broker callbacks and reset links live) and, without a scheme so nobody opens it, where the socket is bound.
 */
export function openAddressText(
  publicUrl: string,
  boundAddress: string,
  database: 'PostgreSQL' | 'PGlite',
): string {
  const bound = boundAddress.replace(/^[a-z]+:\/\//i, '');
  return `SyncTrade is ready: open ${publicUrl} (server bound to ${bound}, database ${database})`;
}
