import { BrokerError, type BrokerAdapter, type BrokerCredentials } from '../types';
import type { PaperConsents } from './authorizations';
import { PaperSession } from './session';
import type { PaperVenue } from './venue';

export const SIM_ACCOUNTS_PER_LOGIN = 4;

export interface PaperAdapterOptions {
  publicUrl: string;
  venue: PaperVenue;
  /** Where pending consents and codes live (the database on a server; any node serves the page). */
  authorizations: PaperConsents;
}

/** Credentials of a sim login: `sim:<login key>:<account count>`; the accounts follow from them. */
function parseToken(credentials: BrokerCredentials): { loginKey: string; count: number } {
  const match = /^sim:(\d+):(\d+)$/.exec(credentials.accessToken);
  if (match?.[1] === undefined || match[2] === undefined)
    throw new BrokerError('Invalid paper broker credentials', 'unauthorized');
  return { loginKey: match[1], count: Number(match[2]) };
}

/** The built-in paper broker: consent on our own page, accounts on the shared in-process venue. */
export function createPaperAdapter(options: PaperAdapterOptions): BrokerAdapter {
  const { venue, authorizations } = options;
  const base = options.publicUrl.replace(/\/+$/, '');
  return {
    id: 'sim',
    name: 'Paper trading (SyncTrade Sim)',
    connectable: true,
    // The paper venue is in-process: budgets only guard against runaway loops.
    requestsPerMinute: 60_000,
    async prepareAuthorization({ state, environment, redirectUri }) {
      await authorizations.expect(state, redirectUri, environment);
    },
    authorizeUrl({ state, environment, redirectUri }) {
      const query = new URLSearchParams({ state, redirect_uri: redirectUri, environment });
      return `${base}/api/v1/brokers/sim/authorize?${query.toString()}`;
    },
    async completeAuthorization({ code }) {
      const loginKey = await authorizations.redeem(code);
      if (loginKey === undefined)
        throw new BrokerError('The authorization code is invalid or expired', 'unauthorized');
      const accounts = venue.ensureAccounts(loginKey, SIM_ACCOUNTS_PER_LOGIN);
      return {
        credentials: { accessToken: `sim:${loginKey}:${SIM_ACCOUNTS_PER_LOGIN}`, brokerUserId: loginKey },
        userData: `paper-trader-${loginKey}`,
        accounts: accounts.map((account) => ({
          externalId: account.externalId,
          name: account.name,
          currency: 'USD',
          currencySymbol: '$',
          cashBalance: venue.snapshot(account.externalId).cashBalance,
          active: true,
        })),
      };
    },
    async openSession({ credentials }) {
      const { loginKey, count } = parseToken(credentials);
      const accounts = venue.ensureAccounts(loginKey, count);
      return new PaperSession(
        venue,
        accounts.map((account) => account.externalId),
        credentials,
      );
    },
  };
}
