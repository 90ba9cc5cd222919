/**
 * The venue's working orders, by id and by account: a fill, a flatten or a reading of one login's orders walks
 * that account's orders only, never every working order of every trader on the server.
 */
export class WorkingOrders {
  /** Order id → its place in the order the orders started working (the order readings answer in). */
  private readonly sequence = new Map<string, number>();
  private readonly byAccount = new Map<string, Set<string>>();
  private next = 0;

  add(order: { orderId: string; accountExternalId: string }): void {
    if (this.sequence.has(order.orderId)) return;
    this.sequence.set(order.orderId, this.next);
    this.next += 1;
    const ids = this.byAccount.get(order.accountExternalId);
    if (ids === undefined) this.byAccount.set(order.accountExternalId, new Set([order.orderId]));
    else ids.add(order.orderId);
  }

  delete(order: { orderId: string; accountExternalId: string }): void {
    if (!this.sequence.delete(order.orderId)) return;
    const ids = this.byAccount.get(order.accountExternalId);
    ids?.delete(order.orderId);
    if (ids?.size === 0) this.byAccount.delete(order.accountExternalId);
  }

  has(orderId: string): boolean {
    return this.sequence.has(orderId);
  }

  /** Every working order's id, oldest first: a copy, so the caller may end orders while it walks them. */
  all(): string[] {
    return [...this.sequence.keys()];
  }

  /** The working orders of these accounts, oldest first (a copy). */
  of(accountIds: readonly string[]): string[] {
    if (accountIds.length === 1) return [...(this.byAccount.get(accountIds[0] as string) ?? [])];
    const ids = [...new Set(accountIds)].flatMap((account) => [...(this.byAccount.get(account) ?? [])]);
    return ids.sort((a, b) => (this.sequence.get(a) ?? 0) - (this.sequence.get(b) ?? 0));
  }
}
