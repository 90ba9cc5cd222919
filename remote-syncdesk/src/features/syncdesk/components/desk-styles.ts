import styled from 'styled-components';
import { Button } from '@synctrade/ui';
import { FLASH_ATTRIBUTE } from '../hooks/flash-scheduler';

/**
 * Column widths of the accounts grid (the last is the row action). Fixed where the content is fixed
 * (switches, side, qty), flexible with a floor elsewhere: the whole row fits without a horizontal scroll
 * from a 1366 px wide window (sidebar included); below the floor the table scrolls sideways.
 */
// Ratio is wide enough for its editor (input, save and cancel) so neither button is cut or overlaps Cross.
export const DESK_COLUMNS =
  '52px minmax(60px, 0.7fr) minmax(76px, 1fr) minmax(108px, 1.6fr) 52px minmax(92px, 1fr) ' +
  'minmax(76px, 0.8fr) minmax(88px, 1fr) minmax(88px, 1fr) 40px 132px 56px 76px';

/** Phones: each account is a card. */
export const CARD_QUERY = '(max-width: 640px)';
/** Estimated heights for the virtualizer before a row is measured. */
export const ROW_HEIGHT = 45;
export const CARD_HEIGHT = 300;

/**
 * The accounts table, drawn as a CSS grid with the ARIA table roles. Each row is its own layout and paint
 * island (`contain`): a changed number never re-measures other rows. The highlight has no transition
 * (many cells flip at once) and PnL colours come from classes. On a phone each row is a card: the header
 * row is kept for assistive technology only and each cell shows its column name (`data-label`).
 */
export const DeskGrid = styled.div`
  font-size: 13px;
  [role='row'] {
    display: grid;
    grid-template-columns: ${DESK_COLUMNS};
    align-items: center;
    border-bottom: 1px solid ${({ theme }) => theme.color.border};
    contain: layout paint style;
  }
  [role='rowgroup'] + [role='rowgroup'] [role='row']:last-child {
    border-bottom: none;
  }
  [role='cell'],
  [role='columnheader'] {
    padding: ${({ theme }) => `${theme.space(2.5)} ${theme.space(2)}`};
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
    align-self: stretch;
    display: flex;
    align-items: center;
    min-width: 0;
  }
  [role='columnheader'] {
    color: ${({ theme }) => theme.color.textMuted};
    font-weight: 600;
    font-size: 12px;
    background: ${({ theme }) => theme.color.surfaceRaised};
  }
  .wrap {
    flex-direction: column;
    align-items: flex-start;
    justify-content: center;
    white-space: normal;
    overflow-wrap: anywhere;
  }
  /* Text cut to its cell with an ellipsis (a flex cell cannot ellipsize its own text); the title has it all. */
  .clip {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
    min-width: 0;
  }
  .num {
    justify-content: flex-end;
    font-variant-numeric: tabular-nums;
  }
  /* A ring plus the raised surface, not a tint: red and green figures keep AA contrast while lit. */
  [${FLASH_ATTRIBUTE}='on'] {
    background-color: ${({ theme }) => theme.color.surfaceRaised};
    box-shadow: inset 0 0 0 2px ${({ theme }) => theme.color.primary};
  }
  .pos {
    color: ${({ theme }) => theme.color.success};
  }
  .neg {
    color: ${({ theme }) => theme.color.danger};
  }
  @media ${CARD_QUERY} {
    font-size: 14px;
    [role='rowgroup']:first-child [role='row'] {
      display: block;
      height: 0;
      border: none;
      margin: 0;
      padding: 0;
    }
    [role='columnheader'] {
      position: absolute;
      width: 1px;
      height: 1px;
      padding: 0;
      overflow: hidden;
      clip: rect(0 0 0 0);
      white-space: nowrap;
    }
    [role='row'] {
      grid-template-columns: 1fr 1fr;
      border: 1px solid ${({ theme }) => theme.color.border};
      border-radius: ${({ theme }) => theme.radius.md};
      margin: ${({ theme }) => theme.space(2)};
      padding: ${({ theme }) => theme.space(1)};
    }
    [role='rowgroup'] + [role='rowgroup'] [role='row']:last-child {
      border-bottom: 1px solid ${({ theme }) => theme.color.border};
    }
    [role='cell'] {
      padding: ${({ theme }) => `${theme.space(1.5)} ${theme.space(2)}`};
      justify-content: space-between;
      gap: ${({ theme }) => theme.space(2)};
    }
    [role='cell'][data-label]::before {
      content: attr(data-label);
      color: ${({ theme }) => theme.color.textMuted};
      font-size: 12px;
    }
    .name {
      grid-column: 1 / -1;
      order: -1;
      font-weight: 600;
    }
    .action {
      grid-column: 1 / -1;
      justify-content: stretch;
    }
    .action > button {
      flex: 1;
      justify-content: center;
      min-height: 40px;
    }
  }
`;

/** The scroll area of a long desk's rows (only the rows in view are mounted). */
export const VirtualBody = styled.div`
  max-height: min(70vh, 720px);
  overflow-y: auto;
  overscroll-behavior: contain;
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.primary};
    outline-offset: -2px;
  }
`;

/** A compact icon or text button inside a table cell. */
export const CellButton = styled.button`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(1)};
  padding: ${({ theme }) => `${theme.space(1)} ${theme.space(2)}`};
  border-radius: ${({ theme }) => theme.radius.sm};
  border: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.surfaceRaised};
  color: ${({ theme }) => theme.color.text};
  cursor: pointer;
  &:disabled {
    opacity: 0.55;
    cursor: not-allowed;
  }
`;

export const LeaderMark = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(1)};
  color: ${({ theme }) => theme.color.warning};
`;

export const Badge = styled.span<{ $tone: 'success' | 'warning' | 'danger' | 'muted' }>`
  display: inline-block;
  padding: 0 ${({ theme }) => theme.space(2)};
  border-radius: 999px;
  border: 1px solid currentColor;
  font-size: 12px;
  font-weight: 600;
  color: ${({ $tone, theme }) => ($tone === 'muted' ? theme.color.textMuted : theme.color[$tone])};
`;

/**
 * The desk's main-action button. The shared primary button's white text on the dark theme's blue reads at
 * 3.2:1; dark text there reads at 6:1 (WCAG AA), and the light theme keeps its white text.
 */
export const MainButton = styled(Button)`
  color: ${({ theme }) => (theme.mode === 'dark' ? theme.color.bg : theme.color.primaryText)};
`;
