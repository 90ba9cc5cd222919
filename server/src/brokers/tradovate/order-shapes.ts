import { BrokerError, type ModifyOrderCommand, type PlaceOrderCommand } from '../types';
import type { OrderVersionEntity } from './entities';
import type { JsonRecord } from './json';
import { normalizeType } from './normalize';

/**
 * The engine speaks of three order types (Market, Limit, Stop); Tradovate has more (PlaceOrder.md: StopLimit,
 * MIT, TrailingStop, TrailingStopLimit, QTS), which the engine sees as Limit or Stop. A follower must get the
 * leader's order as it is (a StopLimit for a StopLimit, a TrailingStop with its `pegDifference`), not the plain
 * type it stands for: a plain Stop for a StopLimit fills at any price, a plain Stop for a trailing stop never
 * follows the market. So the adapter reads the leader order's own version, wherever a session of this server
 * holds it, and sends that.
 */

/** Every session's feed state, by which a follower's session reads a leader order's version. */
export interface OrderVersions {
  versionOf(orderId: number): OrderVersionEntity | undefined;
}

/** The feed states of this server's open Tradovate sessions (leaders and followers alike). */
export class SessionVersions {
  private readonly states = new Set<OrderVersions>();

  add(state: OrderVersions): () => void {
    this.states.add(state);
    return () => this.states.delete(state);
  }

  versionOf(orderId: number): OrderVersionEntity | undefined {
    for (const state of this.states) {
      const version = state.versionOf(orderId);
      if (version) return version;
    }
    return undefined;
  }
}

/**
 * The leader order a mirror copies, from the engine's deterministic client id for mirrors
 * (`st.m<leader account>-<leader order>.<follower account>`, `copier/engine/client-ids.ts`; a test builds it
 * with the engine's own functions, so a change of format fails there).
 */
export function mirroredOrderId(clientOrderId: string): number | null {
  const match = /^st\.m\d+-(\d+)\./.exec(clientOrderId);
  return match?.[1] === undefined ? null : Number(match[1]);
}

const trailing = (orderType: string): boolean =>
  orderType === 'TrailingStop' || orderType === 'TrailingStopLimit';
const same = (a: number | null | undefined, b: number | null): boolean => (a ?? null) === b;

/** Prices by the engine's order type; Tradovate triggers stops on `stopPrice`. */
export function plainPricing(
  type: PlaceOrderCommand['type'],
  price: number | undefined,
  stopPrice: number | undefined,
): JsonRecord {
  if (type === 'Limit') {
    if (price === undefined) throw new BrokerError('A limit order needs a price', 'rejected');
    return { price };
  }
  if (type === 'Stop') {
    const trigger = stopPrice ?? price;
    if (trigger === undefined) throw new BrokerError('A stop order needs a stop price', 'rejected');
    return { stopPrice: trigger };
  }
  return {};
}

/** `orderType` and prices of a version, as PlaceOrder and ModifyOrder take them. */
function versionPricing(version: OrderVersionEntity): JsonRecord {
  return {
    orderType: version.orderType,
    ...(version.price === null ? {} : { price: version.price }),
    ...(version.stopPrice === null ? {} : { stopPrice: version.stopPrice }),
    ...(version.pegDifference === null ? {} : { pegDifference: version.pegDifference }),
  };
}

/**
 * What a placement sends as `orderType` and prices: the leader order's own when the command mirrors a leader
 * order this server sees and says what that order says (same engine type, same prices: a stale or foreign
 * version is never copied), else the engine's plain type.
 */
export function placementPricing(versions: OrderVersions, command: PlaceOrderCommand): JsonRecord {
  const leaderOrderId = command.type === 'Market' ? null : mirroredOrderId(command.clientOrderId);
  const leader = leaderOrderId === null ? undefined : versions.versionOf(leaderOrderId);
  if (
    leader !== undefined &&
    normalizeType(leader.orderType) === command.type &&
    normalizeType(leader.orderType) !== leader.orderType &&
    same(command.price, leader.price) &&
    same(command.stopPrice, leader.stopPrice)
  )
    return versionPricing(leader);
  return (
    ownPricing(command) ?? {
      orderType: command.type,
      ...plainPricing(command.type, command.price, command.stopPrice),
    }
  );
}

/**
 * A leader order on another broker that is a StopLimit or a TrailingStop (`PlaceOrderCommand.venueType`), as
 * Tradovate's own type: a StopLimit's `price` is its limit; a TrailingStop's `pegDifference` is the trail, signed
 * as the stop sits from the market (below it for a sell, above it for a buy).
 */
function ownPricing(command: PlaceOrderCommand): JsonRecord | null {
  const { venueType, price, stopPrice, trail } = command;
  if (command.type !== 'Stop' || stopPrice === undefined) return null;
  if (venueType === 'StopLimit' && price !== undefined) return { orderType: 'StopLimit', price, stopPrice };
  if (venueType === 'TrailingStop' && trail !== undefined && trail > 0)
    return { orderType: 'TrailingStop', stopPrice, pegDifference: command.side === 'sell' ? -trail : trail };
  return null;
}

/**
 * What a modification sends, or null when there is nothing Tradovate would take: an order keeps its own type
 * (a StopLimit stays one, with the new prices); a trailing stop takes only a new quantity (the schema's
 * `TrailingStopNonOrderQtyModify`), its stop moves with the market by itself.
 */
export function modificationPricing(
  own: OrderVersionEntity | undefined,
  command: ModifyOrderCommand,
): JsonRecord | null {
  if (own === undefined || normalizeType(own.orderType) !== command.type || own.orderType === command.type)
    return { orderType: command.type, ...plainPricing(command.type, command.price, command.stopPrice) };
  if (trailing(own.orderType)) return command.qty === own.orderQty ? null : { orderType: own.orderType };
  return versionPricing({
    ...own,
    price: own.price === null ? null : (command.price ?? own.price),
    stopPrice: own.stopPrice === null ? null : (command.stopPrice ?? own.stopPrice),
  });
}
