import { useEffect, useState } from 'react';
import {
  getConnectionHealth,
  getGroups,
  getPropHeadroom,
  getSyncAccounts,
  listConnections,
  type Connection,
  type ConnectionHealth,
  type CopyGroup,
  type PropHeadroom,
  type SyncAccount,
} from '@synctrade/api';

const REFRESH_MS = 15_000;

export interface CockpitData {
  groups: CopyGroup[];
  rows: SyncAccount[];
  connections: Connection[];
  /** Each connection's session as the copier holds it (last heard, request budget), by connection id. */
  health: ReadonlyMap<number, ConnectionHealth>;
  headroom: PropHeadroom[];
  /** When the figures were read (epoch ms): "last heard" is counted from it. */
  readAt: number;
  /** False until the first answers arrived. */
  loaded: boolean;
  /** True when the accounts could not be read (the rest of Home still shows). */
  failed: boolean;
}

const EMPTY: CockpitData = {
  groups: [],
  rows: [],
  connections: [],
  health: new Map(),
  headroom: [],
  readAt: 0,
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
      const [groups, rows, connections, headroom, health] = await Promise.allSettled([
        getGroups(),
        getSyncAccounts(),
        listConnections(),
        getPropHeadroom(),
        getConnectionHealth(),
      ]);
      if (!alive) return;
      setData((before) => ({
        groups: groups.status === 'fulfilled' ? groups.value : before.groups,
        rows: rows.status === 'fulfilled' ? rows.value : before.rows,
        connections: connections.status === 'fulfilled' ? connections.value : before.connections,
        headroom: headroom.status === 'fulfilled' ? headroom.value : before.headroom,
        health:
          health.status === 'fulfilled'
            ? new Map(health.value.map((one) => [one.connection_id, one]))
            : before.health,
        readAt: Date.now(),
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
