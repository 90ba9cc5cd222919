import { orderCommands, SessionListeners } from '../shared/session-parts';
import { UncertainSends } from '../shared/uncertain-sends';
import {
  type BrokerAccountInfo,
  BrokerError,
  type BrokerEvent,
  type BrokerSession,
  type BrokerSessionOptions,
} from '../types';
import { dataOf, text } from './answers';
import type { RithmicMessage } from './codec';
import type { RithmicTimings } from './config';
import { LOGIN_MESSAGES, type LoginParams } from './login';
import { OrderState } from './order-state';
import {
  applyRow,
  cancelOrder,
  findOrderByClientId,
  flatten,
  modifyOrder,
  type OrderContext,
  placeOrder,
} from './orders';
import type { PlantHandlers, PlantSocket } from './plant-socket';
import { applyRoutes, type OrderPlant, openOrderPlant, openPnlPlant } from './plants';
import type { RequestBudget } from './request-budget';
import { stampHeard } from '../shared/heard-at';

export interface SessionDeps extends BrokerSessionOptions {
  login: LoginParams;
  timings: RithmicTimings;
  budget: RequestBudget;
  warn: (message: string) => void;
}

/** Why the session is down, as the user reads it on the connection. */
const LOST = 'The connection to Rithmic dropped; reconnecting';
/** A session kept up this long forgets earlier forced logouts. */
const FORCED_LOGOUT_MEMORY_MS = 3600_000;

/**
 * One Rithmic login's session: the order plant (orders, fills, accounts) and the PnL plant (positions, balances).
 * A lost socket reconnects both plants with back-off, subscribes again, reconciles (open orders by 320, the
 * day's fills by 3506, the PnL snapshot by 402) and only then tells the engine `connection up`. A forced logout
 * (77) is the trader's other platform on the same login: the session tries again only a few times, far apart,
 * then asks the user to connect again (see README).
 */
export async function openRithmicSession(deps: SessionDeps): Promise<BrokerSession> {
  const { timings, warn } = deps;
  const listeners = new SessionListeners();
  const state = new OrderState();
  /** `heardAt`: when the broker's frame that produced them was read (absent for answers to our requests). */
  const emitAll = (events: BrokerEvent[], heardAt?: number): void => {
    for (const event of events) listeners.emit(stampHeard(event, heardAt));
  };
  let orderPlant: OrderPlant | undefined;
  let pnlSocket: PlantSocket | undefined;
  let up = false;
  // When the last order plant was last heard, kept when it is shut down.
  let heardBefore: number | null = null;
  let closed = false;
  let accounts: BrokerAccountInfo[] = [];
  /** Waiters for the plant to be up again (look-ups after a lost answer). */
  let readyWaiters: Array<{ resolve(plant: OrderPlant): void; reject(error: Error): void }> = [];
  let reconnectTimer: NodeJS.Timeout | undefined;
  let forcedLogouts = 0;
  let lastForcedAt = 0;
  let downReason: string | null = null;
  /** Set while the session waits for the user (forced out too often): no more tries. */
  let givenUp = false;

  function onPush(message: RithmicMessage, heardAt: number): void {
    switch (message.template_id) {
      case 351:
        return emitAll(state.applyRithmic(message), heardAt);
      case 352:
        return emitAll(state.applyExchange(message), heardAt);
      case 350:
        if (orderPlant !== undefined) applyRoutes(orderPlant, [message]);
        return;
      case 450:
        return emitAll(state.applyInstrumentPnl(message));
      case 451:
        return emitAll(state.applyAccountPnl(message));
      default:
        return;
    }
  }

  /** A forced logout (77) arrived on the current plants. */
  let forcedOut = false;
  /** Plants of an earlier connection closing late change nothing. */
  let generation = 0;
  /** While plants are opened and reconciled, their failures are the opener's to handle. */
  let connecting = false;

  function handlersFor(gen: number): PlantHandlers {
    return {
      onPush: (message, heardAt) => {
        if (gen === generation) onPush(message, heardAt);
      },
      onForcedLogout: () => {
        if (gen === generation) forcedOut = true;
      },
      onClosed: (reason) => {
        if (closed || gen !== generation || connecting) return;
        lost(forcedOut ? 'forced' : reason, 0);
      },
      warn,
    };
  }

  function dropPlants(): void {
    generation += 1;
    const order = orderPlant;
    const pnl = pnlSocket;
    heardBefore = order?.socket.heardAt ?? heardBefore;
    orderPlant = undefined;
    pnlSocket = undefined;
    order?.socket.close('session lost');
    pnl?.close('session lost');
  }

  async function connect(): Promise<OrderPlant> {
    generation += 1;
    forcedOut = false;
    const handlers = handlersFor(generation);
    const plant = await openOrderPlant(deps.login, timings, handlers, true);
    orderPlant = plant;
    pnlSocket = await openPnlPlant(deps.login, timings, handlers, {
      fcmId: plant.fcmId,
      ibId: plant.ibId,
      accountIds: plant.accounts.map((account) => account.externalId),
    });
    accounts = plant.accounts;
    return plant;
  }

  /** After a reconnect: what happened while no socket listened, applied and emitted before `up`. */
  async function reconcile(plant: OrderPlant): Promise<void> {
    const now = Math.floor(Date.now() / 1000);
    for (const account of plant.accounts) {
      const ids = { fcm_id: plant.fcmId, ib_id: plant.ibId, account_id: account.externalId };
      const open = await plant.socket.request(320, ids);
      const listed = new Set<string>();
      for (const row of dataOf(open)) {
        const basketId = text(row, 'basket_id');
        if (basketId !== undefined) listed.add(basketId);
        emitAll(applyRow(state, row));
      }
      const fills = await plant.socket.request(3506, {
        ...ids,
        start_index: now - Math.floor(timings.replayLookbackMs / 1000),
        finish_index: now + 60,
      });
      for (const row of dataOf(fills)) emitAll(applyRow(state, row));
      emitAll(state.settleUnlisted(account.externalId, listed));
    }
  }

  function setUp(plant: OrderPlant): void {
    up = true;
    downReason = null;
    const waiters = readyWaiters;
    readyWaiters = [];
    for (const waiter of waiters) waiter.resolve(plant);
  }

  /** The plants are gone (`forced`: a 77): tell the engine once, then try again as the cause allows. */
  function lost(reason: string, attempt: number): void {
    const wasUp = up;
    up = false;
    dropPlants();
    if (reason === 'forced') {
      const now = Date.now();
      if (now - lastForcedAt > FORCED_LOGOUT_MEMORY_MS) forcedLogouts = 0;
      lastForcedAt = now;
      forcedLogouts += 1;
      downReason = LOGIN_MESSAGES.sessions;
      if (wasUp) listeners.emit({ kind: 'connection', up: false, reason: downReason });
      if (forcedLogouts > timings.forcedLogoutRetries) return giveUp(downReason);
      return scheduleReconnect(timings.forcedLogoutRetryMs, 0);
    }
    downReason = LOST;
    if (wasUp) listeners.emit({ kind: 'connection', up: false, reason: LOST });
    const delays = timings.reconnectDelaysMs;
    scheduleReconnect(delays[Math.min(attempt, delays.length - 1)] ?? 30_000, attempt);
  }

  function giveUp(reason: string): void {
    givenUp = true;
    downReason = reason;
    const waiters = readyWaiters;
    readyWaiters = [];
    for (const waiter of waiters) waiter.reject(new BrokerError(reason, 'unavailable'));
    listeners.emit({ kind: 'reauth_required', reason });
  }

  function scheduleReconnect(delayMs: number, attempt: number): void {
    if (closed || givenUp) return;
    clearTimeout(reconnectTimer);
    reconnectTimer = setTimeout(() => void reconnect(attempt), delayMs);
    reconnectTimer.unref();
  }

  async function reconnect(attempt: number): Promise<void> {
    if (closed || givenUp || up) return;
    connecting = true;
    try {
      const plant = await connect();
      await reconcile(plant);
      connecting = false;
      if (closed) return shutDown();
      if (!plant.socket.isOpen || pnlSocket?.isOpen !== true)
        return lost(forcedOut ? 'forced' : LOST, attempt + 1);
      setUp(plant);
      listeners.emit({ kind: 'connection', up: true });
    } catch (error: unknown) {
      connecting = false;
      if (closed) return shutDown();
      if (error instanceof BrokerError && error.code === 'unauthorized' && !forcedOut) {
        // The password changed or the agreements were withdrawn: trying again will not help.
        dropPlants();
        return giveUp(error.message);
      }
      warn(`Rithmic reconnect: ${error instanceof Error ? error.message : String(error)}`);
      lost(forcedOut ? 'forced' : LOST, attempt + 1);
    }
  }

  function shutDown(): void {
    clearTimeout(reconnectTimer);
    generation += 1;
    const order = orderPlant;
    const pnl = pnlSocket;
    heardBefore = order?.socket.heardAt ?? heardBefore;
    orderPlant = undefined;
    pnlSocket = undefined;
    void order?.socket.logout();
    void pnl?.logout();
  }

  const ctx: OrderContext = {
    state,
    budget: deps.budget,
    timings,
    // A placement given up on may still land until its request would have timed out at the gateway.
    uncertainSends: new UncertainSends(timings.requestTimeoutMs),
    emit: emitAll,
    ready() {
      if (up && orderPlant !== undefined) return Promise.resolve(orderPlant);
      if (closed) return Promise.reject(new BrokerError('The Rithmic session is closed', 'unavailable'));
      if (givenUp) return Promise.reject(new BrokerError(downReason ?? LOST, 'unavailable'));
      return new Promise<OrderPlant>((resolve, reject) => {
        const waiter = {
          resolve: (plant: OrderPlant) => {
            clearTimeout(timer);
            resolve(plant);
          },
          reject: (error: Error) => {
            clearTimeout(timer);
            reject(error);
          },
        };
        const timer = setTimeout(() => {
          readyWaiters = readyWaiters.filter((other) => other !== waiter);
          reject(new BrokerError(downReason ?? LOST, 'unavailable'));
        }, timings.requestTimeoutMs);
        readyWaiters.push(waiter);
      });
    },
  };

  connecting = true;
  try {
    const plant = await connect();
    // The day's open orders and fills, so a reconnect later replays nothing from before this session as new.
    await reconcile(plant);
    connecting = false;
    if (!plant.socket.isOpen || pnlSocket?.isOpen !== true)
      throw forcedOut
        ? new BrokerError(LOGIN_MESSAGES.sessions, 'unauthorized')
        : new BrokerError(LOST, 'unavailable');
    setUp(plant);
  } catch (error: unknown) {
    connecting = false;
    closed = true;
    shutDown();
    if (forcedOut) throw new BrokerError(LOGIN_MESSAGES.sessions, 'unauthorized');
    throw error;
  }

  return {
    // A follower's stop loss and take profit go as one 328 OCO request, linked by the gateway.
    linksOco: true,
    nextRequestAt: () => deps.budget.nextAt(),
    lastHeardAt: () => orderPlant?.socket.heardAt ?? heardBefore,
    listAccounts: async () => {
      const balances = new Map(
        state.snapshots().map((snapshot) => [snapshot.accountExternalId, snapshot.cashBalance]),
      );
      return accounts.map((account) => ({
        ...account,
        cashBalance: balances.get(account.externalId) ?? account.cashBalance,
      }));
    },
    positions: async () => state.positionList(),
    workingOrders: async () => state.workingOrders(),
    accountSnapshots: async () => state.snapshots(),
    ...orderCommands(ctx, { findOrderByClientId, placeOrder, modifyOrder, cancelOrder, flatten }),
    subscribe: listeners.subscribe,
    currentCredentials: () => ({ ...deps.credentials }),
    async close() {
      if (closed) return;
      closed = true;
      up = false;
      const waiters = readyWaiters;
      readyWaiters = [];
      for (const waiter of waiters)
        waiter.reject(new BrokerError('The Rithmic session is closed', 'unavailable'));
      shutDown();
      listeners.clear();
    },
  };
}
