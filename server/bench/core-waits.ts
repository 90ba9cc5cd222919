/**
 * How long a thread of another process has waited for a core, read from outside it (Linux: the second field of
 * `/proc/<pid>/task/<tid>/schedstat`, nanoseconds runnable but not running). The e2e bench reads the server's
 * main thread before and after each ticket, costing the server nothing, to tell the copies the machine held up
 * (the thread ready to run while another task had the core) from those slow by the server's own work.
 */
import { closeSync, openSync, readSync } from 'node:fs';

/**
 * Each process's schedstat file, opened once and read again from its start: the copier benches read it at both
 * ends of every event, in the fake's process too, and opening and closing it each time was two thirds of a read's
 * cost (4.6 µs against 1.7).
 */
const opened = new Map<number, number>();
const buffer = Buffer.alloc(256);

/** Milliseconds the process's main thread has waited for a core since it started, or null off Linux. */
export function coreWaitMs(pid: number): number | null {
  try {
    let fd = opened.get(pid);
    if (fd === undefined) {
      fd = openSync(`/proc/${pid}/task/${pid}/schedstat`, 'r');
      opened.set(pid, fd);
    }
    const length = readSync(fd, buffer, 0, buffer.length, 0);
    const waited = Number(buffer.toString('latin1', 0, length).trim().split(/\s+/)[1]);
    return Number.isFinite(waited) ? waited / 1e6 : null;
  } catch {
    forget(pid);
    return null;
  }
}

/** Closes a process's file once it can no longer be read (the process has ended). */
function forget(pid: number): void {
  const fd = opened.get(pid);
  if (fd === undefined) return;
  opened.delete(pid);
  try {
    closeSync(fd);
  } catch {
    // Already closed: nothing to release.
  }
}

/** The main threads' waits for a core so far, summed over the processes (ms; 0 off Linux). */
export function coreWaits(pids: readonly number[]): number {
  let sum = 0;
  for (const pid of pids) sum += coreWaitMs(pid) ?? 0;
  return sum;
}

export interface TicketSpan {
  /** Wall clock (ms) the ticket was sent, and when its copies were all seen on the desk's feed. */
  from: number;
  to: number;
  /** The server's main thread's wait for a core within the span (ms), or null when it cannot be read. */
  waitedMs: number | null;
}

export interface TimedCopy {
  time: string;
  latency_ms: number | null;
}

/** Each copy's latency with the span it belongs to (by its order's time), copies outside every span left out. */
export function copiesByTicket(
  spans: readonly TicketSpan[],
  copies: readonly TimedCopy[],
): Array<{ span: TicketSpan; latencies: number[] }> {
  const tickets = spans.map((span) => ({ span, latencies: [] as number[] }));
  for (const copy of copies) {
    if (copy.latency_ms === null) continue;
    const at = Date.parse(copy.time);
    // The order's time is stored to the millisecond: a copy stamped in the span's last millisecond still counts.
    const ticket = tickets.find(({ span }) => at >= Math.floor(span.from) && at <= Math.ceil(span.to));
    ticket?.latencies.push(copy.latency_ms);
  }
  return tickets.filter((ticket) => ticket.latencies.length > 0);
}
