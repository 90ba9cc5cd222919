import type React from 'react';
import styled from 'styled-components';
import { Card, Muted } from '@synctrade/ui';
import { contractRoot } from '@synctrade/market';
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

const Change = styled.span<{ $up: boolean }>`
  color: ${({ $up, theme }) => ($up ? theme.color.success : theme.color.danger)};
  font-variant-numeric: tabular-nums;
`;

/** The products of the paper venue, in the order of the tiles. */
const ROOTS = ['ES', 'NQ', 'CL', 'GC'];

const PRICE = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * Four market tiles: symbol, price, percent change and direction. The server quotes front months (`ESZ6`),
 * so a tile takes the quote whose contract root is its product and shows the contract it quotes.
 */
export function MarketTiles(): React.JSX.Element {
  const { quotes, error } = useMarketQuotes();
  return (
    <section aria-labelledby="markets-title">
      <h2 id="markets-title">Markets</h2>
      {error && quotes.length === 0 && <Muted role="status">{error}</Muted>}
      <Grid>
        {ROOTS.map((root) => {
          const quote = quotes.find((q) => contractRoot(q.symbol) === root);
          return (
            <Tile key={root} role="group" aria-label={`${root} market`}>
              <Muted>{quote?.symbol ?? root}</Muted>
              <Price>{quote ? PRICE.format(quote.price) : '—'}</Price>
              {quote && (
                <Change $up={quote.dir === 'up'}>
                  <span aria-hidden="true">{quote.dir === 'up' ? '▲' : '▼'} </span>
                  {quote.change > 0 ? '+' : ''}
                  {quote.change.toFixed(2)}%
                  <span className="sr-only">{quote.dir === 'up' ? ' up' : ' down'}</span>
                </Change>
              )}
            </Tile>
          );
        })}
      </Grid>
    </section>
  );
}
