import { useCallback, useEffect, useState } from 'react';
import {
  errorMessage,
  getQualityFills,
  getQualitySummary,
  isCanceled,
  latestSignal,
  type QualityFills,
  type QualitySummary,
} from '@synctrade/api';
import { periodQuery, type QualityPeriod } from '../lib/period';

/** Leader fills per page of the fills table. */
export const FILLS_PAGE_SIZE = 25;

export interface QualityView {
  summary: QualitySummary | null;
  fills: QualityFills | null;
  status: 'loading' | 'success' | 'error';
  error: string | null;
  reload(): void;
}

/** The period's per-follower figures and one page of its leader fills; only the latest request is honoured. */
export function useQuality(period: QualityPeriod, page: number): QualityView {
  const [view, setView] = useState<Omit<QualityView, 'reload'>>({
    summary: null,
    fills: null,
    status: 'loading',
    error: null,
  });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const query = periodQuery(period);
    const signal = latestSignal('quality');
    setView((before) => ({ ...before, status: 'loading', error: null }));
    Promise.all([
      getQualitySummary(query, { signal }),
      getQualityFills({ ...query, page: String(page), page_size: String(FILLS_PAGE_SIZE) }, { signal }),
    ]).then(
      ([summary, fills]) => setView({ summary, fills, status: 'success', error: null }),
      (error: unknown) => {
        if (isCanceled(error)) return;
        setView({ summary: null, fills: null, status: 'error', error: errorMessage(error, 'quality') });
      },
    );
  }, [period, page, attempt]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...view, reload };
}
