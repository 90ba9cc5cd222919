import type React from 'react';
import styled from 'styled-components';
import { formatCount, formatDateTime, formatMoney, Muted, Table, TableWrap } from '@synctrade/ui';
import { formatContractPrice } from '@synctrade/market';
import { describeRowError, type ParsedImport } from '../lib/collector';
import { LAYOUT_LABEL } from '../lib/columns';

/** On a phone the dialog is narrow: the preview's cells wrap instead of scrolling sideways. */
const PreviewTable = styled(Table)`
  @media (max-width: 640px) {
    font-size: 13px;
    th,
    td {
      white-space: normal;
      padding: ${({ theme }) => `${theme.space(2)} ${theme.space(1.5)}`};
    }
  }
`;

export const PREVIEW_ROWS = 5;
export const ERRORS_SHOWN = 20;

const List = styled.ul`
  margin: 0;
  padding-left: ${({ theme }) => theme.space(5)};
  color: ${({ theme }) => theme.color.danger};
`;

/** What the file holds before anything is sent: its layout, counts, bad rows and the first trades. */
export function ImportPreview({ parsed }: { parsed: ParsedImport }): React.JSX.Element {
  const { trades, errors } = parsed;
  return (
    <>
      <p>
        <strong>{parsed.layout ? LAYOUT_LABEL[parsed.layout] : ''}</strong>
        <br />
        {formatCount(parsed.rowsRead)} rows read · {formatCount(trades.length)} trades ready ·{' '}
        {formatCount(errors.length)} rows with errors
        {parsed.duplicatesInFile > 0 && ` · ${formatCount(parsed.duplicatesInFile)} repeated rows skipped`}
        {parsed.openFills > 0 && ` · ${formatCount(parsed.openFills)} open fills not closed yet`}
      </p>
      {errors.length > 0 && (
        <section aria-label="Rows with errors">
          <List>
            {errors.slice(0, ERRORS_SHOWN).map((error) => (
              <li key={error.row}>{describeRowError(error)}</li>
            ))}
          </List>
          {errors.length > ERRORS_SHOWN && (
            <Muted>and {formatCount(errors.length - ERRORS_SHOWN)} more</Muted>
          )}
        </section>
      )}
      {trades.length > 0 && (
        <TableWrap>
          <PreviewTable aria-label="Preview of the first trades">
            <thead>
              <tr>
                {['Entry time', 'Trade', 'Entry → exit', 'P&L'].map((c) => (
                  <th key={c} scope="col">
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {trades.slice(0, PREVIEW_ROWS).map((t) => (
                <tr key={t.external_id}>
                  <td>{formatDateTime(t.entry_time)}</td>
                  <td>
                    {t.side === 'buy' ? 'Buy' : 'Sell'} {t.qty} {t.symbol}
                  </td>
                  <td>
                    {formatContractPrice(t.symbol, t.entry_price)} →{' '}
                    {formatContractPrice(t.symbol, t.exit_price)}
                  </td>
                  <td>{formatMoney(t.pnl)}</td>
                </tr>
              ))}
            </tbody>
          </PreviewTable>
        </TableWrap>
      )}
    </>
  );
}
