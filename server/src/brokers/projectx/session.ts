import {
  type BrokerAccountInfo,
  BrokerError,
  type BrokerEvent,
  type BrokerSession,
  type BrokerSessionOptions,
} from '../types';
import { orderCommands, SessionListeners } from '../shared/session-parts';
import { sleep } from '../shared/sleep';
import { UncertainSends } from '../shared/uncertain-sends';
import type { BracketStore } from './bracket-store';
import { ENGINE_REQUESTS_PER_MINUTE, GATEWAY_REQUESTS_PER_WINDOW, type ProjectXTimings } from './config';
import type { GatewayNet } from './gateway-net';
import { type Json, list, num, str } from './json';
import { missedEventsCheck, requestsPerCheck } from './missed-events';
import {
  cancelOrder,
  findOrderByClientId,
  flatten,
  modifyOrder,
  type OrderContext,
  placeOrder,
  placePlain,
} from './orders';
import type { RequestWindows } from './request-window';
import { ProjectXRest } from './rest-client';
import { ProjectXState } from './state';
import { SyntheticBrackets } from './synthetic-brackets';
import { toContractId } from './symbols';
import { TokenKeeper } from './token-keeper';
import { ProjectXUserHub } from './user-hub';
import { stampHeard } from '../shared/heard-at';

export interface SessionDeps extends BrokerSessionOptions {
  timings: ProjectXTimings;
  windows: RequestWindows;
  /** Checked connections to the gateway (REST and hub). */
  net: GatewayNet;
  /** Where brackets kept by the adapter survive a restart. */
  brackets: BracketStore;
  warn?: (message: string) => void;
}

export function accountInfoOf(row: Json): BrokerAccountInfo {
  return {
    externalId: String(num(row, 'id')),
    name: str(row, 'name') ?? String(num(row, 'id')),
    currency: 'USD',
    currencySymbol: '$',
    cashBalance: num(row, 'balance') ?? 0,
    active: row.canTrade !== false,
  };
}

export async function searchAccounts(rest: ProjectXRest): Promise<Json[]> {
  return list(await rest.call('Account/search', { onlyActiveAccounts: true }), 'accounts');
}

/**
 * A session for one connection: the token keeper, the REST client under the user's request window, the user
 * hub, and a REST catch-up after every reconnect (the hub replays nothing): trades missed meanwhile become
 * fills, orders and positions are brought up to date, then the engine hears `connection up` and reconciles.
 */
export async function openProjectXSession(deps: SessionDeps): Promise<BrokerSession> {
  const { credentials, timings } = deps;
  if (!credentials.restUrl || !credentials.hubUrl || !credentials.brokerUserId)
    throw new BrokerError(
      'This ProjectX connection lacks its host or user: connect it again',
      'unauthorized',
    );
  const listeners = new SessionListeners();
  const { emit } = listeners;
  const warn = deps.warn ?? ((message: string) => console.warn(message));
  const keeper = new TokenKeeper(credentials, timings, {
    onRenewed: (renewed) => deps.onCredentialsRenewed?.(renewed),
    onReauthRequired: (reason) => emit({ kind: 'reauth_required', reason }),
  });
  const gatewayUser = `${credentials.restUrl}|${credentials.brokerUserId}`;
  const window = deps.windows.forUser(gatewayUser);
  const rest = new ProjectXRest(credentials.restUrl, deps.net, window, timings, keeper);
  keeper.rest = rest;
  if ((credentials.expiresAt ?? Infinity) <= Date.now() + 60_000) await keeper.renew();

  const state = new ProjectXState();
  const contracts = new Map<string, { tickSize: number; tickValue: number | undefined }>();
  async function contractOf(
    contractId: string,
  ): Promise<{ tickSize: number; tickValue: number | undefined }> {
    const cached = contracts.get(contractId);
    if (cached !== undefined) return cached;
    const answer = await rest.call('Contract/searchById', { contractId });
    const contract =
      (answer.contract && typeof answer.contract === 'object' ? (answer.contract as Json) : undefined) ??
      list(answer, 'contracts')[0];
    const tick = contract ? num(contract, 'tickSize') : undefined;
    if (tick === undefined || tick <= 0)
      throw new BrokerError(`ProjectX does not know ${contractId}`, 'not_found');
    const known = { tickSize: tick, tickValue: contract ? num(contract, 'tickValue') : undefined };
    contracts.set(contractId, known);
    return known;
  }
  const ctx: OrderContext = {
    rest,
    state,
    historyLookbackMs: timings.historyLookbackMs,
    tickSize: async (contractId) => (await contractOf(contractId)).tickSize,
    nativeBracketsRefused: new Set(),
    // A lost placement may still reach the gateway until its request would have timed out.
    uncertainSends: new UncertainSends(timings.requestTimeoutMs),
    applyInLine: (read) => applyInLine(read),
  };
  const brackets = new SyntheticBrackets(
    gatewayUser,
    deps.brackets,
    {
      state,
      place: (command) => placePlain(ctx, command),
      modifySize: (order, qty) =>
        modifyOrder(ctx, {
          accountExternalId: order.accountExternalId,
          orderId: order.orderId,
          qty,
          type: order.type,
          ...(order.price === null ? {} : { price: order.price }),
          ...(order.stopPrice === null ? {} : { stopPrice: order.stopPrice }),
        }),
      cancel: (order) => cancelOrder(ctx, order.accountExternalId, order.orderId),
      warn,
    },
    timings.bracketRetryMs,
  );
  ctx.brackets = brackets;
  /** Point values of held contracts (for the open P&L), read once per contract, off the copy path. */
  async function learnPointValues(): Promise<void> {
    for (const symbol of state.symbolsWithoutPointValue()) {
      try {
        const { tickSize, tickValue } = await contractOf(toContractId(symbol));
        if (tickValue !== undefined) state.setPointValue(symbol, tickValue / tickSize);
      } catch (error: unknown) {
        warn(`ProjectX contract ${symbol}: ${String(error)}`);
      }
    }
  }
  let accountIds: number[] = [];
  let up = false;
  let hubWork: Promise<void> = Promise.resolve();

  /** A REST read applied in line with the pushes, its events emitted as a push's (see `OrderContext`). */
  function applyInLine(read: () => Promise<BrokerEvent[]>): Promise<void> {
    const applied = hubWork.then(async () => {
      const events = await read();
      for (const event of events) emit(event);
      if (events.length > 0) brackets.poke();
    });
    hubWork = applied.catch(() => undefined);
    return applied;
  }

  /**
   * A trade pushed before any push of its order (those were dropped, and its place answer lost) carries no
   * tag: its fill would reach the engine as a trade by hand, and the copy it fills would stay on its way for
   * good. So the history, which has the tags, is read first. Orders seen in a push are settled (a push carries
   * the tag, or none for an order placed by hand), so this costs a read only after dropped pushes.
   */
  async function learnTagOfTrade(trade: Json): Promise<void> {
    const orderId = num(trade, 'orderId');
    const accountId = num(trade, 'accountId');
    if (orderId === undefined || accountId === undefined || state.tagSettled(String(orderId))) return;
    try {
      const since = new Date(Date.now() - timings.historyLookbackMs).toISOString();
      const history = list(await rest.call('Order/search', { accountId, startTimestamp: since }), 'orders');
      for (const row of history) {
        const id = String(num(row, 'id'));
        const tag = str(row, 'customTag');
        if (state.tagSettled(id)) continue;
        if (tag) state.rememberTag(id, tag);
        else if (id === String(orderId)) state.markTagless(id);
      }
    } catch (error: unknown) {
      warn(`ProjectX history for the tag of order ${orderId}: ${String(error)}`);
    }
  }

  /** Where the next check for missed events reads trades from: the end of the last catch-up or check. */
  let tradesCheckedFrom = Date.now();

  /** REST snapshot of every account; on a catch-up, the differences (and missed trades) are emitted. */
  async function catchUp(emitChanges: boolean): Promise<void> {
    const out: BrokerEvent[] = [];
    const startedAt = Date.now();
    const accounts = await searchAccounts(rest);
    accountIds = accounts.map((row) => num(row, 'id')).filter((id): id is number => id !== undefined);
    for (const row of accounts) out.push(...state.applyAccount(row));
    // The whole look-back every time: an order from before the session may have finished while the hub was down.
    const since = new Date(Date.now() - timings.historyLookbackMs).toISOString();
    for (const accountId of accountIds) {
      const trades = await rest.call('Trade/search', { accountId, startTimestamp: since });
      // Trades first: an order's fillVolume is then already covered by its trades and counts nothing twice.
      for (const trade of list(trades, 'trades')) out.push(...state.applyTrade(trade, emitChanges));
      const history = await rest.call('Order/search', { accountId, startTimestamp: since });
      for (const order of list(history, 'orders')) out.push(...state.applyOrder(order));
      const open = await rest.call('Order/searchOpen', { accountId });
      for (const order of list(open, 'orders')) out.push(...state.applyOrder(order));
      const positions = await rest.call('Position/searchOpen', { accountId });
      out.push(...state.loadPositions(String(accountId), list(positions, 'positions')));
    }
    tradesCheckedFrom = startedAt;
    await learnPointValues();
    out.push(...state.openPnlEvents());
    if (emitChanges) for (const event of out) emit(event);
  }

  let checking = false;
  let closed = false;
  /** A periodic REST check for hub events dropped without a disconnect (see missed-events.ts). */
  async function checkMissedEvents(): Promise<void> {
    // While the hub is down the reconnect's catch-up does this; without room, the engine's orders come first.
    const room = window.free() - (GATEWAY_REQUESTS_PER_WINDOW - ENGINE_REQUESTS_PER_MINUTE);
    if (!up || checking || room < requestsPerCheck(accountIds.length)) return;
    checking = true;
    const startedAt = Date.now();
    const check = missedEventsCheck(
      rest,
      state,
      () => searchAccounts(rest),
      tradesCheckedFrom,
      timings.historyLookbackMs,
    );
    const work = (async () => {
      const first = await check.first();
      await sleep(timings.missedEventsConfirmMs);
      if (closed) return;
      // In line with pushes: those received by now are applied first, those arriving during the reads after.
      const confirmed = hubWork.then(async () => {
        const events = await check.confirm(first);
        tradesCheckedFrom = startedAt;
        await learnPointValues();
        for (const event of [...events, ...state.openPnlEvents()]) emit(event);
        if (events.length > 0) brackets.poke();
      });
      hubWork = confirmed.catch(() => undefined);
      await confirmed;
    })();
    await work.catch((error: unknown) => warn(`ProjectX check for missed events: ${String(error)}`));
    checking = false;
  }

  const hub = new ProjectXUserHub({
    hubUrl: credentials.hubUrl,
    webSocket: deps.net.WebSocket,
    timings,
    accountIds: () => accountIds,
    async token(fresh) {
      if (fresh)
        await keeper.renew().catch((error: unknown) => warn(`ProjectX token renewal: ${String(error)}`));
      return keeper.token();
    },
    onPush(target, action, data, heardAt) {
      // Pushes are applied in order behind any catch-up still running.
      hubWork = hubWork.then(async () => {
        if (target === 'GatewayUserTrade') await learnTagOfTrade(data);
        const events =
          target === 'GatewayUserOrder'
            ? state.applyOrder(data)
            : target === 'GatewayUserTrade'
              ? state.applyTrade(data)
              : target === 'GatewayUserPosition'
                ? state.applyPosition(data, action === 2)
                : state.applyAccount(data);
        // Stamped with the push's arrival: the wait behind a catch-up or a tag look-up is the copy's too.
        for (const event of events) emit(stampHeard(event, heardAt));
        if (target === 'GatewayUserOrder' || target === 'GatewayUserPosition') brackets.poke();
        if (state.symbolsWithoutPointValue().length > 0)
          void learnPointValues().then(() => {
            for (const event of state.openPnlEvents()) emit(event);
          });
        else for (const event of state.openPnlEvents()) emit(event);
      });
    },
    async onResubscribed() {
      const work = hubWork.then(() => catchUp(true)).then(() => brackets.poke());
      hubWork = work.catch(() => undefined);
      await work;
      if (!up) {
        up = true;
        emit({ kind: 'connection', up: true });
      }
    },
    onDown(reason) {
      if (!up) return;
      up = false;
      emit({ kind: 'connection', up: false, reason });
    },
    warn,
  });

  await brackets.load();
  await catchUp(false);
  brackets.poke();
  await hub.start();
  up = true;
  keeper.start();
  const checkTimer = setInterval(() => void checkMissedEvents(), timings.missedEventsCheckMs);
  checkTimer.unref();

  return {
    linksOco: true,
    nextRequestAt: () => window.nextAt(),
    lastHeardAt: () => hub.heardAt,
    listAccounts: async () => (await searchAccounts(rest)).map(accountInfoOf),
    positions: async () => state.positionList(),
    workingOrders: async () => state.workingOrders(),
    accountSnapshots: async () => state.snapshots(),
    ...orderCommands(ctx, { findOrderByClientId, placeOrder, modifyOrder, cancelOrder, flatten }),
    subscribe: listeners.subscribe,
    currentCredentials: () => keeper.current(),
    async close() {
      closed = true;
      clearInterval(checkTimer);
      await hubWork;
      brackets.stop();
      await brackets.idle();
      keeper.stop();
      await hub.stop();
      listeners.clear();
    },
  };
}
