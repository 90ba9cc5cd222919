import { listAccounts, listConnections } from '@synctrade/api';
import { SEARCHABLE_PAGES } from '../layout/nav-items';

export interface SearchResult {
  id: string;
  label: string;
  kind: 'Page' | 'Connection' | 'Account';
  to: string;
}

const PAGES: SearchResult[] = SEARCHABLE_PAGES.map((page) => ({
  id: `page:${page.to}`,
  label: page.label,
  kind: 'Page',
  to: page.to,
}));

/** Pages, plus the user's connections and accounts (fetched once per search session). */
export async function loadSearchIndex(): Promise<SearchResult[]> {
  const [connections, accounts] = await Promise.allSettled([listConnections(), listAccounts()]);
  const fromConnections: SearchResult[] =
    connections.status === 'fulfilled'
      ? connections.value.map((c) => ({
          id: `connection:${c.id}`,
          label: c.connection_name,
          kind: 'Connection',
          to: `/connections/${c.id}`,
        }))
      : [];
  const fromAccounts: SearchResult[] =
    accounts.status === 'fulfilled'
      ? accounts.value.map((a) => ({
          id: `account:${a.id}`,
          label: `${a.account_name} (${a.connection_name})`,
          kind: 'Account',
          to: `/connections/${a.connection_id}`,
        }))
      : [];
  return [...PAGES, ...fromConnections, ...fromAccounts];
}

export function searchPages(): SearchResult[] {
  return PAGES;
}

/** Case-insensitive match on every word of the query. */
export function filterResults(index: SearchResult[], query: string, limit = 8): SearchResult[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  return index
    .filter((item) => words.every((word) => item.label.toLowerCase().includes(word)))
    .slice(0, limit);
}
