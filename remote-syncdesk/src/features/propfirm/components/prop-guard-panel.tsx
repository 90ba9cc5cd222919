import type React from 'react';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import styled from 'styled-components';
import { PROP_FIRM_NAMES, type PropHeadroom } from '@synctrade/api';
import { Button, Card, Muted, Spinner } from '@synctrade/ui';
import { usePropfirmStore } from '../store/propfirm-store';
import { HeadroomTable } from './headroom-table';
import { PresetPicker } from './preset-picker';

const Head = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(3)};
  margin-bottom: ${({ theme }) => theme.space(3)};
  h2 {
    margin: 0;
    font-size: 18px;
  }
`;

// The rule editor pulls in the form library: it loads when the trader opens an account's rules, which keeps the
// desk's first load within its budget.
const LazyRuleEditor = lazy(() => import('./rule-editor').then((m) => ({ default: m.RuleEditor })));

/** Same pace as the orders list. */
export const HEADROOM_POLL_MS = 15_000;

interface PropGuardPanelProps {
  /** The desk's accounts, for names and the picker. */
  accounts: ReadonlyArray<{ id: number; name: string }>;
}

/** The prop-firm guard on the desk: headroom of each guarded account and the firm picker. */
export function PropGuardPanel({ accounts }: PropGuardPanelProps): React.JSX.Element {
  const rows = usePropfirmStore((state) => state.headroom);
  const loadHeadroom = usePropfirmStore((state) => state.loadHeadroom);
  const presets = usePropfirmStore((state) => state.presets);
  const loadPresets = usePropfirmStore((state) => state.loadPresets);
  const [picking, setPicking] = useState(false);
  const [editing, setEditing] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    void loadHeadroom();
    const timer = setInterval(() => {
      setNow(Date.now());
      void loadHeadroom();
    }, HEADROOM_POLL_MS);
    return () => clearInterval(timer);
  }, [loadHeadroom]);
  const names = useMemo(() => new Map(accounts.map((item) => [item.id, item.name])), [accounts]);
  // The plan's name, never its id: the presets are read once a guarded account is shown.
  const hasRows = rows.length > 0;
  useEffect(() => {
    if (hasRows) void loadPresets();
  }, [hasRows, loadPresets]);
  const planNames = useMemo(() => new Map(presets.map((item) => [item.id, item.label])), [presets]);
  const firmLabel = (row: PropHeadroom): string =>
    row.preset === 'custom'
      ? `${PROP_FIRM_NAMES[row.firm]} · custom rules`
      : (planNames.get(row.preset) ?? PROP_FIRM_NAMES[row.firm]);

  return (
    <Card as="section" aria-labelledby="prop-guard-title">
      <Head>
        <h2 id="prop-guard-title">Prop-firm guard</h2>
        <Button
          type="button"
          $variant="secondary"
          onClick={() => setPicking(true)}
          disabled={accounts.length === 0}
        >
          Firm rules
        </Button>
      </Head>
      {rows.length === 0 ? (
        <Muted>No account has firm rules yet.</Muted>
      ) : (
        <HeadroomTable
          rows={rows}
          now={now}
          nameOf={(id) => names.get(id) ?? `#${id}`}
          firmLabel={firmLabel}
          onEdit={setEditing}
        />
      )}
      <PresetPicker open={picking} accounts={accounts} onClose={() => setPicking(false)} />
      {editing !== null && (
        <Suspense fallback={<Spinner label="Loading the rules" />}>
          <LazyRuleEditor
            account={{ id: editing, name: names.get(editing) ?? `#${editing}` }}
            onClose={() => setEditing(null)}
          />
        </Suspense>
      )}
    </Card>
  );
}
