import { leavingNow } from '../shared/uncertain-sends';
import { BrokerError } from '../types';
import { businessError } from './business-errors';
import type { TradovateTimings } from './config';
import { type JsonRecord, preview } from './json';
import { penaltyOf } from './penalty';
import { UserRequestWindow, sleep } from './user-request-window';

export interface RestCall {
  method: 'GET' | 'POST';
  /** Path after the REST base, e.g. `order/placeorder`. */
  path: string;
  query?: Record<string, string>;
  body?: JsonRecord;
  /** Commands change state at the broker: a lost answer means `uncertain`, never a blind retry. */
  command?: boolean;
}

/** The session's authorized socket, when it is up: it answers REST endpoints as `{status, data}`. */
export interface SocketChannel {
  request(
    endpoint: string,
    body: JsonRecord | undefined,
    query: string,
  ): Promise<{ status: number; data: unknown }>;
}

/** An answer whichever transport brought it. */
interface Answer {
  status: number;
  retryAfter: string | null;
  text: string | null;
  data?: unknown;
}

/**
 * REST with Tradovate's conventions: Bearer token, budget, 429, penalty tickets, 200-body errors. Over HTTP,
 * or for commands over the session's socket when one is given and up (the same endpoints, answers and
 * failures: a command whose answer is lost on either transport is `uncertain`).
 */
export class TradovateRest {
  private channel: () => SocketChannel | undefined = () => undefined;

  constructor(
    private readonly baseUrl: string,
    private readonly token: () => string,
    private readonly budget: UserRequestWindow,
    private readonly timings: TradovateTimings,
    private readonly onUnauthorized: () => void = () => undefined,
  ) {}

  /** Commands go over this socket while it is up. */
  useSocket(channel: () => SocketChannel | undefined): void {
    this.channel = channel;
  }

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
    const channel = call.command ? this.channel() : undefined;
    if (channel) {
      // A failure that leaves a command uncertain tells when the request left (`UncertainSends`).
      const answered = await leavingNow(async () => {
        const answer = await this.sendOverSocket(channel, call, body, url.searchParams.toString());
        // A socket authorized with a token that has since been renewed: the command was not handled, HTTP
        // carries it with the current token.
        return answer.status === 401 ? null : { data: this.interpret(call, answer) };
      });
      if (answered !== null) return answered.data;
    }
    return leavingNow(() => this.overHttp(call, url, body));
  }

  private async overHttp(call: RestCall, url: URL, body: JsonRecord | undefined): Promise<unknown> {
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
    return this.interpret(call, {
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
      text,
    });
  }

  private async sendOverSocket(
    channel: SocketChannel,
    call: RestCall,
    body: JsonRecord | undefined,
    query: string,
  ): Promise<Answer> {
    try {
      const answer = await channel.request(call.path, body, query);
      return { status: answer.status, retryAfter: null, text: null, data: answer.data };
    } catch (error: unknown) {
      // Sent and then the socket closed or stayed silent: it may have been executed, as over HTTP.
      const why = error instanceof Error ? error.message : String(error);
      throw new BrokerError(
        `No answer from Tradovate to ${call.path} (${why}); it may have been executed`,
        'uncertain',
      );
    }
  }

  private interpret(call: RestCall, response: Answer): unknown {
    if (response.status === 429) {
      // Tradovate documents no Retry-After: a 429 locks the user out for about an hour.
      const retryAfter = Number(response.retryAfter);
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
    let data: unknown = response.data ?? null;
    const text = response.text;
    if (text !== null && text.trim() !== '') {
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
