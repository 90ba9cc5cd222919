import type {
  FakeAccount,
  FakeCommand,
  FakeCommandReport,
  FakeContract,
  FakeFill,
  FakeOrder,
  FakePosition,
} from './venue-types';

// The clock's text and trade date, made once per millisecond: the same values as a fresh Date at that moment,
// without a Date and an ISO string for each of the ten or so entities of one placeorder.
let clockMs = Number.NaN;
let clockIso = '';
let clockDay = { year: 0, month: 0, day: 0 };
function readClock(): void {
  const ms = Date.now();
  if (ms === clockMs) return;
  const now = new Date(ms);
  clockMs = ms;
  clockIso = now.toISOString();
  clockDay = { year: now.getUTCFullYear(), month: now.getUTCMonth() + 1, day: now.getUTCDate() };
}

/** The time now as Tradovate writes timestamps (ISO 8601, UTC). */
export function isoNow(): string {
  readClock();
  return clockIso;
}

export const tradeDate = (): { year: number; month: number; day: number } => {
  readClock();
  return { year: clockDay.year, month: clockDay.month, day: clockDay.day };
};

/** Tradovate's JSON shapes for the venue's records (order carries no qty/price: those live in orderVersion). */
export function orderJson(order: FakeOrder): Record<string, unknown> {
  const json: Record<string, unknown> = {
    id: order.id,
    accountId: order.accountId,
    contractId: order.contractId,
    timestamp: order.timestamp,
    action: order.action,
    ordStatus: order.ordStatus,
  };
  if (order.parentId !== null) json.parentId = order.parentId;
  if (order.ocoSiblingId !== null) json.linkedId = order.ocoSiblingId;
  json.admin = false;
  json.archived = false;
  return json;
}

export function orderVersionJson(order: FakeOrder): Record<string, unknown> {
  const json: Record<string, unknown> = {
    id: order.versionId,
    orderId: order.id,
    orderQty: order.orderQty,
    orderType: order.orderType,
  };
  if (order.price !== null) json.price = order.price;
  if (order.stopPrice !== null) json.stopPrice = order.stopPrice;
  if (order.pegDifference !== null) json.pegDifference = order.pegDifference;
  json.timeInForce = order.orderType === 'Market' ? 'Day' : 'GTC';
  return json;
}

export function executionReportJson(
  id: number,
  commandId: number,
  order: FakeOrder,
  execType: 'New' | 'Replaced' | 'Canceled' | 'Trade' | 'Rejected',
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return Object.assign(
    {
      id,
      commandId,
      accountId: order.accountId,
      contractId: order.contractId,
      timestamp: isoNow(),
      tradeDate: tradeDate(),
      orderId: order.id,
      execType,
      ordStatus: order.ordStatus,
      action: order.action,
      cumQty: order.cumQty,
      avgPx: order.avgPx,
    },
    extra,
  );
}

// Field by field in the record's own order, not `{ ...record, more }`: the JSON is the same, and on the Node
// this runs on a spread followed by more fields cost 5–15 µs an object, several times per placeorder.
export function fillJson(fill: FakeFill): Record<string, unknown> {
  return {
    id: fill.id,
    orderId: fill.orderId,
    contractId: fill.contractId,
    action: fill.action,
    qty: fill.qty,
    price: fill.price,
    timestamp: fill.timestamp,
    tradeDate: tradeDate(),
    active: true,
    finallyPaired: 0,
  };
}

export function positionJson(position: FakePosition): Record<string, unknown> {
  return {
    id: position.id,
    accountId: position.accountId,
    contractId: position.contractId,
    netPos: position.netPos,
    netPrice: position.netPrice,
    bought: position.bought,
    boughtValue: position.boughtValue,
    sold: position.sold,
    soldValue: position.soldValue,
    timestamp: position.timestamp,
    tradeDate: tradeDate(),
    prevPos: 0,
  };
}

export function cashBalanceJson(account: FakeAccount): Record<string, unknown> {
  return {
    id: account.id,
    accountId: account.id,
    timestamp: isoNow(),
    tradeDate: tradeDate(),
    currencyId: 1,
    amount: account.amount,
    realizedPnL: account.realizedPnL,
    weekRealizedPnL: account.realizedPnL,
  };
}

export function accountJson(account: FakeAccount): Record<string, unknown> {
  return {
    id: account.id,
    name: account.name,
    userId: account.userId,
    accountType: 'Customer',
    active: account.active,
    clearingHouseId: 2,
    riskCategoryId: 2,
    autoLiqProfileId: 2,
    marginAccountType: 'Speculator',
    legalStatus: 'Individual',
    archived: false,
    timestamp: isoNow(),
    restricted: false,
    closed: !account.active,
  };
}

export function contractJson(contract: FakeContract): Record<string, unknown> {
  return {
    id: contract.id,
    name: contract.name,
    contractMaturityId: contract.id + 10_000,
    status: 'DefinitionChecked',
    providerTickSize: contract.tickSize,
  };
}

/** `command` (Command.md): `clOrdId` lives here, not on order, orderVersion or executionReport. */
export function commandJson(command: FakeCommand): Record<string, unknown> {
  return {
    id: command.id,
    orderId: command.orderId,
    timestamp: command.timestamp,
    ...(command.clOrdId !== null ? { clOrdId: command.clOrdId } : {}),
    commandType: command.commandType,
    commandStatus: command.commandStatus,
    isAutomated: command.isAutomated,
  };
}

/** `commandReport` (CommandReport.md). */
export function commandReportJson(report: FakeCommandReport): Record<string, unknown> {
  return { ...report };
}

/** `accountRiskStatus` (AccountRiskStatus.md): one per account, its id the account's id. */
export function accountRiskStatusJson(accountId: number): Record<string, unknown> {
  return { id: accountId, adminAction: 'Normal', userTriggeredLiqOnly: false };
}

const MONTH_CODES = 'FGHJKMNQUVXZ';

/**
 * `contractMaturity` (ContractMaturity.md): `id` (the contract's `contractMaturityId`), `productId`,
 * `expirationMonth` as YYYYMM, `expirationDate`, `archived`, `seqNo`, `isFront`. Read from the contract's name
 * (`ESZ6`: December of the nearest year ending in 6); the expiry is the month's third Friday.
 */
export function contractMaturityJson(
  contract: FakeContract,
  now: Date = new Date(),
): Record<string, unknown> {
  const match = /([FGHJKMNQUVXZ])(\d)$/.exec(contract.name);
  const monthIndex = match ? MONTH_CODES.indexOf(match[1]!) : 0;
  const base = now.getUTCFullYear() - 1;
  let year = base - (base % 10) + Number(match?.[2] ?? 0);
  if (year < base) year += 10;
  const firstDay = new Date(Date.UTC(year, monthIndex, 1)).getUTCDay();
  const expiry = new Date(Date.UTC(year, monthIndex, 1 + ((5 - firstDay + 7) % 7) + 14, 13, 30));
  return {
    id: contract.id + 10_000,
    productId: contract.id + 20_000,
    expirationMonth: year * 100 + monthIndex + 1,
    expirationDate: expiry.toISOString(),
    archived: expiry.getTime() < now.getTime(),
    seqNo: 1,
    isFront: false,
  };
}
