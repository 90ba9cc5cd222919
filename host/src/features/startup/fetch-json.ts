/** Reads a JSON file the server writes (runtime config, remote list). */
export async function fetchJson(url: string): Promise<unknown> {
  // no-store: a moved remote or API must show on the next reload, never from a cache.
  const response = await fetch(url, { cache: 'no-store' });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.json();
}
