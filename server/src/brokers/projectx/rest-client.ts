import { sleep } from '../shared/sleep';
import { leavingNow } from '../shared/uncertain-sends';
import { BrokerError } from '../types';
import type { ProjectXTimings } from './config';
import { type GatewayNet, HostNotAllowed } from './gateway-net';
import { isRecord, type Json, num, str } from './json';
import type { RequestWindow } from './request-window';

/** The gateway answered `success: false`: a refusal with its error code (HTTP 200 does not mean success). */
export class ProjectXRefusal extends BrokerError {
  constructor(
    message: string,
    readonly errorCode: number,
    readonly endpoint: string,
  ) {
    super(message, 'rejected');
    this.name = 'ProjectXRefusal';
  }
}

export interface RestAuth {
  token(): string;
  /** The gateway said 401: sign in again; false when that is impossible (the user must reconnect). */
  recover(): Promise<boolean>;
}

export interface CallOptions {
  /** An order command: when the answer is lost it may have been executed (`uncertain`), and a full budget refuses at once. */
  command?: boolean;
  /** Sign-in calls carry no token. */
  anonymous?: boolean;
  /** Token renewal itself: a 401 is answered as it is, not by signing in again from inside the renewal. */
  noRecover?: boolean;
}

/** Every gateway call: `POST <base>/api/<path>` with a JSON body and the bearer token, answered in the envelope. */
export class ProjectXRest {
  constructor(
    readonly baseUrl: string,
    private readonly net: GatewayNet,
    private readonly window: RequestWindow,
    private readonly timings: ProjectXTimings,
    private readonly auth?: RestAuth,
  ) {}

  async call(path: string, body: object, options: CallOptions = {}): Promise<Json> {
    for (let attempt = 0; ; attempt += 1) {
      await this.spend(options);
      const recover = !options.anonymous && !options.noRecover && attempt === 0 && this.auth !== undefined;
      // A failure that leaves a command uncertain tells when the request left (`UncertainSends`).
      const answered = await leavingNow(async () => {
        const answer = await this.send(path, body, options);
        return answer.status === 401 && recover ? null : { data: this.read(path, answer, options) };
      });
      if (answered !== null) return answered.data;
      // Not executed: a 401 is answered before the call runs, so it may be sent again with a new token.
      if (await this.auth?.recover()) continue;
      throw new BrokerError('ProjectX ended the session and the API key no longer signs in', 'unauthorized');
    }
  }

  private async spend(options: CallOptions): Promise<void> {
    for (;;) {
      const retryAt = this.window.take();
      if (retryAt === 0) return;
      if (options.command)
        throw new BrokerError(
          'ProjectX request budget is spent (200 requests per minute)',
          'rate_limited',
          retryAt,
        );
      await sleep(Math.max(10, retryAt - Date.now()));
    }
  }

  private async send(
    path: string,
    body: object,
    options: CallOptions,
  ): Promise<{ status: number; text: string; retryAfter: string | null }> {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      accept: 'application/json',
    };
    if (!options.anonymous && this.auth) headers.authorization = `Bearer ${this.auth.token()}`;
    try {
      const response = await this.net.request(`${this.baseUrl}/api/${path}`, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.timings.requestTimeoutMs),
      });
      return {
        status: response.status,
        text: await response.text(),
        retryAfter: response.headers.get('retry-after'),
      };
    } catch (error: unknown) {
      const refused = error instanceof Error && !(error instanceof HostNotAllowed) ? error.cause : error;
      if (refused instanceof HostNotAllowed) throw refused;
      const reason = error instanceof Error ? error.message : String(error);
      throw new BrokerError(
        `ProjectX did not answer ${path} (${reason})`,
        options.command ? 'uncertain' : 'unavailable',
      );
    }
  }

  private read(
    path: string,
    answer: { status: number; text: string; retryAfter: string | null },
    options: CallOptions,
  ): Json {
    if (answer.status === 429) {
      const seconds = Number(answer.retryAfter);
      const retryAt = Date.now() + (Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 60_000);
      this.window.block(retryAt);
      throw new BrokerError('ProjectX rate limit reached (HTTP 429)', 'rate_limited', retryAt);
    }
    if (answer.status >= 300 && answer.status < 400)
      // Redirects are never followed: the key would travel to wherever the answer points.
      throw new BrokerError(
        `ProjectX answered ${path} with a redirect`,
        options.command ? 'uncertain' : 'unavailable',
      );
    if (answer.status === 401) throw new BrokerError('ProjectX refused the session token', 'unauthorized');
    let parsed: unknown;
    try {
      parsed = JSON.parse(answer.text);
    } catch {
      parsed = undefined;
    }
    if (answer.status >= 500 || !isRecord(parsed)) {
      // A command answered by a server error or garbage may still have been executed.
      throw new BrokerError(
        `ProjectX answered ${path} with HTTP ${answer.status} and no readable body`,
        options.command ? 'uncertain' : 'unavailable',
      );
    }
    if (answer.status !== 200)
      throw new BrokerError(
        `ProjectX refused ${path} (HTTP ${answer.status})`,
        answer.status === 404 ? 'not_found' : 'rejected',
      );
    if (parsed.success !== true || (num(parsed, 'errorCode') ?? 0) !== 0) {
      const code = num(parsed, 'errorCode') ?? -1;
      throw new ProjectXRefusal(
        str(parsed, 'errorMessage') ?? `ProjectX refused ${path} (error ${code})`,
        code,
        path,
      );
    }
    return parsed;
  }
}
