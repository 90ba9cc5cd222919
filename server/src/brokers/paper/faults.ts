/**
 * Fault injection for tests: each armed fault hits the next matching command of one account (or any
 * account), once. The faults are those a real broker produces: a rejection, a timeout before the order got
 * through, a connection dropped after the order got through but before the answer, duplicated or replayed
 * events, and fills split into parts.
 */
export type PaperFault =
  | { kind: 'reject'; reason?: string }
  /** The request never reached the venue, but the caller cannot know: it gets an `uncertain` error. */
  | { kind: 'timeout' }
  /** The venue accepted the order, then the answer was lost: `uncertain` error, order live. */
  | { kind: 'drop-after-send' }
  /** The next look-up of an order by client order id gets no answer: `uncertain` error. */
  | { kind: 'lookup-lost' }
  /** Every event of the next command is delivered twice. */
  | { kind: 'duplicate-events' }
  /** After the next command, the account's last `count` events are delivered again. */
  | { kind: 'replay-events'; count: number }
  /**
   * The next order to fill fills in these parts (the remainder fills last): a market order as it is placed, or a
   * resting one (a limit, a stop, a bracket leg) as the market reaches it.
   */
  | { kind: 'partial-fills'; parts: number[] };

interface ArmedFault {
  accountExternalId: string | null;
  fault: PaperFault;
}

export class FaultPlan {
  private armed: ArmedFault[] = [];

  /** Arms a fault for the next command on `accountExternalId` (null: any account). */
  arm(fault: PaperFault, accountExternalId: string | null = null): void {
    this.armed.push({ accountExternalId, fault });
  }

  /** Takes the first armed fault of those kinds that applies to the account. */
  take<K extends PaperFault['kind']>(
    accountExternalId: string,
    kinds: readonly K[],
  ): Extract<PaperFault, { kind: K }> | null {
    const index = this.armed.findIndex(
      (entry) =>
        (entry.accountExternalId === null || entry.accountExternalId === accountExternalId) &&
        (kinds as readonly string[]).includes(entry.fault.kind),
    );
    if (index < 0) return null;
    const [entry] = this.armed.splice(index, 1);
    return (entry?.fault ?? null) as Extract<PaperFault, { kind: K }> | null;
  }

  clear(): void {
    this.armed = [];
  }
}
