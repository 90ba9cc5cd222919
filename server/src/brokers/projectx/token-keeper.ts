import { BrokerError, type BrokerCredentials } from '../types';
import type { ProjectXTimings } from './config';
import { str } from './json';
import { ProjectXRefusal, type ProjectXRest, type RestAuth } from './rest-client';

/** LoginErrorCode values that mean the key itself no longer works: the user must connect again. */
export const LOGIN_REFUSED = 'ProjectX refused the user name or API key';
export const LOGIN_MESSAGES: Record<number, string> = {
  1: 'ProjectX does not know this user name',
  2: LOGIN_REFUSED,
  3: LOGIN_REFUSED,
  9: 'This ProjectX user has no API subscription (ApiSubscriptionNotFound): subscribe to the ProjectX API, then connect again',
  10: 'API key sign-in is disabled for this ProjectX user (ApiKeyAuthenticationDisabled): enable it or create a new key',
};

/** Signs in with the user name and API key; refusals become messages a trader can act on. */
export async function loginKey(rest: ProjectXRest, userName: string, apiKey: string): Promise<string> {
  try {
    const answer = await rest.call('Auth/loginKey', { userName, apiKey }, { anonymous: true });
    const token = str(answer, 'token');
    if (!token) throw new BrokerError('ProjectX signed in without a token', 'unavailable');
    return token;
  } catch (error: unknown) {
    if (error instanceof ProjectXRefusal)
      throw new BrokerError(
        // Another code's text is the host's own: not passed on.
        LOGIN_MESSAGES[error.errorCode] ?? LOGIN_REFUSED,
        'unauthorized',
      );
    throw error;
  }
}

/**
 * Holds the session token: renews it with `Auth/validate` before its 24 h run out, and signs in again with
 * the API key when the gateway ended the session (a second login elsewhere ends this one).
 */
export class TokenKeeper implements RestAuth {
  private credentials: BrokerCredentials;
  private inflight: Promise<boolean> | null = null;
  private timer: NodeJS.Timeout | undefined;
  rest!: ProjectXRest;

  constructor(
    credentials: BrokerCredentials,
    private readonly timings: ProjectXTimings,
    private readonly events: {
      onRenewed(credentials: BrokerCredentials): void;
      onReauthRequired(reason: string): void;
    },
  ) {
    this.credentials = { ...credentials };
  }

  token(): string {
    return this.credentials.accessToken;
  }

  current(): BrokerCredentials {
    return { ...this.credentials };
  }

  start(): void {
    this.schedule();
  }

  stop(): void {
    clearTimeout(this.timer);
  }

  /** `Auth/validate` for a new token; a dead session falls back to a fresh sign-in. */
  renew(): Promise<boolean> {
    return this.once(async () => {
      try {
        const answer = await this.rest.call('Auth/validate', {}, { noRecover: true });
        const fresh = str(answer, 'newToken') ?? str(answer, 'token');
        if (fresh) return this.store(fresh);
      } catch (error: unknown) {
        if (!(error instanceof BrokerError) || (error.code !== 'unauthorized' && error.code !== 'rejected'))
          throw error;
      }
      return this.signIn();
    });
  }

  recover(): Promise<boolean> {
    return this.once(() => this.signIn());
  }

  private async signIn(): Promise<boolean> {
    const { brokerUserId, apiKey } = this.credentials;
    if (!brokerUserId || !apiKey) {
      this.events.onReauthRequired('ProjectX ended the session and no API key is stored');
      return false;
    }
    try {
      return this.store(await loginKey(this.rest, brokerUserId, apiKey));
    } catch (error: unknown) {
      if (error instanceof BrokerError && error.code === 'unauthorized') {
        this.events.onReauthRequired(error.message);
        return false;
      }
      throw error;
    }
  }

  private store(token: string): boolean {
    this.credentials = {
      ...this.credentials,
      accessToken: token,
      expiresAt: Date.now() + this.timings.tokenLifetimeMs,
    };
    this.events.onRenewed(this.current());
    this.schedule();
    return true;
  }

  private once(work: () => Promise<boolean>): Promise<boolean> {
    if (this.inflight === null) this.inflight = work().finally(() => (this.inflight = null));
    return this.inflight;
  }

  private schedule(): void {
    clearTimeout(this.timer);
    const expiresAt = this.credentials.expiresAt ?? Date.now() + this.timings.tokenLifetimeMs;
    const delay = Math.max(1_000, expiresAt - this.timings.renewBeforeMs - Date.now());
    this.timer = setTimeout(
      () => void this.renew().catch(() => this.retrySoon()),
      Math.min(delay, 2 ** 31 - 1),
    );
    this.timer.unref();
  }

  private retrySoon(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.renew().catch(() => this.retrySoon()), 30_000);
    this.timer.unref();
  }
}
