import type { Db } from '../../db/db';
import { hashToken } from '../../security/tokens';
import {
  CONSENT_TTL_MS,
  drawPaperLogin,
  newPaperCode,
  randomPaperLogin,
  type PendingConsent,
  type PaperConsents,
  type PaperLoginSource,
} from './authorizations';

/**
 * The paper broker's pending consents and codes in the database (migration 501): a consent started on one
 * server node is shown, approved and redeemed on any other. Stored as hashes; expired rows go at each new
 * consent and in the hourly housekeeping.
 */
export class SqlPaperAuthorizations implements PaperConsents {
  constructor(
    private readonly db: Db,
    private readonly source: PaperLoginSource = randomPaperLogin,
  ) {}

  async expect(state: string, redirectUri: string, environment: string): Promise<void> {
    await this.db.query(
      `INSERT INTO sim_consents (state_hash, redirect_uri, environment, expires_at)
       VALUES ($1, $2, $3, now() + $4 * interval '1 millisecond')
       ON CONFLICT (state_hash) DO UPDATE SET redirect_uri = EXCLUDED.redirect_uri,
         environment = EXCLUDED.environment, expires_at = EXCLUDED.expires_at`,
      [hashToken(state), redirectUri, environment, CONSENT_TTL_MS],
    );
    await prunePaperConsents(this.db);
  }

  async pending(state: string): Promise<PendingConsent | undefined> {
    const [row] = await this.db.query<{ redirect_uri: string; environment: string }>(
      `SELECT redirect_uri, environment FROM sim_consents WHERE state_hash = $1 AND expires_at > now()`,
      [hashToken(state)],
    );
    return row === undefined ? undefined : { redirectUri: row.redirect_uri, environment: row.environment };
  }

  async approve(state: string): Promise<{ code: string; redirectUri: string } | undefined> {
    const code = newPaperCode();
    return this.db.tx(async (tx) => {
      // Used up by the first press, on whichever node: a second press finds nothing.
      const [row] = await tx.query<{ redirect_uri: string; live: boolean }>(
        `DELETE FROM sim_consents WHERE state_hash = $1 RETURNING redirect_uri, expires_at > now() AS live`,
        [hashToken(state)],
      );
      if (row === undefined || !row.live) return undefined;
      // Every login handed out is kept (migration 504): a draw another trader holds is drawn again.
      const loginKey = await drawPaperLogin(this.source, async (login) => {
        const taken = await tx.query(
          `INSERT INTO sim_logins (login_key) VALUES ($1) ON CONFLICT (login_key) DO NOTHING RETURNING login_key`,
          [login],
        );
        return taken.length === 1;
      });
      await tx.query(
        `INSERT INTO sim_authorization_codes (code_hash, login_key, expires_at)
         VALUES ($1, $2, now() + $3 * interval '1 millisecond')`,
        [hashToken(code), loginKey, CONSENT_TTL_MS],
      );
      return { code, redirectUri: row.redirect_uri };
    });
  }

  async redeem(code: string): Promise<string | undefined> {
    const [row] = await this.db.query<{ login_key: string; live: boolean }>(
      `DELETE FROM sim_authorization_codes WHERE code_hash = $1 RETURNING login_key, expires_at > now() AS live`,
      [hashToken(code)],
    );
    return row?.live === true ? row.login_key : undefined;
  }
}

/** Forgets expired consents and codes. */
export async function prunePaperConsents(db: Db): Promise<void> {
  await db.query(`DELETE FROM sim_consents WHERE expires_at < now()`);
  await db.query(`DELETE FROM sim_authorization_codes WHERE expires_at < now()`);
}
