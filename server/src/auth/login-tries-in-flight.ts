/**
 * Sign-in tries this node is checking right now, per account and address and per account, counted before their
 * first statement. The database counts a try as a failure from its reservation until it succeeds, so once as
 * many tries are in flight as a limit allows, the database will refuse the next one as soon as their rows land:
 * this node refuses it already, without the reads a burst would otherwise queue on the database's thread.
 * Each node counts only its own tries; across nodes the database stays the truth.
 */
export class LoginTriesInFlight {
  private readonly pairs = new Map<string, number>();
  private readonly accounts = new Map<string, number>();

  /** Tries of this account from this address being checked on this node. */
  pair(email: string, ip: string): number {
    return this.pairs.get(pairKey(email, ip)) ?? 0;
  }

  /** Tries of this account from any address being checked on this node. */
  account(email: string): number {
    return this.accounts.get(email) ?? 0;
  }

  /** Counts a try until the answered function is called (more calls change nothing). */
  enter(email: string, ip: string): () => void {
    const key = pairKey(email, ip);
    add(this.pairs, key, 1);
    add(this.accounts, email, 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      add(this.pairs, key, -1);
      add(this.accounts, email, -1);
    };
  }
}

function pairKey(email: string, ip: string): string {
  return `${ip} ${email}`;
}

/** Entries at zero are dropped, so the maps hold only tries in flight. */
function add(counts: Map<string, number>, key: string, delta: number): void {
  const next = (counts.get(key) ?? 0) + delta;
  if (next > 0) counts.set(key, next);
  else counts.delete(key);
}
