import type React from 'react';
import styled from 'styled-components';

/** What each broker gets of a leader's order, as the copier sends it today (kept beside the adapters' READMEs). */
const ROWS: ReadonlyArray<{ broker: string; same: string; different: string }> = [
  {
    broker: 'Paper',
    same: 'Market, limit, stop, stop-limit, trailing stop; brackets and stop-and-target pairs linked one-cancels-other; changes, cancels, partial fills.',
    different: 'Nothing.',
  },
  {
    broker: 'Tradovate',
    same: "Market, limit, stop, stop-limit, trailing stop with its trail, MIT; brackets and stop-and-target pairs as Tradovate's own linked pair; changes, cancels, partial fills.",
    different:
      "A Tradovate leader's trailing stop-limit and QTS orders reach followers on other brokers as stops.",
  },
  {
    broker: 'ProjectX',
    same: "Market, limit, stop, trailing stop with its trail; brackets and stop-and-target pairs linked by the copier, a ProjectX leader's own brackets included; changes, cancels, partial fills. A ProjectX leader's join order (JoinBid, JoinAsk) reaches every follower as a limit at the price it rests at.",
    different:
      "A stop-limit goes as a stop at its stop price: ProjectX takes no stop-limit orders, and the copy says so. ProjectX's orders carry no link between a bracket's legs, so a leader's stop and target are copied as a pair only when they appear within a second of the entry's fill, as ProjectX's own brackets do; a stop and a target placed later reach followers as two separate orders.",
  },
  {
    broker: 'Rithmic',
    same: "Market, limit, stop, stop-limit, trailing stop with its trail; brackets and stop-and-target pairs as Rithmic's own one-cancels-other pair; changes, cancels, partial fills.",
    different:
      'A trail that is not a whole number of ticks goes as the nearest whole number of ticks (Rithmic trails by ticks), and the copy says so.',
  },
];

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: 13px;
  th,
  td {
    text-align: left;
    vertical-align: top;
    padding: ${({ theme }) => theme.space(2)};
    border-bottom: 1px solid ${({ theme }) => theme.color.border};
  }
  /* On a phone each broker reads as a block: its name, then what is copied as it is, then what is not. */
  @media (max-width: 600px) {
    thead {
      display: none;
    }
    tr,
    th,
    td {
      display: block;
    }
    td::before {
      content: attr(data-label) ': ';
      font-weight: 600;
    }
  }
`;

/** The Limitations dialog's table of order types per broker. */
export function OrderTypesTable(): React.JSX.Element {
  return (
    <Table>
      <caption>Order types by broker</caption>
      <thead>
        <tr>
          <th scope="col">Broker</th>
          <th scope="col">Copied as the leader placed it</th>
          <th scope="col">Sent differently, and why</th>
        </tr>
      </thead>
      <tbody>
        {ROWS.map((row) => (
          <tr key={row.broker}>
            <th scope="row">{row.broker}</th>
            <td data-label="Copied as placed">{row.same}</td>
            <td data-label="Sent differently">{row.different}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
