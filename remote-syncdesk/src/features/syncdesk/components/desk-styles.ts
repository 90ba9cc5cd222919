import styled from 'styled-components';
import { Button } from '@synctrade/ui';
import { FLASH_ATTRIBUTE } from '../hooks/flash-scheduler';

/** Column widths of the accounts grid (the last is the row action). */
export const DESK_COLUMNS = '72px 110px 140px 190px 70px 120px 100px 110px 110px 60px 110px 72px 104px';

/**
 * The accounts table, drawn as a CSS grid with the ARIA table roles. Each row is its own layout and paint
 * island (`content-visibility: auto`): under a feed that changes 500 rows ten times a second, the browser
 * lays out and paints only the rows on screen, and a changed number never re-measures other rows.
 * The highlight has no transition (thousands of cells flip at once) and PnL colours come from classes.
 */
export const DeskGrid = styled.div`
  min-width: 1368px;
  font-size: 14px;
  [role='row'] {
    display: grid;
    grid-template-columns: ${DESK_COLUMNS};
    align-items: center;
    border-bottom: 1px solid ${({ theme }) => theme.color.border};
  }
  [role='rowgroup'] + [role='rowgroup'] [role='row'] {
    content-visibility: auto;
    contain-intrinsic-size: auto 45px;
  }
  [role='rowgroup'] + [role='rowgroup'] [role='row']:last-child {
    border-bottom: none;
  }
  [role='cell'],
  [role='columnheader'] {
    padding: ${({ theme }) => `${theme.space(2.5)} ${theme.space(3)}`};
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
    align-self: stretch;
    display: flex;
    align-items: center;
  }
  [role='columnheader'] {
    color: ${({ theme }) => theme.color.textMuted};
    font-weight: 600;
    font-size: 13px;
    background: ${({ theme }) => theme.color.surfaceRaised};
  }
  .wrap {
    flex-direction: column;
    align-items: flex-start;
    justify-content: center;
    white-space: normal;
    overflow-wrap: anywhere;
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
