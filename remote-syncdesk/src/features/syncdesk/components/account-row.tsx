import type React from 'react';
import { memo, useState } from 'react';
import type { SyncAccount } from '@synctrade/api';
import { Signed, Switch } from '@synctrade/ui';
import { useFlash } from '../hooks/use-flash';
import { useSyncdeskStore } from '../store/syncdesk-store';
import { CellButton, LeaderMark } from './desk-styles';
import { FollowerState } from './follower-state';
import { formatMoney, formatPnl, formatPrice, formatSide } from './format';
import { StarIcon } from './icons';
import { RatioEditor } from './ratio-editor';

/** One account's row. It subscribes to its own account only: a change elsewhere never re-renders it. */
export const AccountRow = memo(function AccountRow({ id }: { id: number }): React.JSX.Element | null {
  const account = useSyncdeskStore((state) => state.byId[id]);
  return account ? <AccountRowView account={account} /> : null;
});

function useBusy(): [boolean, (work: () => Promise<unknown>) => void] {
  const [busy, setBusy] = useState(false);
  const run = (work: () => Promise<unknown>): void => {
    setBusy(true);
    void work().finally(() => setBusy(false));
  };
  return [busy, run];
}

function AccountRowView({ account }: { account: SyncAccount }): React.JSX.Element {
  const { toggleFollower, setCross, flatten } = useSyncdeskStore.getState();
  const [following, runFollow] = useBusy();
  const [crossing, runCross] = useBusy();
  const [flattening, runFlatten] = useBusy();
  const name = account.accounts || account.account_name;
  const symbol = account.currency_symbol || '$';
  const refs = {
    side: useFlash<HTMLTableCellElement>(account.side),
    balance: useFlash<HTMLTableCellElement>(account.balance),
    avg: useFlash<HTMLTableCellElement>(account.avg_price),
    day: useFlash<HTMLTableCellElement>(account.day_pnl),
    open: useFlash<HTMLTableCellElement>(account.open_pnl),
    qty: useFlash<HTMLTableCellElement>(account.qty),
  };

  return (
    <tr data-account-id={account.id}>
      <td>
        {account.is_master ? (
          <LeaderMark>
            <StarIcon />
            <span className="sr-only">Leader</span>
          </LeaderMark>
        ) : (
          <Switch
            checked={account.is_follower}
            label={`Follow ${name}`}
            disabled={following}
            onChange={() => runFollow(() => toggleFollower(account.id))}
          />
        )}
      </td>
      <td>{account.account_id}</td>
      <td>{account.connection_name}</td>
      <td>
        {name}
        <FollowerState account={account} />
      </td>
      <td ref={refs.side}>{formatSide(account.side)}</td>
      <td ref={refs.balance} className="num">
        {formatMoney(account.balance, symbol)}
      </td>
      <td ref={refs.avg} className="num">
        {formatPrice(account.qty === 0 ? null : account.avg_price)}
      </td>
      <td ref={refs.day} className="num">
        <Signed $value={account.day_pnl}>{formatPnl(account.day_pnl, symbol)}</Signed>
      </td>
      <td ref={refs.open} className="num">
        <Signed $value={account.open_pnl}>{formatPnl(account.open_pnl, symbol)}</Signed>
      </td>
      <td ref={refs.qty} className="num">
        {account.qty}
      </td>
      <td>{account.is_master ? '—' : <RatioEditor accountId={account.id} ratio={account.ratio} name={name} />}</td>
      <td>
        {account.is_master ? (
          '—'
        ) : (
          <Switch
            checked={account.cross}
            label={`Cross ${name}`}
            disabled={crossing}
            onChange={(next) => runCross(() => setCross(account.id, next))}
          />
        )}
      </td>
      <td>
        <CellButton
          type="button"
          aria-label={`Flatten ${name}`}
          disabled={flattening}
          onClick={() => runFlatten(() => flatten([account.id]))}
        >
          Flatten
        </CellButton>
      </td>
    </tr>
  );
}
