import { BrokerError } from '../types';
import { businessError } from './business-errors';
import type { TradovateTimings } from './config';
import { type JsonRecord, preview } from './json';
import { penaltyOf } from './penalty';
import { RequestBudget, sleep } from './request-budget';

export interface RestCall {
  method: 'GET' | 'POST';
  /** Path after the REST base, e.g. `order/placeorder`. */
  path: string;
  query?: Record<string, string>;
  body?: JsonRecord;
  /** Commands change state at the broker: a lost answer means `uncertain`, never a blind retry. */
  command?: boolean;
}

/** REST over HTTP with Tradovate's conventions: Bearer token, budget, 429, penalty tickets, 200-body errors. */
export class TradovateRest {
  constructor(
    private readonly baseUrl: string,
    private readonly token: () => string,
    private readonly budget: RequestBudget,
    private readonly timings: TradovateTimings,
    private readonly onUnauthorized: () => void = () => undefined,
  ) {}

  async call(call: RestCall): Promise<unknown> {
    await this.budget.take(this.timings.budgetWaitMs);
    let ticket: string | undefined;
    // Penalty tickets: wait exactly `p-time`, then resend the same body plus the ticket.
    for (let attempt = 0; ; attempt += 1) {
      const data = await this.send(call, ticket);
      const penalty = penaltyOf(data);
      if (!penalty) {
        const failure = businessError(data);
        if (failure) throw failure;
        return data;
      }
      if (penalty.captcha || attempt >= 5) {
        const until = Date.now() + this.timings.captchaBackoffMs;
        this.budget.blockUntil(until);
        throw new BrokerError(
          penalty.captcha
            ? 'Tradovate requires a captcha for this user (too many requests); requests stop for a while'
            : 'Tradovate kept issuing penalty tickets; requests stop for a while',
          'rate_limited',
          until,
        );
      }
      this.budget.blockUntil(Date.now() + penalty.waitMs);
      await sleep(penalty.waitMs);
      this.budget.forceTake();
      ticket = penalty.ticket;
    }
  }

  private async send(call: RestCall, ticket: string | undefined): Promise<unknown> {
    const url = new URL(`${this.baseUrl}/${call.path}`);
    for (const [key, value] of Object.entries(call.query ?? {})) url.searchParams.set(key, value);
    // The resend after a penalty is the same request plus the ticket (in the body, or the query for a GET).
    const body: JsonRecord | undefined = call.method === 'POST' ? { ...(call.body ?? {}) } : undefined;
    if (ticket !== undefined) {
      if (body) body['p-ticket'] = ticket;
      else url.searchParams.set('p-ticket', ticket);
    }
    let response: Response;
    let text: string;
    try {
      response = await fetch(url, {
        method: call.method,
        headers: {
          authorization: `Bearer ${this.token()}`,
          accept: 'application/json',
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(this.timings.requestTimeoutMs),
      });
      text = await response.text();
    } catch (error: unknown) {
      const why = error instanceof Error ? error.message : String(error);
      if (call.command) {
        throw new BrokerError(
          `No answer from Tradovate to ${call.path} (${why}); it may have been executed`,
          'uncertain',
        );
      }
      throw new BrokerError(`Tradovate is unreachable (${call.path}: ${why})`, 'unavailable');
    }
    return this.interpret(call, response, text);
  }

  private interpret(call: RestCall, response: Response, text: string): unknown {
    if (response.status === 429) {
      // Tradovate documents no Retry-After: a 429 locks the user out for about an hour.
      const retryAfter = Number(response.headers.get('retry-after'));
      const until =
        Date.now() +
        (Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : this.timings.rateLimitLockoutMs);
      this.budget.lockOut(until);
      throw new BrokerError(lockoutMessage(until), 'rate_limited', until);
    }
    if (response.status === 423) {
      // A warning before the lockout: the request was not handled; slow down and let the caller retry later.
      this.budget.slowDown(this.timings.warningSlowdownMs);
      const until = Date.now() + this.timings.warningPauseMs;
      this.budget.blockUntil(until);
      throw new BrokerError(
        'Tradovate warned that this user sends too many requests (HTTP 423); requests slow down',
        'rate_limited',
        until,
      );
    }
    if (response.status === 401) {
      this.onUnauthorized();
      throw new BrokerError('Tradovate refused the access token', 'unauthorized');
    }
    if (response.status >= 500) {
      const code = call.command ? 'uncertain' : 'unavailable';
      throw new BrokerError(`Tradovate answered HTTP ${response.status} to ${call.path}`, code);
    }
    if (response.status === 404) throw new BrokerError(`Tradovate has no ${call.path}`, 'not_found');
    let data: unknown = null;
    if (text.trim() !== '') {
      try {
        data = JSON.parse(text);
      } catch {
        const code = call.command ? 'uncertain' : 'unavailable';
        throw new BrokerError(`Tradovate sent a malformed reply to ${call.path}: ${preview(text)}`, code);
      }
    }
    if (response.status >= 400) {
      throw (
        businessError(data) ??
        new BrokerError(
          `Tradovate answered HTTP ${response.status} to ${call.path}: ${preview(data)}`,
          'rejected',
        )
      );
    }
    return data;
  }
}

export function lockoutMessage(until: number): string {
  const at = new Date(until).toISOString().slice(11, 16);
  return `Tradovate stopped serving this user after too many requests (HTTP 429); nothing is sent to it until ${at} UTC, then copying resumes and positions are reconciled`;
}
