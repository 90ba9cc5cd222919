import type { FakeContext } from './context';
import { handleEntityRead } from './api-entities';
import { answerSyncRequest } from './sync-answer';
import * as json from './entities';

export type Body = Record<string, unknown>;
export interface ApiResult {
  status: number;
  body: unknown;
}

export const ok = (body: unknown): ApiResult => ({ status: 200, body });
export const num = (body: Body, key: string): number | undefined => {
  const value = body[key];
  const parsed = typeof value === 'string' && value !== '' ? Number(value) : value;
  return typeof parsed === 'number' && Number.isFinite(parsed) ? parsed : undefined;
};
export const str = (body: Body, key: string): string | undefined =>
  typeof body[key] === 'string' ? (body[key] as string) : undefined;

/** The read endpoints: user, accounts, balances and the entity lists, each scoped to the token's user. */
export function handleRead(
  ctx: FakeContext,
  endpoint: string,
  userId: number,
  query: URLSearchParams,
  body: Body,
): ApiResult | undefined {
  const { venue } = ctx;
  const user = venue.users.get(userId);
  const entityRead = handleEntityRead(ctx, endpoint, userId, query);
  if (entityRead) return entityRead;
  switch (endpoint) {
    case 'auth/me':
      return ok({
        userId,
        name: user?.name,
        fullName: user?.fullName,
        email: user?.email,
        emailVerified: true,
        isTrial: false,
      });
    case 'user/syncrequest': {
      // The REST form of the sync request answers the same snapshot (no events follow: those need a socket).
      const answer = answerSyncRequest((only) => venue.snapshot(userId, only), body);
      return { status: answer.status, body: answer.body };
    }
    case 'account/list':
      return ok(venue.accountsOf(userId).map(json.accountJson));
    case 'cashbalance/list':
      return ok(venue.accountsOf(userId).map(json.cashBalanceJson));
    case 'cashbalance/getcashbalancesnapshot': {
      const account = venue.accounts.get(num(body, 'accountId') ?? -1);
      if (!account || account.userId !== userId) return ok({ errorText: 'Access is denied' });
      return ok({
        accountId: account.id,
        totalCashValue: account.amount,
        netLiq: account.amount,
        openPnL: 0,
        realizedPnL: account.realizedPnL,
        weekRealizedPnL: account.realizedPnL,
        totalPnL: account.realizedPnL,
      });
    }
    case 'executionreport/list':
      return ok([]);
    case 'contract/find': {
      const contract = venue.contractBySymbol(query.get('name') ?? str(body, 'name') ?? '');
      return contract
        ? ok(json.contractJson(contract))
        : { status: 404, body: { errorText: 'Contract not found' } };
    }
    case 'contract/item': {
      const contract = venue.contracts.get(Number(query.get('id') ?? body.id));
      return contract
        ? ok(json.contractJson(contract))
        : { status: 404, body: { errorText: 'Contract not found' } };
    }
    case 'contract/items': {
      const ids = (query.get('ids') ?? '').split(',').map(Number);
      return ok(
        ids.flatMap((id) => {
          const contract = venue.contracts.get(id);
          return contract ? [json.contractJson(contract)] : [];
        }),
      );
    }
    case 'product/find': {
      const contract = [...venue.contracts.values()].find((c) => c.productName === (query.get('name') ?? ''));
      const name = query.get('name') ?? '';
      const known = contract ?? venue.contractBySymbol(`${name}Z6`);
      if (!known) return { status: 404, body: { errorText: 'Product not found' } };
      return ok({
        id: known.id + 20_000,
        name: known.productName,
        tickSize: known.tickSize,
        valuePerPoint: known.valuePerPoint,
        currencyId: 1,
        status: 'Verified',
      });
    }
    default:
      return undefined;
  }
}
