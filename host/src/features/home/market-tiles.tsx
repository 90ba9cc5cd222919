import type React from 'react';
import styled from 'styled-components';
import { Card, Muted } from '@synctrade/ui';
import { contractRoot, formatContractPrice } from '@synctrade/market';
import { useMarketQuotes } from './use-market-quotes';

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(180px, 1fr));
  gap: ${({ theme }) => theme.space(4)};
`;

const Tile = styled(Card)`
  display: flex;
  flex-direction: column;
  gap: 4px;
  min-height: 110px;
`;

const Price = styled.strong`
  font-size: 22px;
  font-variant-numeric: tabular-nums;
`;

type Trend = 'up' | 'down' | 'flat';

const Change = styled.span<{ $trend: Trend }>`
  color: ${({ $trend, theme }) =>
    $trend === 'up' ? theme.color.success : $trend === 'down' ? theme.color.danger : theme.color.textMuted};
  font-variant-numeric: tabular-nums;
`;

const ARROW: Record<Trend, string> = { up: '▲ ', down: '▼ ', flat: '' };
const SPOKEN: Record<Trend, string> = { up: ' up', down: ' down', flat: ' unchanged' };

/** The trend of the change as shown: a change that rounds to 0.00 % is neither up nor down. */
function trendOf(change: number): { trend: Trend; text: string } {
  const text = Math.abs(change).toFixed(2);
  if (Number(text) === 0) return { trend: 'flat', text: '0.00%' };
  return change > 0 ? { trend: 'up', text: `+${text}%` } : { trend: 'down', text: `-${text}%` };
}

function QuoteChange({ change }: { change: number }): React.JSX.Element {
  const { trend, text } = trendOf(change);
  return (
    <Change $trend={trend}>
      {ARROW[trend] && <span aria-hidden="true">{ARROW[trend]}</span>}
      {text}
      <span className="sr-only">{SPOKEN[trend]}</span>
    </Change>
  );
}

/** The products of the paper venue, in the order of the tiles. */
const ROOTS = ['ES', 'NQ', 'CL', 'GC'];

/**
 * Four market tiles: symbol, price, percent change and direction. The server quotes front months (`ESZ6`),
 * so a tile takes the quote whose contract root is its product and shows the contract it quotes.
 */
export function MarketTiles(): React.JSX.Element {
  const { quotes, error } = useMarketQuotes();
  return (
    <section aria-labelledby="markets-title">
      <h2 id="markets-title">Markets</h2>
      <Muted as="p">Simulated prices from the paper market, not exchange data.</Muted>
      {error && quotes.length === 0 && <Muted role="status">{error}</Muted>}
      <Grid>
        {ROOTS.map((root) => {
          const quote = quotes.find((q) => contractRoot(q.symbol) === root);
          return (
            <Tile key={root} role="group" aria-label={`${root} market`}>
              <Muted>{quote?.symbol ?? root}</Muted>
              <Price>{quote ? formatContractPrice(quote.symbol, quote.price) : '—'}</Price>
              {quote && <QuoteChange change={quote.change} />}
            </Tile>
          );
        })}
      </Grid>
    </section>
  );
}
