import { asRecord, optNumber, optString, reqNumber, timeOf } from './json';

/** The Tradovate entities the copier watches, validated from `unknown`; unknown extra fields are ignored. */
export interface OrderEntity {
  id: number;
  accountId: number;
  contractId: number;
  action: 'Buy' | 'Sell';
  ordStatus: string;
  parentId: number | null;
  /** The other order of a one-cancels-other pair (`placeOCO`, a bracket's two legs): Order.md `linkedId`. */
  linkedId: number | null;
  time: number;
}

export interface OrderVersionEntity {
  id: number;
  orderId: number;
  orderQty: number;
  orderType: string;
  price: number | null;
  stopPrice: number | null;
  /** A trailing stop's distance from the market (OrderVersion.md). */
  pegDifference: number | null;
}

export interface ExecutionReportEntity {
  id: number;
  orderId: number;
  execType: string;
  ordStatus: string | null;
  cumQty: number | null;
  reason: string | null;
}

/** `command` (Command.md): the only entity that carries our `clOrdId`; `orderId` joins it to the order. */
export interface CommandEntity {
  id: number;
  orderId: number;
  clOrdId: string | null;
  commandType: string;
  commandStatus: string;
}

/** `commandReport` (CommandReport.md): a risk rejection says why here. */
export interface CommandReportEntity {
  id: number;
  commandId: number;
  commandStatus: string;
  reason: string | null;
}

export interface FillEntity {
  id: number;
  orderId: number;
  contractId: number;
  action: 'Buy' | 'Sell';
  qty: number;
  price: number;
  time: number;
}

export interface PositionEntity {
  accountId: number;
  contractId: number;
  netPos: number;
  netPrice: number;
  /** When Tradovate last changed it (epoch ms; 0 when it did not say). */
  time: number;
}

export interface CashBalanceEntity {
  accountId: number;
  amount: number;
  realizedPnL: number;
  openPnL: number | null;
  time: number;
}

const action = (value: unknown, what: string): 'Buy' | 'Sell' => {
  if (value === 'Buy' || value === 'Sell') return value;
  throw new Error(`Tradovate sent a ${what} with an unknown action ${String(value)}`);
};
/** The entity's own timestamp, 0 when absent (then it never counts as older than anything). */
const stamp = (r: Record<string, unknown>): number => {
  const raw = r.timestamp;
  const parsed = typeof raw === 'string' ? Date.parse(raw) : typeof raw === 'number' ? raw : NaN;
  return Number.isFinite(parsed) ? parsed : 0;
};
const nullableNumber = (value: number | undefined): number | null => (value === undefined ? null : value);

export function parseOrder(value: unknown): OrderEntity {
  const r = asRecord(value, 'order');
  return {
    id: reqNumber(r, 'id', 'order'),
    accountId: reqNumber(r, 'accountId', 'order'),
    contractId: reqNumber(r, 'contractId', 'order'),
    action: action(r.action, 'order'),
    ordStatus: optString(r, 'ordStatus') ?? 'Unknown',
    parentId: nullableNumber(optNumber(r, 'parentId')),
    linkedId: nullableNumber(optNumber(r, 'linkedId')),
    time: timeOf(r),
  };
}

export function parseOrderVersion(value: unknown): OrderVersionEntity {
  const r = asRecord(value, 'orderVersion');
  return {
    id: reqNumber(r, 'id', 'orderVersion'),
    orderId: reqNumber(r, 'orderId', 'orderVersion'),
    orderQty: reqNumber(r, 'orderQty', 'orderVersion'),
    orderType: optString(r, 'orderType') ?? 'Market',
    price: nullableNumber(optNumber(r, 'price')),
    stopPrice: nullableNumber(optNumber(r, 'stopPrice')),
    pegDifference: nullableNumber(optNumber(r, 'pegDifference')),
  };
}

export function parseExecutionReport(value: unknown): ExecutionReportEntity {
  const r = asRecord(value, 'executionReport');
  const reason = [optString(r, 'rejectReason'), optString(r, 'text')]
    .filter((part) => part && part !== '')
    .join(': ');
  return {
    id: reqNumber(r, 'id', 'executionReport'),
    orderId: reqNumber(r, 'orderId', 'executionReport'),
    execType: optString(r, 'execType') ?? 'Unknown',
    ordStatus: optString(r, 'ordStatus') ?? null,
    cumQty: nullableNumber(optNumber(r, 'cumQty')),
    reason: reason === '' ? null : reason,
  };
}

const reasonOf = (r: Record<string, unknown>): string | null => {
  const text = [optString(r, 'rejectReason'), optString(r, 'text')]
    .filter((part) => part && part !== '' && part !== 'Success')
    .join(': ');
  return text === '' ? null : text;
};

export function parseCommand(value: unknown): CommandEntity {
  const r = asRecord(value, 'command');
  return {
    id: reqNumber(r, 'id', 'command'),
    orderId: reqNumber(r, 'orderId', 'command'),
    clOrdId: optString(r, 'clOrdId') ?? null,
    commandType: optString(r, 'commandType') ?? 'New',
    commandStatus: optString(r, 'commandStatus') ?? 'Pending',
  };
}

export function parseCommandReport(value: unknown): CommandReportEntity {
  const r = asRecord(value, 'commandReport');
  return {
    id: reqNumber(r, 'id', 'commandReport'),
    commandId: reqNumber(r, 'commandId', 'commandReport'),
    commandStatus: optString(r, 'commandStatus') ?? 'Pending',
    reason: reasonOf(r),
  };
}

export function parseFill(value: unknown): FillEntity {
  const r = asRecord(value, 'fill');
  return {
    id: reqNumber(r, 'id', 'fill'),
    orderId: reqNumber(r, 'orderId', 'fill'),
    contractId: reqNumber(r, 'contractId', 'fill'),
    action: action(r.action, 'fill'),
    qty: reqNumber(r, 'qty', 'fill'),
    price: reqNumber(r, 'price', 'fill'),
    time: timeOf(r),
  };
}

export function parsePosition(value: unknown): PositionEntity {
  const r = asRecord(value, 'position');
  return {
    accountId: reqNumber(r, 'accountId', 'position'),
    contractId: reqNumber(r, 'contractId', 'position'),
    netPos: reqNumber(r, 'netPos', 'position'),
    netPrice: optNumber(r, 'netPrice') ?? 0,
    time: stamp(r),
  };
}

export function parseCashBalance(value: unknown): CashBalanceEntity {
  const r = asRecord(value, 'cashBalance');
  return {
    accountId: reqNumber(r, 'accountId', 'cashBalance'),
    amount: reqNumber(r, 'amount', 'cashBalance'),
    realizedPnL: optNumber(r, 'realizedPnL') ?? 0,
    openPnL: nullableNumber(optNumber(r, 'openPnL')),
    time: stamp(r),
  };
}

export function parseContract(value: unknown): { id: number; name: string } {
  const r = asRecord(value, 'contract');
  const name = optString(r, 'name');
  if (!name) throw new Error('Tradovate sent a contract without a name');
  return { id: reqNumber(r, 'id', 'contract'), name };
}
