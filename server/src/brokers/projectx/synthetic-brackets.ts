import { ocoSiblingCommand } from '../shared/oco-sibling';
import { BrokerError, type BrokerOrder, type PlaceOrderCommand } from '../types';
import type { BracketStore, SyntheticBracket } from './bracket-store';
import { TERMINAL } from './codes';
import type { ProjectXState } from './state';

/** What the keeper needs from the session: the tagged, exactly-once send and the plain commands. */
export interface BracketOrders {
  state: ProjectXState;
  place(command: PlaceOrderCommand): Promise<BrokerOrder>;
  modifySize(order: BrokerOrder, qty: number): Promise<void>;
  cancel(order: BrokerOrder): Promise<void>;
  warn(message: string): void;
}

/**
 * Client ids of the legs. They do not start with the engine's copy prefix: a leg is not a copy of a leader
 * order (the engine would take a `st.m…` leg for a mirror and cancel it), it is the gateway-side protection
 * of one, as a native leg is.
 */
export function legClientId(entryClientOrderId: string, leg: 'sl' | 'tp'): string {
  return `bk.${entryClientOrderId}.${leg}`;
}

/** A pair's legs carry the ids they were placed with; a bracket's legs the ids derived from its entry. */
const legIdOf = (bracket: SyntheticBracket, leg: 'sl' | 'tp'): string =>
  bracket.legIds?.[leg] ?? legClientId(bracket.entryClientOrderId, leg);

const keyOf = (accountExternalId: string, entryClientOrderId: string): string =>
  `${accountExternalId}\n${entryClientOrderId}`;

/**
 * Brackets the gateway could not take natively, kept by the adapter: the entry goes out plain; once it is
 * done (filled, or cancelled after a partial fill) a stop and a target for the filled contracts follow, sent
 * exactly once under tags derived from the entry's; when one leg fills the other is cut to what is left and
 * cancelled once nothing is. Every step is recorded before it is taken and re-derived from the gateway's
 * orders after a restart or a reconnect, so the pair stays one-cancels-other across both.
 */
export class SyntheticBrackets {
  private readonly brackets = new Map<string, SyntheticBracket>();
  /** Legs this process sent, until the gateway's own order event for them arrives. */
  private readonly sent = new Map<string, BrokerOrder>();
  private chain: Promise<void> = Promise.resolve();
  private queued = false;
  private stopped = false;
  private retry: NodeJS.Timeout | undefined;
  /** Brackets whose position this process has seen open since their legs went out. */
  private readonly sawHeld = new Set<string>();
  /** The size this keeper last gave a leg it shrank to the position, by account and the leg's client id. */
  private readonly shrunkTo = new Map<string, number>();

  constructor(
    private readonly gatewayUser: string,
    private readonly store: BracketStore,
    private readonly orders: BracketOrders,
    /** A failed step (lost answer, rate limit) is tried again this long after, even if nothing is pushed. */
    private readonly retryMs = 2_000,
  ) {}

  /** Brackets left pending by an earlier session (or server) of this user. */
  async load(): Promise<void> {
    for (const bracket of await this.store.pending(this.gatewayUser))
      this.brackets.set(keyOf(bracket.accountExternalId, bracket.entryClientOrderId), bracket);
  }

  /** Brackets not done yet (for tests and the desk). */
  pending(): SyntheticBracket[] {
    return [...this.brackets.values()].map((bracket) => ({ ...bracket }));
  }

  /** Records the bracket before its entry is sent (a crash after the send still finds it), then sends. */
  async placeEntry(command: PlaceOrderCommand, send: () => Promise<BrokerOrder>): Promise<BrokerOrder> {
    const key = keyOf(command.accountExternalId, command.clientOrderId);
    if (!this.brackets.has(key)) {
      const bracket: SyntheticBracket = {
        accountExternalId: command.accountExternalId,
        entryClientOrderId: command.clientOrderId,
        symbol: command.symbol,
        entrySide: command.side,
        stopLoss: command.bracket?.stopLoss ?? null,
        takeProfit: command.bracket?.takeProfit ?? null,
        legQty: null,
        stage: 'entry',
      };
      await this.store.save(this.gatewayUser, bracket);
      this.brackets.set(key, bracket);
    }
    try {
      const order = await send();
      this.poke();
      return order;
    } catch (error: unknown) {
      // A proven refusal ends the bracket; an uncertain send leaves it for the look-up to settle.
      const bracket = this.brackets.get(key);
      if (bracket && error instanceof BrokerError && error.code === 'rejected')
        await this.finish(bracket).catch(() => undefined);
      throw error;
    }
  }

  /**
   * A stop and a target for a position already held, linked one-cancels-other (`PlaceOrderCommand.oco`): a
   * follower's copy of a leader's bracket legs. Recorded first, then both legs are placed before the answer (so
   * a look-up of the second by its id finds it); from then on they are kept like a bracket's legs. A step that
   * failed is finished by the keeper's next pass, never by a second order under the same id.
   */
  async placePair(command: PlaceOrderCommand): Promise<BrokerOrder> {
    const sibling = command.oco;
    if (sibling === undefined || command.type === 'Market' || command.type === sibling.type)
      throw new BrokerError('A linked pair is one stop and one limit order', 'rejected');
    const stop = command.type === 'Stop' ? command : ocoSiblingCommand(command, sibling);
    const target = command.type === 'Limit' ? command : ocoSiblingCommand(command, sibling);
    const key = keyOf(command.accountExternalId, stop.clientOrderId);
    const run = this.chain.then(async () => {
      if (!this.brackets.has(key)) {
        const bracket: SyntheticBracket = {
          accountExternalId: command.accountExternalId,
          entryClientOrderId: stop.clientOrderId,
          symbol: command.symbol,
          entrySide: command.side === 'buy' ? 'sell' : 'buy',
          stopLoss: stop.stopPrice ?? stop.price ?? null,
          takeProfit: target.price ?? null,
          legQty: command.qty,
          stage: 'legs',
          legIds: { sl: stop.clientOrderId, tp: target.clientOrderId },
        };
        await this.store.save(this.gatewayUser, bracket);
        this.brackets.set(key, bracket);
      }
      const placed: BrokerOrder[] = [];
      try {
        for (const leg of command.type === 'Stop' ? [stop, target] : [target, stop]) {
          const order = await this.orders.place(leg);
          this.sent.set(keyOf(leg.accountExternalId, leg.clientOrderId), order);
          placed.push(order);
        }
      } catch (error: unknown) {
        // A refused leg ends the pair (a leg alone would not be linked); an uncertain one is left for the
        // keeper's next pass, which finds it by its id or places it.
        const bracket = this.brackets.get(key);
        if (bracket && error instanceof BrokerError && error.code === 'rejected') {
          for (const order of placed) await this.orders.cancel(order).catch(() => undefined);
          await this.finish(bracket);
        }
        throw error;
      }
      return placed[0]!;
    });
    this.chain = run.then(
      () => undefined,
      () => this.retryLater(),
    );
    const order = await run;
    this.poke();
    return order;
  }

  /** Something changed at the gateway (a push, a catch-up): look at every pending bracket again, once at a time. */
  poke(): void {
    if (this.queued || this.stopped || this.brackets.size === 0) return;
    this.queued = true;
    this.chain = this.chain.then(async () => {
      this.queued = false;
      for (const bracket of [...this.brackets.values()]) {
        if (this.stopped) return;
        try {
          await this.step(bracket);
        } catch (error: unknown) {
          // Every step is safe to repeat: the next push, catch-up or the retry below does it again.
          this.orders.warn(`ProjectX bracket of ${bracket.entryClientOrderId}: ${String(error)}`);
          this.retryLater();
        }
      }
    });
  }

  /** Waits for the passes already asked for (tests, and a closing session). */
  async idle(): Promise<void> {
    let seen: Promise<void> | undefined;
    while (seen !== this.chain) {
      seen = this.chain;
      await seen;
    }
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.retry);
  }

  private retryLater(): void {
    if (this.retry !== undefined || this.stopped) return;
    this.retry = setTimeout(() => {
      this.retry = undefined;
      this.poke();
    }, this.retryMs);
    this.retry.unref();
  }

  private async step(bracket: SyntheticBracket): Promise<void> {
    if (bracket.stage === 'entry') await this.afterEntry(bracket);
    if (bracket.stage === 'legs') await this.keepOco(bracket);
  }

  private async afterEntry(bracket: SyntheticBracket): Promise<void> {
    const entry = this.orderOf(bracket.accountExternalId, bracket.entryClientOrderId);
    if (entry === undefined || !TERMINAL.has(entry.status)) return;
    if (entry.filledQty === 0) return this.finish(bracket);
    bracket.legQty = entry.filledQty;
    bracket.stage = 'legs';
    await this.store.save(this.gatewayUser, bracket);
  }

  private async keepOco(bracket: SyntheticBracket): Promise<void> {
    const legQty = bracket.legQty ?? 0;
    const stop = this.orderOf(bracket.accountExternalId, legIdOf(bracket, 'sl'));
    const target = this.orderOf(bracket.accountExternalId, legIdOf(bracket, 'tp'));
    const legs = [
      { leg: 'sl' as const, wanted: bracket.stopLoss !== null, order: stop },
      { leg: 'tp' as const, wanted: bracket.takeProfit !== null, order: target },
    ];
    const exited = (stop?.filledQty ?? 0) + (target?.filledQty ?? 0);
    const key = keyOf(bracket.accountExternalId, bracket.entryClientOrderId);
    const held = this.heldInEntryDirection(bracket);
    if (held > 0) this.sawHeld.add(key);
    // Legs never outgrow the position they protect: when other orders (a copy closing it, a trade by hand)
    // shrank it, they shrink too, and go once it is flat. Only after the position was seen open, so a
    // position push still on its way after the entry's fill does not cancel fresh legs.
    const left = Math.max(0, Math.min(legQty - exited, this.sawHeld.has(key) ? held : Infinity));
    if (left === 0 || legs.every(({ wanted, order }) => !wanted || (order && TERMINAL.has(order.status)))) {
      for (const { order } of legs) if (order && !TERMINAL.has(order.status)) await this.orders.cancel(order);
      return this.finish(bracket);
    }
    for (const { leg, wanted, order } of legs) {
      if (!wanted) continue;
      if (order === undefined) {
        // Only before any exit: a leg that never went out is not sent once its sibling started filling.
        if (exited === 0) {
          const command = this.legCommand(bracket, leg, left);
          this.sent.set(
            keyOf(command.accountExternalId, command.clientOrderId),
            await this.orders.place(command),
          );
        }
        continue;
      }
      if (TERMINAL.has(order.status)) continue;
      const legKey = keyOf(bracket.accountExternalId, legIdOf(bracket, leg));
      const remaining = order.qty - order.filledQty;
      // The sibling filled in part, or the position shrank: this leg shrinks to the contracts still held. A leg
      // this keeper shrank while the position was still filling (a copy's entry in parts) grows back with it,
      // never past its own size: otherwise the last contracts filled would be left unprotected.
      const grows = remaining < left && this.shrunkTo.get(legKey) === order.qty;
      if (remaining > left || grows) {
        await this.orders.modifySize(order, order.filledQty + left);
        this.shrunkTo.set(legKey, order.filledQty + left);
      }
    }
  }

  private heldInEntryDirection(bracket: SyntheticBracket): number {
    const position = this.orders.state
      .positionList()
      .find((p) => p.accountExternalId === bracket.accountExternalId && p.symbol === bracket.symbol);
    const net = position?.netPos ?? 0;
    return Math.max(0, bracket.entrySide === 'buy' ? net : -net);
  }

  private legCommand(bracket: SyntheticBracket, leg: 'sl' | 'tp', qty: number): PlaceOrderCommand {
    const side = bracket.entrySide === 'buy' ? 'sell' : 'buy';
    const base = {
      accountExternalId: bracket.accountExternalId,
      clientOrderId: legIdOf(bracket, leg),
      symbol: bracket.symbol,
      side,
      qty,
    } as const;
    return leg === 'sl'
      ? { ...base, type: 'Stop', stopPrice: bracket.stopLoss! }
      : { ...base, type: 'Limit', price: bracket.takeProfit! };
  }

  /** The gateway's order for a client id: a live one over rejected attempts (the state holds the history). */
  private orderOf(accountExternalId: string, clientOrderId: string): BrokerOrder | undefined {
    const found = this.orders.state.ordersForClientId(accountExternalId, clientOrderId);
    const known = (found.find(({ order }) => order.status !== 'Rejected') ?? found[found.length - 1])?.order;
    return known ?? this.sent.get(keyOf(accountExternalId, clientOrderId));
  }

  private async finish(bracket: SyntheticBracket): Promise<void> {
    bracket.stage = 'done';
    await this.store.save(this.gatewayUser, bracket);
    this.brackets.delete(keyOf(bracket.accountExternalId, bracket.entryClientOrderId));
    this.sawHeld.delete(keyOf(bracket.accountExternalId, bracket.entryClientOrderId));
    for (const leg of ['sl', 'tp'] as const)
      this.shrunkTo.delete(keyOf(bracket.accountExternalId, legIdOf(bracket, leg)));
    for (const leg of ['sl', 'tp'] as const)
      this.sent.delete(keyOf(bracket.accountExternalId, legIdOf(bracket, leg)));
  }
}
