import type React from 'react';
import { memo } from 'react';
import type { SyncAccount } from '@synctrade/api';
import { formatMoney, formatPnl, formatPrice } from '@synctrade/ui';
import { useFlash } from '../hooks/use-flash';
import { useSyncdeskStore } from '../store/syncdesk-store';
import { copySettingsSummary } from '../copy-settings/copy-settings-summary';
import { formatSide } from './format';
import { RowIdentity, RowSettings } from './row-parts';

/** One account's row. It subscribes to its own account only: a change elsewhere never re-renders it. */
interface RowProps {
  id: number;
  /** The row's position for assistive technology (the header is row 1). */
  rowIndex?: number;
  /** Set by the virtualizer: it measures each mounted row (cards on a phone are taller). */
  measureRef?: (element: Element | null) => void;
  dataIndex?: number;
}

export const AccountRow = memo(function AccountRow(props: RowProps): React.JSX.Element | null {
  const account = useSyncdeskStore((state) => state.byId[props.id]);
  return account ? <AccountRowView account={account} {...props} /> : null;
});

/**
 * The live cells are plain elements (no styled components, no state): a feed update re-renders only them,
 * while the controls (memoized on their own fields) stay untouched.
 */
function AccountRowView({
  account,
  rowIndex,
  measureRef,
  dataIndex,
}: RowProps & { account: SyncAccount }): React.JSX.Element {
  const name = account.accounts || account.account_name;
  const symbol = account.currency_symbol || '$';
  const side = useFlash<HTMLDivElement>(account.side);
  const balance = useFlash<HTMLDivElement>(account.balance);
  const avg = useFlash<HTMLDivElement>(account.avg_price);
  const day = useFlash<HTMLDivElement>(account.day_pnl);
  const open = useFlash<HTMLDivElement>(account.open_pnl);
  const qty = useFlash<HTMLDivElement>(account.qty);

  return (
    <div
      role="row"
      data-account-id={account.id}
      aria-rowindex={rowIndex}
      ref={measureRef}
      data-index={dataIndex}
    >
      <RowIdentity
        id={account.id}
        name={name}
        accountId={account.account_id}
        connectionName={account.connection_name}
        isMaster={account.is_master}
        isFollower={account.is_follower}
        state={account.state}
        stateReason={account.state_reason}
        throttle={account.throttle ?? null}
        paceWarning={account.pace_warning ?? null}
      />
      <div role="cell" data-label="Side" ref={side}>
        {formatSide(account.side)}
      </div>
      <div role="cell" data-label="Balance" ref={balance} className="num">
        {formatMoney(account.balance, symbol)}
      </div>
      <div role="cell" data-label="Avg. Price" ref={avg} className="num">
        {formatPrice(account.qty === 0 ? null : account.avg_price)}
      </div>
      <div role="cell" data-label="Day PnL" ref={day} className="num">
        <span className={account.day_pnl >= 0 ? 'pos' : 'neg'}>{formatPnl(account.day_pnl, symbol)}</span>
      </div>
      <div role="cell" data-label="Open PnL" ref={open} className="num">
        <span className={account.open_pnl >= 0 ? 'pos' : 'neg'}>{formatPnl(account.open_pnl, symbol)}</span>
      </div>
      <div role="cell" data-label="Qty" ref={qty} className="num">
        {account.qty}
      </div>
      <RowSettings
        id={account.id}
        name={name}
        isMaster={account.is_master}
        ratio={account.ratio}
        cross={account.cross}
        copySummary={copySettingsSummary(account.copy_settings)}
      />
    </div>
  );
}
