import type React from 'react';
import styled from 'styled-components';
import { Card, Muted } from '@synctrade/ui';
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

const SYMBOLS = ['ES', 'NQ', 'CL', 'GC'];

/** Four market tiles: symbol, price, percent change and direction. */
export function MarketTiles(): React.JSX.Element {
  const { quotes, error } = useMarketQuotes();
  return (
    <section aria-labelledby="markets-title">
      <h2 id="markets-title">Markets</h2>
      {error && quotes.length === 0 && <Muted role="status">{error}</Muted>}
      <Grid>
        {SYMBOLS.map((symbol) => {
          const quote = quotes.find((q) => q.symbol === symbol);
          return (
            <Tile key={symbol} aria-label={`${symbol} market`}>
              <Muted>{symbol}</Muted>
              <Price>{quote ? quote.price.toFixed(2) : '—'}</Price>
              {quote && (
                <Change $up={quote.dir === 'up'}>
                  {quote.dir === 'up' ? '▲' : '▼'} {quote.change >= 0 ? '+' : ''}
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
