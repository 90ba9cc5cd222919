import { useEffect, useState } from 'react';
import { errorMessage, getMarketQuotes, isCanceled, latestSignal, type MarketQuote } from '@synctrade/api';

const REFRESH_MS = 2_000;

export interface QuotesState {
  quotes: MarketQuote[];
  error: string | null;
}

/** Live prices of the paper venue, refreshed every two seconds while Home is open. */
export function useMarketQuotes(): QuotesState {
  const [state, setState] = useState<QuotesState>({ quotes: [], error: null });
  useEffect(() => {
    let alive = true;
    const refresh = (): void => {
      getMarketQuotes({ signal: latestSignal('market') })
        .then((quotes) => alive && setState({ quotes, error: null }))
        .catch((error: unknown) => {
          if (alive && !isCanceled(error)) setState((s) => ({ ...s, error: errorMessage(error, 'market') }));
        });
    };
    refresh();
    const timer = window.setInterval(refresh, REFRESH_MS);
    return () => {
      alive = false;
      window.clearInterval(timer);
    };
  }, []);
  return state;
}
