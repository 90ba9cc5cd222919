import type { WorkingOrder } from '@synctrade/api/types';
import type { CopyEngine } from '../engine/engine';
import { settleWithin, type OwnedAccount } from '../repo/owned-account';

/**
 * Flattens the given accounts (already checked to be the caller's) and answers what failed, one
 * "account: reason" per account. The leaders go first and their exits are copied: followers then close through
 * the copier, not twice.
 */
export async function flattenAccounts(
  engine: CopyEngine,
  userId: number,
  accounts: readonly OwnedAccount[],
): Promise<string[]> {
  const failures: string[] = [];
  const flatten = async (accountId: number): Promise<void> => {
    const live = engine.sessionOf(accountId);
    if (live === undefined) return;
    await live.session.flatten(live.account.externalId).catch((error: unknown) => {
      failures.push(`${live.account.name}: ${error instanceof Error ? error.message : String(error)}`);
    });
  };
  // Every group's leader first (each group's exits are then copied), the rest once the copies settled.
  const leaders = accounts.filter((account) => account.is_master);
  if (leaders.length > 0) {
    await Promise.all(leaders.map((leader) => flatten(leader.id)));
    await settleWithin(engine.idle(userId), 10_000);
  }
  await Promise.all(accounts.filter((account) => !account.is_master).map((account) => flatten(account.id)));
  return failures;
}

/** The user's working orders at their brokers (of `only` among them): what Cancel all orders and Flatten would cancel. */
export async function workingOrders(
  engine: CopyEngine,
  userId: number,
  only?: ReadonlySet<number>,
): Promise<WorkingOrder[]> {
  const accounts = [...engine.accounts.values()]
    .filter((account) => account.userId === userId && (only === undefined || only.has(account.id)))
    .sort((a, b) => a.id - b.id);
  const lists = await Promise.all(
    accounts.map(async (account) => {
      const live = engine.sessionOf(account.id);
      if (live === undefined) return [];
      const working = await live.session.workingOrders().catch(() => []);
      return working
        .filter((order) => order.accountExternalId === account.externalId && order.status === 'Working')
        .map((order): WorkingOrder => ({
          account: account.id,
          account_name: account.name,
          order_id: order.orderId,
          contract: order.symbol,
          side: order.side,
          type: order.type,
          qty: order.qty - order.filledQty,
          price: order.price,
          stop_price: order.stopPrice,
        }));
    }),
  );
  return lists.flat();
}

/**
 * Cancels every working order of the user's accounts (or of `only` among them) at their brokers; an order that
 * cannot be cancelled is left. Answers how many were cancelled.
 */
export async function cancelAllOrders(
  engine: CopyEngine,
  userId: number,
  only?: ReadonlySet<number>,
): Promise<number> {
  const accounts = [...engine.accounts.values()].filter(
    (account) => account.userId === userId && (only === undefined || only.has(account.id)),
  );
  let canceled = 0;
  await Promise.all(
    accounts.map(async (account) => {
      const live = engine.sessionOf(account.id);
      if (live === undefined) return;
      const working = (await live.session.workingOrders().catch(() => [])).filter(
        (order) => order.accountExternalId === account.externalId,
      );
      await Promise.all(
        working.map((order) =>
          live.session.cancelOrder(account.externalId, order.orderId).then(
            () => {
              canceled += 1;
            },
            () => undefined,
          ),
        ),
      );
    }),
  );
  return canceled;
}
