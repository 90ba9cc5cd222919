import type { FeedMessage, SyncAccount } from '@synctrade/api/types';

type AccountData = Extract<FeedMessage, { type: 'account_data' }>;
type AccountDelta = Extract<FeedMessage, { type: 'account_delta' }>;

/**
 * One user's desk as the feed last sent it, numbered. Each new list becomes either a delta (only the
 * accounts whose content changed, when the ids and their order are the same) or, when accounts were added,
 * removed or reordered, the full `account_data`. Every message sent takes the next `seq`, so a client that
 * applies them in order holds exactly `accounts` and a client that sees a gap knows it must ask again.
 */
export class AccountStream {
  private seq = 0;
  private ids: number[] = [];
  private readonly texts = new Map<number, string>();
  private accounts: SyncAccount[] = [];

  /** Lists received, changed or not: a snapshot made meanwhile may be older than the last of them. */
  updates = 0;

  /** The next message for `next`, or null when nothing the desk shows changed. */
  update(next: SyncAccount[]): AccountData | AccountDelta | null {
    this.updates += 1;
    const sameIds = next.length === this.ids.length && next.every((a, i) => a.id === this.ids[i]);
    const changed: SyncAccount[] = [];
    for (const account of next) {
      const text = JSON.stringify(account);
      if (this.texts.get(account.id) !== text) changed.push(account);
      this.texts.set(account.id, text);
    }
    if (!sameIds) {
      const present = new Set(next.map((a) => a.id));
      for (const id of this.texts.keys()) if (!present.has(id)) this.texts.delete(id);
    }
    this.accounts = next;
    if (sameIds && changed.length === 0 && this.seq > 0) return null;
    this.seq += 1;
    if (!sameIds || this.seq === 1) {
      this.ids = next.map((a) => a.id);
      return this.full();
    }
    return { type: 'account_delta', seq: this.seq, accounts: changed };
  }

  /** The whole list under the latest number: what a client that joins or asks again receives. */
  full(): AccountData {
    return { type: 'account_data', accounts: this.accounts, seq: this.seq };
  }

  get started(): boolean {
    return this.seq > 0;
  }
}
