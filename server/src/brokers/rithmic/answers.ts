import type { RithmicMessage } from './codec';

/** The gateway refused a request: its `rp_code` (code, then text). Not a reason to reconnect. */
export class RithmicRefusal extends Error {
  constructor(
    readonly code: string,
    readonly text: string,
    readonly templateId: number,
  ) {
    super(`Rithmic refused request ${templateId - 1}: ${code}${text ? ` ${text}` : ''}`);
    this.name = 'RithmicRefusal';
  }

  /** Throttled by the gateway: no public code exists, the text is all there is. */
  get isRateLimit(): boolean {
    return /rate|throttl|too many requests/i.test(this.text);
  }
}

/** The answer did not come (the socket closed, or it timed out): the request may or may not have been handled. */
export class AnswerLost extends Error {
  constructor(
    readonly templateId: number,
    readonly why: string,
  ) {
    super(`No answer to Rithmic request ${templateId}: ${why}`);
    this.name = 'AnswerLost';
  }
}

/** The socket was not open: the request never left. */
export class NotSent extends Error {
  constructor(readonly why: string) {
    super(`Rithmic request not sent: ${why}`);
    this.name = 'NotSent';
  }
}

/** A complete answer: its data rows (and the terminal frame, which may carry data itself). */
export interface Answer {
  rows: RithmicMessage[];
  final: RithmicMessage;
  /** rp_code 7 "no data": an empty answer, not an error. */
  noData: boolean;
}

export function strings(message: RithmicMessage, field: string): string[] {
  const value = message[field];
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

export function text(message: RithmicMessage, field: string): string | undefined {
  const value = message[field];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

export function number(message: RithmicMessage, field: string): number | undefined {
  const value = message[field];
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** Money that arrives as a string in one message and a double in another (450 vs 451). */
export function money(message: RithmicMessage, field: string): number | undefined {
  const value = message[field];
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const parsed = Number(value.trim());
  return Number.isFinite(parsed) ? parsed : undefined;
}

/** Rows and final frame together: a single-frame answer carries its data on the terminal frame. */
export function dataOf(answer: Answer): RithmicMessage[] {
  if (answer.noData) return [];
  return answer.rows.length > 0 ? answer.rows : [answer.final];
}
