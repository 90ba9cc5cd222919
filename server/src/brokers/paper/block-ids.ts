import { BrokerError } from '../types';
import { ID_BLOCK_SIZE } from './ledger-store';

/** Where the venue numbers its orders and fills from. */
export interface IdSource {
  next(): number;
  /** Throws when fewer than `count` ids can be handed out without waiting (checked before a command changes anything). */
  ensure(count: number): void;
}

/** Numbers from 1 up, for a venue that lives in memory only (tests, benches). */
export class CountingIds implements IdSource {
  private value = 1;
  next(): number {
    return this.value++;
  }
  ensure(): void {}
}

/**
 * Ids from blocks of the database sequence: the next block is reserved while the current one is half used,
 * so numbering never waits for the database, and a restart starts a fresh block (ids never repeat, even ids
 * handed out just before a crash).
 */
export class BlockIds implements IdSource {
  private value: number;
  private end: number;
  private nextBlock: number | null = null;
  private reserving = false;

  constructor(
    first: number,
    private readonly reserve: () => Promise<number>,
    private readonly onError: (error: unknown) => void,
  ) {
    this.value = first;
    this.end = first + ID_BLOCK_SIZE;
  }

  next(): number {
    if (this.value >= this.end) {
      if (this.nextBlock === null) throw new Error('The paper venue ran out of reserved ids');
      this.value = this.nextBlock;
      this.end = this.nextBlock + ID_BLOCK_SIZE;
      this.nextBlock = null;
    }
    const id = this.value++;
    if (this.end - this.value < ID_BLOCK_SIZE / 2) this.prefetch();
    return id;
  }

  ensure(count: number): void {
    const left = this.end - this.value + (this.nextBlock === null ? 0 : ID_BLOCK_SIZE);
    if (left < count) {
      this.prefetch();
      throw new BrokerError('The paper venue is busy, try again in a moment', 'unavailable');
    }
  }

  private prefetch(): void {
    if (this.nextBlock !== null || this.reserving) return;
    this.reserving = true;
    this.reserve().then(
      (first) => {
        this.nextBlock = first;
        this.reserving = false;
      },
      (error: unknown) => {
        this.reserving = false;
        this.onError(error);
      },
    );
  }
}
