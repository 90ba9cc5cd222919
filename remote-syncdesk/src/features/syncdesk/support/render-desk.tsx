import {
  mockApi,
  paperLedgerFixture,
  screen,
  renderWithProviders,
  signIn,
  type ApiMock,
  type ProvidersResult,
} from '@synctrade/test-utils';
import type { OrderData, SyncAccount } from '@synctrade/api';
import Remote from '../../../exposes/routes';
import { clearFlashes } from '../hooks/flash-scheduler';
import { resetSyncdeskStore } from '../store/syncdesk-store';
import { buildGroup, buildOrderData } from './builders';
import { FakeSocket } from './fake-socket';

export const USER_ID = 7;

export interface DeskSetup {
  accounts?: SyncAccount[];
  orders?: OrderData;
}

/** Request handlers for everything the desk asks for on mount; tests add or override routes after. */
export function deskApi({ accounts = [], orders = buildOrderData() }: DeskSetup = {}): ApiMock {
  return (
    mockApi()
      .on('GET /brokers/accounts/table', [200, accounts])
      .on('POST /auth/ws-ticket', [200, { ticket: 'ticket-1', expires_in: 30 }])
      .on(`GET /copier/order-data/${USER_ID}`, [200, orders])
      .on('GET /copier/orders/working', [200, []])
      .on('GET /propfirm/headroom', [200, []])
      // The phone's kill switches list the groups and ask whether 2FA is on.
      .on('GET /copier/groups', [200, [buildGroup({ account_ids: accounts.map((a) => a.id) })]])
      .on('GET /auth/2fa', [200, { enabled: false }])
      // The paper ticket lists its account's working orders.
      .on('GET /sim/accounts/:id/ledger', [200, paperLedgerFixture()])
  );
}

/** Mounts the desk as the host does (at /syncdesk/*), signed in, with the fake socket class. */
export function renderDesk(): ProvidersResult {
  return renderWithProviders(<Remote />, { route: '/syncdesk', path: '/syncdesk/*' });
}

/** Fresh store, user, sockets and highlights before each test. */
export function setUpDesk(): void {
  resetSyncdeskStore();
  clearFlashes();
  FakeSocket.reset();
  signIn(USER_ID);
  Object.defineProperty(window, 'WebSocket', { value: FakeSocket, configurable: true, writable: true });
}

/** The desk row of the account whose Accounts cell starts with `name`. */
export async function rowOf(name: string): Promise<HTMLElement> {
  const cell = await screen.findByRole('cell', { name: new RegExp(`^${name}`) });
  return cell.closest('[role="row"]')!;
}

/** The screen as narrow as a phone (every max-width query matches) or as wide as a laptop (none does). */
export function screenIs(phone: boolean): void {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string) => ({
      matches: phone && query.includes('max-width'),
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }),
  });
}
