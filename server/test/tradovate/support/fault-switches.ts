import fc from 'fast-check';
import type { FakeControl } from '../../../fakes/tradovate/control';

/** Which requests a switch hits: order commands, or every order endpoint, or the look-up lists. */
type Match = 'placeorder' | 'placeoco' | 'cancelorder' | 'modifyorder' | 'order/' | 'list';

/** One fault switch of the fake, armed for the requests the engine makes next. */
export type FaultSwitch =
  | { kind: 'none' }
  | { kind: 'http429'; match: Match; remaining: number; retryAfter: boolean }
  | { kind: 'penalty'; match: Match; remaining: number; captcha: boolean }
  /** Tradovate's 423 warning: the request is refused, the adapter slows down. */
  | { kind: 'warning423'; match: Match; remaining: number }
  /** A penalty ticket on the next token renewals (the rig's tokens are short-lived, so renewals happen). */
  | { kind: 'renewal-penalty'; remaining: number }
  /** Executed, then the connection dies before the answer. */
  | { kind: 'drop-after-accept'; match: Match; remaining: number }
  /** Reaches the fake after the adapter gave up on it (then executed): the look-up must wait for it. */
  | { kind: 'late-arrival'; match: Match; remaining: number }
  /** Executed, answered late: `late` past the adapter's request timeout (an uncertain answer). */
  | { kind: 'slow'; match: Match; remaining: number; late: boolean }
  | { kind: 'reject'; match: Match; remaining: number }
  /** Executed, answered with a body that is not JSON. */
  | { kind: 'garbage'; match: Match; remaining: number }
  | { kind: 'duplicate-events' }
  /**
   * The user-data sockets go: a `shutdown` event, a `c` close frame, or a cut without either; `resync429`
   * also refuses the next sync request with `{s: 429}`. `first`: before the leader acts, so its events
   * arrive on the next snapshot.
   */
  | { kind: 'sockets'; how: 'shutdown' | 'close' | 'drop'; resync429: boolean; first: boolean };

const match = fc.constantFrom<Match>(
  'placeorder',
  'placeorder',
  'placeoco',
  'order/',
  'cancelorder',
  'modifyorder',
  'list',
);
const remaining = fc.integer({ min: 1, max: 3 });

export const faultSwitch: fc.Arbitrary<FaultSwitch> = fc.oneof(
  { arbitrary: fc.constant({ kind: 'none' as const }), weight: 4 },
  {
    arbitrary: fc.record({
      kind: fc.constant('http429' as const),
      match,
      remaining,
      retryAfter: fc.boolean(),
    }),
    weight: 2,
  },
  {
    arbitrary: fc.record({ kind: fc.constant('penalty' as const), match, remaining, captcha: fc.boolean() }),
    weight: 2,
  },
  { arbitrary: fc.record({ kind: fc.constant('warning423' as const), match, remaining }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('renewal-penalty' as const), remaining }), weight: 2 },
  {
    arbitrary: fc.record({ kind: fc.constant('drop-after-accept' as const), match, remaining }),
    weight: 2,
  },
  {
    arbitrary: fc.record({ kind: fc.constant('slow' as const), match, remaining, late: fc.boolean() }),
    weight: 2,
  },
  { arbitrary: fc.record({ kind: fc.constant('late-arrival' as const), match, remaining }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('reject' as const), match, remaining }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('garbage' as const), match, remaining }), weight: 1 },
  { arbitrary: fc.constant({ kind: 'duplicate-events' as const }), weight: 1 },
  {
    arbitrary: fc.record({
      kind: fc.constant('sockets' as const),
      how: fc.constantFrom<'shutdown' | 'close' | 'drop'>('shutdown', 'close', 'drop'),
      resync429: fc.boolean(),
      first: fc.boolean(),
    }),
    weight: 2,
  },
);

/**
 * Arms a request fault (merged with whatever is still armed; socket faults are `cutSockets`). Answers a
 * probe telling afterwards whether the fault hit a request at all, and under which name it counts.
 */
export function armFault(
  control: FakeControl,
  fault: FaultSwitch,
  requestTimeoutMs: number,
): { name: string; fired: () => boolean } {
  if (fault.kind === 'none') return { name: 'none', fired: () => false };
  if (fault.kind === 'duplicate-events') {
    control.setFaults({ duplicateEvents: true });
    return { name: fault.kind, fired: () => true };
  }
  if (fault.kind === 'sockets')
    return { name: `sockets ${fault.how}${fault.resync429 ? ' + socket 429' : ''}`, fired: () => true };
  if (fault.kind === 'renewal-penalty') {
    const renewal = { match: 'renewaccesstoken', remaining: fault.remaining, pTime: 0.1, captcha: false };
    control.setFaults({ penalty: renewal });
    return { name: 'renewal penalty', fired: () => renewal.remaining < fault.remaining };
  }
  const rule = { match: fault.match, remaining: fault.remaining };
  const fired = (): boolean => rule.remaining < fault.remaining;
  switch (fault.kind) {
    case 'http429':
      control.setFaults({ http429: Object.assign(rule, fault.retryAfter ? { retryAfterSec: 1 } : {}) });
      return { name: fault.retryAfter ? 'http429 Retry-After' : 'http429', fired };
    case 'penalty':
      control.setFaults({ penalty: Object.assign(rule, { pTime: 0.1, captcha: fault.captcha }) });
      return { name: fault.captcha ? 'penalty captcha' : 'penalty', fired };
    case 'warning423':
      control.setFaults({ warning423: rule });
      return { name: 'warning 423', fired };
    case 'drop-after-accept':
      control.setFaults({ dropAfterAccept: rule });
      return { name: fault.kind, fired };
    case 'late-arrival':
      control.setFaults({ lateArrival: Object.assign(rule, { ms: requestTimeoutMs + 300 }) });
      return { name: 'late arrival', fired };
    case 'slow':
      control.setFaults({ slow: Object.assign(rule, { ms: fault.late ? requestTimeoutMs + 300 : 150 }) });
      return { name: fault.late ? 'slow past the timeout' : 'slow', fired };
    case 'reject':
      control.setFaults({
        reject: Object.assign(rule, {
          body: { failureReason: 'UnknownReason', failureText: 'Injected rejection' },
        }),
      });
      return { name: fault.kind, fired };
    case 'garbage':
      control.setFaults({ garbage: rule });
      return { name: fault.kind, fired };
  }
}

export function cutSockets(control: FakeControl, fault: Extract<FaultSwitch, { kind: 'sockets' }>): void {
  if (fault.resync429) control.setFaults({ socket429: { match: 'syncrequest', remaining: 1 } });
  if (fault.how === 'shutdown') control.shutdown('Maintenance');
  else if (fault.how === 'close') control.closeSockets(1000, 'Closed by server');
  else control.dropSockets();
}
