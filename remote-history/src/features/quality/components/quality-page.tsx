import type React from 'react';
import { useState } from 'react';
import styled from 'styled-components';
import { Link, useSearchParams } from 'react-router-dom';
import { errorMessage, getQualityCsv, type FollowerQuality, type LeaderFillQuality } from '@synctrade/api';
import { formatContractPrice } from '@synctrade/market';
import {
  Button,
  downloadText,
  EmptyState,
  ErrorPanel,
  formatDateTime,
  formatMoney,
  formatNumber,
  formatPercent,
  Muted,
  notify,
  Page,
  PageHeader,
  Row,
  SectionHeader,
  Spinner,
  Table,
  TableHead,
  TableWrap,
} from '@synctrade/ui';
import { FILLS_PAGE_SIZE, useQuality } from '../hooks/use-quality';
import { outcomeText } from '../lib/outcome-text';
import { PERIOD_LABEL, PERIODS, periodQuery, type QualityPeriod } from '../lib/period';
import { StoryDialog } from './story-dialog';

const Outcomes = styled.ul`
  display: flex;
  flex-direction: column;
  gap: 2px;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Pager = styled(Row)`
  justify-content: flex-end;
  margin-top: ${({ theme }) => theme.space(3)};
`;

const FOLLOWER_COLUMNS = [
  'Follower',
  'Leader fills',
  'Copy rate',
  'Delay p50',
  'Delay p95',
  'Slippage (ticks)',
  'Slippage cost',
  'Misses',
];
const FILL_COLUMNS = ['Time', 'Leader', 'Fill', 'Copies'];

function ms(value: number | null): string {
  return value === null ? '—' : `${Math.round(value)} ms`;
}

function ticks(value: number | null): string {
  return value === null ? '—' : formatNumber(value);
}

function misses(follower: FollowerQuality): string {
  if (follower.misses.length === 0) return 'None';
  return follower.misses.map((miss) => `${miss.count} × ${miss.outcome}: ${miss.reason}`).join('; ');
}

function FollowersTable({ followers }: { followers: readonly FollowerQuality[] }): React.JSX.Element {
  return (
    <TableWrap>
      <Table aria-label="Copy quality per follower">
        <TableHead columns={FOLLOWER_COLUMNS} />
        <tbody>
          {followers.map((f) => (
            <tr key={f.account_id}>
              <td>
                {f.account} · {f.connection}
              </td>
              <td>{f.leader_fills}</td>
              <td>{formatPercent(f.copy_rate)}</td>
              <td>{ms(f.delay_p50_ms)}</td>
              <td>{ms(f.delay_p95_ms)}</td>
              <td>{ticks(f.mean_slippage_ticks)}</td>
              <td>{formatMoney(f.slippage_cost)}</td>
              <td>{misses(f)}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </TableWrap>
  );
}

function FillsTable({
  fills,
  onStory,
}: {
  fills: readonly LeaderFillQuality[];
  onStory(ref: string): void;
}): React.JSX.Element {
  return (
    <TableWrap>
      <Table aria-label="Leader fills and their copies">
        <TableHead columns={FILL_COLUMNS} />
        <tbody>
          {fills.map((fill) => (
            <tr key={fill.event_key}>
              <td>{formatDateTime(fill.time)}</td>
              <td>{fill.leader_account}</td>
              <td>
                {fill.side === 'buy' ? 'Buy' : 'Sell'} {fill.qty} {fill.symbol} @{' '}
                {formatContractPrice(fill.symbol, fill.price)}
              </td>
              <td>
                <Outcomes>
                  {fill.outcomes.map((outcome) => {
                    const text = `${outcome.account}: ${outcomeText(outcome, (value) => formatContractPrice(fill.symbol, value))}`;
                    return (
                      <li key={outcome.account_id}>
                        {outcome.order_id === null ? (
                          text
                        ) : (
                          <Button
                            type="button"
                            $variant="ghost"
                            $size="sm"
                            aria-label={`Story of ${text}`}
                            onClick={() => onStory(String(outcome.order_id))}
                          >
                            {text}
                          </Button>
                        )}
                      </li>
                    );
                  })}
                </Outcomes>
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </TableWrap>
  );
}

/**
 * /trade-history/quality: what the copier did with every leader fill over a period, per follower (copy rate, delay,
 * slippage, misses) and fill by fill, each copy's story one click away; the evidence a prop firm may ask for.
 */
export function QualityPage(): React.JSX.Element {
  const [period, setPeriod] = useState<QualityPeriod>('week');
  const [page, setPage] = useState(1);
  // `?story=<order id>`: a copy's story opened from elsewhere (a copy in the Sync Desk's orders list).
  const [params, setParams] = useSearchParams();
  const [story, setStoryState] = useState<string | null>(() => params.get('story'));
  const setStory = (ref: string | null): void => {
    setStoryState(ref);
    if (ref === null && params.has('story')) {
      const next = new URLSearchParams(params);
      next.delete('story');
      setParams(next, { replace: true });
    }
  };
  const { summary, fills, status, error, reload } = useQuality(period, page);
  const pages = fills ? Math.max(1, Math.ceil(fills.total / FILLS_PAGE_SIZE)) : 1;

  const choose = (next: QualityPeriod): void => {
    setPeriod(next);
    setPage(1);
  };

  const download = async (): Promise<void> => {
    try {
      const csv = await getQualityCsv(periodQuery(period));
      downloadText(`copy-quality_${period}.csv`, `\uFEFF${csv}`);
    } catch (failure: unknown) {
      notify.error(errorMessage(failure, 'quality'));
    }
  };

  return (
    <Page>
      <PageHeader>
        <div>
          <h1>Copy quality</h1>
          <Muted as="p">
            What became of each leader fill on every follower.{' '}
            <Link to="/trade-history/dashboard">Trade history</Link>
          </Muted>
        </div>
        <Row role="group" aria-label="Period">
          {PERIODS.map((value) => (
            <Button
              key={value}
              type="button"
              $variant={value === period ? 'primary' : 'secondary'}
              aria-pressed={value === period}
              onClick={() => choose(value)}
            >
              {PERIOD_LABEL[value]}
            </Button>
          ))}
          <Button type="button" $variant="secondary" onClick={() => void download()}>
            Download CSV
          </Button>
        </Row>
      </PageHeader>
      {status === 'loading' && summary === null ? (
        <Spinner label="Loading copy quality" />
      ) : status === 'error' ? (
        <ErrorPanel title="Copy quality" message={error ?? ''} onRetry={reload} />
      ) : summary && fills && summary.followers.length === 0 ? (
        <EmptyState title="No copies in this period. Once a leader trades, each follower's copies show here." />
      ) : (
        summary &&
        fills && (
          <>
            <section aria-labelledby="quality-followers">
              <SectionHeader>
                <h2 id="quality-followers">Followers</h2>
              </SectionHeader>
              <FollowersTable followers={summary.followers} />
            </section>
            <section aria-labelledby="quality-fills">
              <SectionHeader>
                <h2 id="quality-fills">Leader fills ({fills.total.toLocaleString('en-US')})</h2>
              </SectionHeader>
              <FillsTable fills={fills.fills} onStory={setStory} />
              {pages > 1 && (
                <Pager as="nav" aria-label="Leader fills pages">
                  <Button
                    type="button"
                    $variant="secondary"
                    $size="sm"
                    disabled={page <= 1}
                    onClick={() => setPage(page - 1)}
                  >
                    Previous
                  </Button>
                  <Muted aria-current="page">
                    Page {page} of {pages}
                  </Muted>
                  <Button
                    type="button"
                    $variant="secondary"
                    $size="sm"
                    disabled={page >= pages}
                    onClick={() => setPage(page + 1)}
                  >
                    Next
                  </Button>
                </Pager>
              )}
            </section>
          </>
        )
      )}
      {story !== null && <StoryDialog orderRef={story} onClose={() => setStory(null)} />}
    </Page>
  );
}
