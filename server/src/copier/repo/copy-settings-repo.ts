import type { CopySettings } from '@synctrade/api/types';
import type { Db } from '../../db/db';

/** No row: leader × ratio, mirroring the leader's working orders, every contract. */
export const DEFAULT_COPY_SETTINGS: CopySettings = { fixed_qty: null, copy_mode: 'mirror', contracts: [] };

/** The one owner of `copy_follower_settings`: a follower's fixed quantity, copy mode and contract filter. */
export async function readCopySettings(db: Db, accountId: number): Promise<CopySettings> {
  const [row] = await db.query<{
    fixed_qty: number | null;
    copy_mode: 'mirror' | 'fills';
    contracts: string[];
  }>('SELECT fixed_qty, copy_mode, contracts FROM copy_follower_settings WHERE account_id = $1', [accountId]);
  return row === undefined ? DEFAULT_COPY_SETTINGS : { ...row, contracts: [...row.contracts] };
}

export async function writeCopySettings(db: Db, accountId: number, next: CopySettings): Promise<void> {
  await db.query(
    `INSERT INTO copy_follower_settings (account_id, fixed_qty, copy_mode, contracts) VALUES ($1, $2, $3, $4::text[])
     ON CONFLICT (account_id) DO UPDATE SET fixed_qty = $2, copy_mode = $3, contracts = $4::text[]`,
    [accountId, next.fixed_qty, next.copy_mode, next.contracts],
  );
}
