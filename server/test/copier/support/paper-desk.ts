import type { SyncAccount } from '@synctrade/api/types';
import { buildTestApp, type TestApp } from '../../support/build-test-app';
import { connectSim } from '../../support/connect-sim';
import { registerUser, type TestUser } from '../../support/users';
import { waitForDesk } from './http';

export interface PaperDesk {
  t: TestApp;
  user: TestUser;
  /** The desk's four paper accounts, as the engine lists them once the connection is open. */
  rows: SyncAccount[];
}

/**
 * A server with one trader whose paper broker connection (named `connectionName`) is open on the desk; with
 * `requestsPerMinute`, the paper login's request limit is that.
 */
export async function openPaperDesk(connectionName: string, requestsPerMinute?: number): Promise<PaperDesk> {
  const t = await buildTestApp();
  if (requestsPerMinute !== undefined) {
    const sim = t.app.brokers.get('sim');
    if (sim === undefined) throw new Error('no paper broker');
    sim.requestsPerMinute = requestsPerMinute;
  }
  const user = await registerUser(t.app);
  await connectSim(t.app, user, connectionName);
  const rows = await waitForDesk(t.app, user, (list) => list.length === 4);
  return { t, user, rows };
}
