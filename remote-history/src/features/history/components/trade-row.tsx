import type React from 'react';
import { memo } from 'react';
import type { Trade } from '@synctrade/api';
import { Button } from '@synctrade/ui';
import { tradeCells } from '../lib/table-rows';
import { Tone } from './money';

/** One trade: side and P&L carry their text as well as their colour. */
export const TradeRow = memo(function TradeRow({
  trade,
  onJournal,
}: {
  trade: Trade;
  onJournal(trade: Trade): void;
}): React.JSX.Element {
  const c = tradeCells(trade);
  const action = c.journal ? 'Edit note' : 'Add note';
  return (
    <tr>
      <td>{c.time}</td>
      <td>{c.account}</td>
      <td>{c.duration}</td>
      <td>{c.symbol}</td>
      <td>
        <Tone $negative={trade.side === 'sell'}>{c.side}</Tone>
      </td>
      <td>{c.qty}</td>
      <td>{c.avgEntry}</td>
      <td>{c.pts}</td>
      <td>
        <Tone $negative={c.pnl.startsWith('-')}>{c.pnl}</Tone>
      </td>
      <td>
        <Button
          type="button"
          $variant="ghost"
          $size="sm"
          title={c.journal || undefined}
          aria-label={`${action} for ${c.symbol} ${c.side} at ${c.time}`}
          onClick={() => onJournal(trade)}
        >
          {action}
        </Button>
      </td>
    </tr>
  );
});
