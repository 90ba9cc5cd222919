import { orderCommands, SessionListeners } from '../shared/session-parts';
import { UncertainSends } from '../shared/uncertain-sends';
import type { BrokerSession, BrokerSessionOptions } from '../types';
import { fetchAccounts, fetchMe, listAccountsWithBalances } from './accounts';
import { type ClientOrderIdStore, sessionClientOrderIds } from './client-order-ids';
import { type OcoSiblingStore, sessionOcoSiblings } from './oco-siblings';
import type { TradovateConfig, TradovateTimings } from './config';
import { resolveContracts } from './contracts';
import { TradovateFeed } from './feed';
import { FeedState } from './feed-state';
import { reportLockouts } from './lockout-status';
import type { IpBudget } from './ip-budget';
import { flatten } from './flatten';
import type { SessionVersions } from './order-shapes';
import { findOrderByClientId } from './lookup';
import { cancelOrder, modifyOrder, type OrderContext, placeOrder } from './orders';
import type { UserRequestWindows } from './user-request-window';
import { TradovateRest } from './rest-client';
import { TokenKeeper } from './token-keeper';

export interface SessionDeps extends BrokerSessionOptions {
  config: TradovateConfig;
  timings: TradovateTimings;
  budgets: UserRequestWindows;
  clientOrderIds: ClientOrderIdStore;
  ocoSiblings: OcoSiblingStore;
  /** This server's share of Tradovate's per-IP limits, shared by every session. */
  ipBudget: IpBudget;
  /** Every open session's order versions (a follower's mirror copies its leader order's own type). */
  versions: SessionVersions;
  warn?: (message: string) => void;
}

/** How many of the user's latest client order ids a session loads: far more than the orders a day holds. */
const KNOWN_ORDERS_LOADED = 20_000;

/** Opens a session: renews a stale token, connects the feed, and resolves once the first snapshot is in. */
export async function openTradovateSession(deps: SessionDeps): Promise<BrokerSession> {
  const restUrl = deps.config.restUrl[deps.environment];
  const listeners = new SessionListeners();
  const { emit } = listeners;
  const warn = deps.warn ?? ((message: string) => console.warn(message));
  const keeper = new TokenKeeper({
    restUrl,
    oauth: {
      tokenUrl: deps.config.tokenUrl,
      clientId: deps.config.clientId,
      clientSecret: deps.config.clientSecret,
    },
    ipBudget: deps.ipBudget,
    warn,
    timings: deps.timings,
    credentials: deps.credentials,
    onRenewed: (credentials) => deps.onCredentialsRenewed?.(credentials),
    onReauthRequired: (reason) => emit({ kind: 'reauth_required', reason }),
  });
  // A token already (nearly) expired is renewed before anything else uses it.
  if ((deps.credentials.expiresAt ?? Infinity) <= Date.now() + 1_000) await keeper.renew();

  let userId = Number(deps.credentials.brokerUserId);
  if (!Number.isFinite(userId) || deps.credentials.brokerUserId === undefined) {
    const probe = new TradovateRest(
      restUrl,
      () => keeper.token(),
      deps.budgets.forUser(`${deps.environment}:token:${keeper.token()}`),
      deps.timings,
    );
    userId = (await fetchMe(probe, deps.ipBudget)).userId;
  }
  // One budget per Tradovate user, shared with every other session of the same user.
  const budget = deps.budgets.forUser(`${deps.environment}:${userId}`);
  const rest = new TradovateRest(
    restUrl,
    () => keeper.token(),
    budget,
    deps.timings,
    () => void keeper.renew(),
  );
  const state = new FeedState();
  // Orders we placed in earlier sessions keep their client order ids (Tradovate's command history is short).
  for (const row of await deps.clientOrderIds.ofUser(deps.environment, userId, KNOWN_ORDERS_LOADED))
    state.rememberClientId(row.orderId, row.clientOrderId);
  const clientIds = sessionClientOrderIds(deps.clientOrderIds, deps.environment, userId, warn);
  state.onClientId = (orderId, clientOrderId) => clientIds.remember(orderId, clientOrderId);
  const ctx: OrderContext = {
    rest,
    state,
    clientIds,
    ocoSiblings: sessionOcoSiblings(deps.ocoSiblings, deps.environment, userId),
    versions: deps.versions,
    // A lost placement may still reach Tradovate until its request would have timed out.
    uncertainSends: new UncertainSends(deps.timings.requestTimeoutMs),
  };
  const feed = new TradovateFeed({
    wsUrl: deps.config.wsUrl[deps.environment],
    timings: deps.timings,
    token: () => keeper.token(),
    userId,
    state,
    budget,
    ipBudget: deps.ipBudget,
    emit,
    resolveContracts: (ids) =>
      resolveContracts(rest, state, ids).catch((error: unknown) =>
        warn(`Tradovate contracts: ${String(error)}`),
      ),
    warn,
  });
  if (deps.config.ordersOverSocket) rest.useSocket(() => feed.channel());
  await feed.start();
  keeper.start();
  const forgetVersions = deps.versions.add(state);
  const stopLockouts = reportLockouts(budget, emit, () => feed.isUp(), deps.timings.lockoutShownMs);
  if (state.accounts().length === 0)
    for (const account of await fetchAccounts(rest)) state.putAccount(account);

  return {
    // A follower's stop and target go as one `placeOCO` (`orders.ts`).
    linksOco: true,
    nextRequestAt: () => budget.nextSlotAt(),
    lastHeardAt: () => feed.lastHeardAt(),
    listAccounts: () => listAccountsWithBalances(rest),
    positions: async () => state.positions(),
    workingOrders: async () => state.workingOrders(),
    accountSnapshots: async () => state.snapshots(),
    ...orderCommands(ctx, { findOrderByClientId, placeOrder, modifyOrder, cancelOrder, flatten }),
    subscribe: listeners.subscribe,
    currentCredentials: () => ({ ...keeper.current(), brokerUserId: String(userId) }),
    async close() {
      keeper.stop();
      stopLockouts();
      forgetVersions();
      await feed.stop();
      await clientIds.settled();
      listeners.clear();
    },
  };
}
