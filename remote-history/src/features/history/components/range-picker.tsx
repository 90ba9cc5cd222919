import type React from 'react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import styled from 'styled-components';
import { ActionButton } from '../../../lib/action-button';
import { Button, Field, FieldError, Input, Row, useEscape } from '@synctrade/ui';
import { useHistoryStore } from '../store/history-store';
import { RANGE_KINDS, RANGE_LABEL, rangeButtonLabel, type RangeKind } from '../lib/range';

const Anchor = styled.div`
  position: relative;
`;

const Panel = styled.div`
  position: absolute;
  top: calc(100% + 6px);
  left: 0;
  z-index: 20;
  min-width: 260px;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(3)};
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  box-shadow: ${({ theme }) => theme.shadow};
`;

/** The 'All Time' button: picks the date range every history page shows (relabelled with the choice). */
export function RangePicker(): React.JSX.Element {
  const range = useHistoryStore((s) => s.range);
  const setRange = useHistoryStore((s) => s.setRange);
  const [open, setOpen] = useState(false);
  const [custom, setCustom] = useState(range.kind === 'custom');
  const [start, setStart] = useState(range.start ?? '');
  const [end, setEnd] = useState(range.end ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const anchor = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const close = useCallback(() => setOpen(false), []);
  useEscape(open, close);

  useEffect(() => {
    if (!open) return undefined;
    const onDown = (event: MouseEvent): void => {
      if (anchor.current && !anchor.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);

  const choose = (kind: RangeKind): void => {
    if (kind === 'custom') {
      setCustom(true);
      return;
    }
    setCustom(false);
    setOpen(false);
    void setRange({ kind });
  };

  const apply = (event: React.FormEvent): void => {
    event.preventDefault();
    if (!start || !end) return setProblem('Choose both dates');
    if (start > end) return setProblem('The start date must not be after the end date');
    setProblem(null);
    setOpen(false);
    void setRange({ kind: 'custom', start, end });
  };

  return (
    <Anchor ref={anchor}>
      <Button
        type="button"
        $variant="secondary"
        aria-expanded={open}
        aria-controls={panelId}
        aria-haspopup="dialog"
        onClick={() => setOpen(!open)}
      >
        {rangeButtonLabel(range)}
      </Button>
      {open && (
        <Panel id={panelId} role="dialog" aria-label="Date range">
          {RANGE_KINDS.map((kind) => {
            const chosen = kind === 'custom' ? custom : !custom && range.kind === kind;
            const Option = chosen ? ActionButton : Button;
            return (
              <Option
                key={kind}
                type="button"
                $variant={chosen ? 'primary' : 'ghost'}
                aria-pressed={chosen}
                onClick={() => choose(kind)}
              >
                {RANGE_LABEL[kind]}
              </Option>
            );
          })}
          {custom && (
            <form onSubmit={apply} noValidate>
              <Row>
                <Field>
                  <label htmlFor={`${panelId}-start`}>From</label>
                  <Input
                    id={`${panelId}-start`}
                    type="date"
                    value={start}
                    onChange={(e) => setStart(e.target.value)}
                  />
                </Field>
                <Field>
                  <label htmlFor={`${panelId}-end`}>To</label>
                  <Input
                    id={`${panelId}-end`}
                    type="date"
                    value={end}
                    onChange={(e) => setEnd(e.target.value)}
                  />
                </Field>
              </Row>
              {problem && <FieldError>{problem}</FieldError>}
              <ActionButton type="submit" $size="sm">
                Apply
              </ActionButton>
            </form>
          )}
        </Panel>
      )}
    </Anchor>
  );
}
