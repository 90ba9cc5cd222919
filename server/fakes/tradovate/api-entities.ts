import type { ApiResult } from './api-reads';
import type { FakeContext } from './context';
import * as json from './entities';

/** One entity type as Tradovate's REST serves it: `list`, `item?id=`, `items?ids=`, `deps?masterid=`, `ldeps?masterids=`. */
interface EntityTable {
  /** The user's rows, already in Tradovate's JSON shape. */
  rows(ctx: FakeContext, userId: number): Array<Record<string, unknown>>;
  /** The field `deps` filters on (the master entity's id), when the entity has a master. */
  master?: string;
}

const tables: Record<string, EntityTable> = {
  // services.swagger.yaml: /command/* (master: Order), /commandReport/* (master: Command).
  command: {
    rows: (ctx, userId) => ctx.venue.commandsOf(userId).map(json.commandJson),
    master: 'orderId',
  },
  commandreport: {
    rows: (ctx, userId) => ctx.venue.commandReportsOf(userId).map(json.commandReportJson),
    master: 'commandId',
  },
  // /order/* (master: Account), /orderVersion/* (master: Order), /fill/* (master: Order).
  order: { rows: (ctx, userId) => ctx.venue.ordersOf(userId).map(json.orderJson), master: 'accountId' },
  orderversion: {
    rows: (ctx, userId) => ctx.venue.ordersOf(userId).map(json.orderVersionJson),
    master: 'orderId',
  },
  fill: { rows: (ctx, userId) => ctx.venue.fillsOf(userId).map(json.fillJson), master: 'orderId' },
  position: {
    rows: (ctx, userId) => ctx.venue.positionsOf(userId).map(json.positionJson),
    master: 'accountId',
  },
  // /accountRiskStatus/* (master: Account; the status's id is its account's id).
  accountriskstatus: {
    rows: (ctx, userId) => ctx.venue.accountsOf(userId).map((a) => json.accountRiskStatusJson(a.id)),
    master: 'id',
  },
  // /contractMaturity/* (master: Product): public reference data, the same for every user.
  contractmaturity: {
    rows: (ctx) => [...ctx.venue.contracts.values()].map((c) => json.contractMaturityJson(c)),
    master: 'productId',
  },
};

const idsOf = (text: string | null): Set<number> =>
  new Set(
    (text ?? '')
      .split(',')
      .filter((part) => part.trim() !== '')
      .map(Number),
  );

/** Item and dependents reads of the entity tables above; undefined for any other endpoint. */
export function handleEntityRead(
  ctx: FakeContext,
  endpoint: string,
  userId: number,
  query: URLSearchParams,
): ApiResult | undefined {
  const [entity = '', operation = ''] = endpoint.split('/');
  const table = tables[entity];
  if (!table) return undefined;
  const rows = (): Array<Record<string, unknown>> => table.rows(ctx, userId);
  switch (operation) {
    case 'list':
      return { status: 200, body: rows() };
    case 'item': {
      const id = Number(query.get('id'));
      const row = rows().find((candidate) => candidate.id === id);
      return row
        ? { status: 200, body: row }
        : { status: 404, body: { errorText: `No ${entity} with id ${String(query.get('id'))}` } };
    }
    case 'items': {
      const ids = idsOf(query.get('ids'));
      return { status: 200, body: rows().filter((row) => ids.has(Number(row.id))) };
    }
    case 'deps':
    case 'ldeps': {
      if (!table.master) return undefined;
      const masters = idsOf(operation === 'deps' ? query.get('masterid') : query.get('masterids'));
      if (masters.size === 0)
        return {
          status: 400,
          body: { errorText: `${operation === 'deps' ? 'masterid' : 'masterids'} is required` },
        };
      const key = table.master;
      return { status: 200, body: rows().filter((row) => masters.has(Number(row[key]))) };
    }
    default:
      return undefined;
  }
}
