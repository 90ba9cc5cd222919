import { roundMoney } from '@synctrade/market';
import type { AccountSnapshot, BrokerPosition } from '../types';

/** One paper account's money and positions. */
export interface PaperAccount {
  externalId: string;
  name: string;
  startingBalance: number;
  /** Realized P&L over the account's life, and since the current trade day started. */
  realizedTotal: number;
  realizedDay: number;
  dayKey: string;
  positions: Map<string, { netPos: number; avgPrice: number }>;
}

/**
 * Books a fill: updates the position (average price of the open side) and returns the realized P&L in
 * account currency of the part that closed.
 */
export function bookFill(
  account: PaperAccount,
  symbol: string,
  signedQty: number,
  price: number,
  pointValue: number,
): number {
  const position = account.positions.get(symbol) ?? { netPos: 0, avgPrice: 0 };
  let realized = 0;
  const { netPos, avgPrice } = position;
  if (netPos === 0 || Math.sign(netPos) === Math.sign(signedQty)) {
    const total = netPos + signedQty;
    position.avgPrice = (avgPrice * Math.abs(netPos) + price * Math.abs(signedQty)) / Math.abs(total);
    position.netPos = total;
  } else {
    const closing = Math.min(Math.abs(netPos), Math.abs(signedQty));
    realized = (price - avgPrice) * closing * Math.sign(netPos) * pointValue;
    const total = netPos + signedQty;
    position.netPos = total;
    if (total === 0) position.avgPrice = 0;
    else if (Math.sign(total) !== Math.sign(netPos)) position.avgPrice = price;
  }
  account.positions.set(symbol, position);
  account.realizedTotal += realized;
  account.realizedDay += realized;
  return realized;
}

export function positionOf(account: PaperAccount, symbol: string): BrokerPosition {
  const position = account.positions.get(symbol) ?? { netPos: 0, avgPrice: 0 };
  return {
    accountExternalId: account.externalId,
    symbol,
    netPos: position.netPos,
    avgPrice: position.avgPrice,
  };
}

export function snapshotOf(account: PaperAccount, openPnl: number): AccountSnapshot {
  return {
    accountExternalId: account.externalId,
    cashBalance: roundMoney(account.startingBalance + account.realizedTotal),
    realizedPnl: roundMoney(account.realizedDay),
    openPnl: roundMoney(openPnl),
  };
}
