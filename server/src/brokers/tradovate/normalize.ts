import type {
  AccountSnapshot,
  BrokerOrder,
  BrokerOrderStatus,
  BrokerOrderType,
  BrokerPosition,
} from '../types';
import type {
  CashBalanceEntity,
  ExecutionReportEntity,
  OrderEntity,
  OrderVersionEntity,
  PositionEntity,
} from './entities';

const statusMap: Record<string, BrokerOrderStatus> = {
  PendingNew: 'PendingNew',
  Unknown: 'PendingNew',
  Working: 'Working',
  Suspended: 'Working',
  PendingCancel: 'Working',
  PendingReplace: 'Working',
  Filled: 'Filled',
  Completed: 'Filled',
  Canceled: 'Canceled',
  Expired: 'Canceled',
  Rejected: 'Rejected',
};

export function normalizeStatus(ordStatus: string): BrokerOrderStatus {
  return statusMap[ordStatus] ?? 'PendingNew';
}

export function normalizeType(orderType: string): BrokerOrderType {
  if (orderType === 'Limit' || orderType === 'MIT') return 'Limit';
  if (
    orderType === 'Stop' ||
    orderType === 'StopLimit' ||
    orderType === 'TrailingStop' ||
    orderType === 'TrailingStopLimit'
  )
    return 'Stop';
  return 'Market';
}

export interface OrderParts {
  order: OrderEntity;
  version: OrderVersionEntity | undefined;
  report: ExecutionReportEntity | undefined;
  /** Why a command on the order was refused (a command report), when the execution report says nothing. */
  commandReason: string | null;
  filledQty: number;
  clientOrderId: string | null;
  symbol: string;
}

export function toBrokerOrder(parts: OrderParts): BrokerOrder {
  const { order, version, report } = parts;
  const status = normalizeStatus(order.ordStatus);
  const qty = version?.orderQty ?? 0;
  return {
    orderId: String(order.id),
    clientOrderId: parts.clientOrderId,
    accountExternalId: String(order.accountId),
    symbol: parts.symbol,
    side: order.action === 'Buy' ? 'buy' : 'sell',
    qty,
    filledQty: status === 'Filled' ? Math.max(parts.filledQty, qty) : parts.filledQty,
    type: normalizeType(version?.orderType ?? 'Market'),
    price: version?.price ?? null,
    stopPrice: version?.stopPrice ?? null,
    status,
    reason: status === 'Rejected' ? (report?.reason ?? parts.commandReason ?? 'Rejected by Tradovate') : null,
    parentOrderId: order.parentId === null ? null : String(order.parentId),
    ...(order.linkedId === null ? {} : { linkedOrderId: String(order.linkedId) }),
    ...ownType(version),
    time: order.time,
  };
}

/**
 * A StopLimit or a TrailingStop (with its trail, `pegDifference` as a distance) says so, so a follower on another
 * broker gets it as itself; Tradovate followers read the version itself (`order-shapes.ts`).
 */
function ownType(version: OrderVersionEntity | undefined): Pick<BrokerOrder, 'venueType' | 'trail'> {
  if (version?.orderType === 'StopLimit') return { venueType: 'StopLimit' };
  if (version?.orderType === 'TrailingStop' && version.pegDifference !== null && version.pegDifference !== 0)
    return { venueType: 'TrailingStop', trail: Math.abs(version.pegDifference) };
  return {};
}

export function toBrokerPosition(position: PositionEntity, symbol: string): BrokerPosition {
  return {
    accountExternalId: String(position.accountId),
    symbol,
    netPos: position.netPos,
    avgPrice: position.netPrice,
  };
}

export function toAccountSnapshot(cash: CashBalanceEntity): AccountSnapshot {
  return {
    accountExternalId: String(cash.accountId),
    cashBalance: cash.amount,
    realizedPnl: cash.realizedPnL,
    openPnl: cash.openPnL ?? 0,
  };
}
