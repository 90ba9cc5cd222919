import { useEffect, useState } from 'react';
import {
  getGroups,
  getPropHeadroom,
  getSyncAccounts,
  listConnections,
  type Connection,
  type CopyGroup,
  type PropHeadroom,
  type SyncAccount,
} from '@synctrade/api';

const REFRESH_MS = 15_000;

export interface CockpitData {
  groups: CopyGroup[];
  rows: SyncAccount[];
  connections: Connection[];
  headroom: PropHeadroom[];
  /** False until the first answers arrived. */
  loaded: boolean;
  /** True when the accounts could not be read (the rest of Home still shows). */
  failed: boolean;
}

const EMPTY: CockpitData = {
  groups: [],
  rows: [],
  connections: [],
  headroom: [],
  loaded: false,
  failed: false,
};

/**
 * What the copier is doing, refreshed every 15 s while Home is open (the desk's orders poll at the same pace). Each
 * read stands alone: firm rules or groups that fail to load leave the other figures on screen.
 */
export function useCockpit(): CockpitData {
  const [data, setData] = useState<CockpitData>(EMPTY);
  useEffect(() => {
    let alive = true;
    const refresh = async (): Promise<void> => {
      const [groups, rows, connections, headroom] = await Promise.allSettled([
        getGroups(),
        getSyncAccounts(),
        listConnections(),
        getPropHeadroom(),
      ]);
      if (!alive) return;
      setData((before) => ({
        groups: groups.status === 'fulfilled' ? groups.value : before.groups,
        rows: rows.status === 'fulfilled' ? rows.value : before.rows,
        connections: connections.status === 'fulfilled' ? connections.value : before.connections,
        headroom: headroom.status === 'fulfilled' ? headroom.value : before.headroom,
        loaded: true,
        failed: rows.status === 'rejected',
      }));
    };
    void refresh();
    const timer = window.setInterval(() => void refresh(), REFRESH_MS);
    return () => {
      alive = false;
      window.clearInterval(timer);
    };
  }, []);
  return data;
}
