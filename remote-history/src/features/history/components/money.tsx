import type React from 'react';
import styled from 'styled-components';
import { formatMoney } from '@synctrade/ui';

/** Colours text by its first character: a minus is red, anything else green (the sign is in the text too). */
export const Tone = styled.span<{ $negative: boolean }>`
  color: ${({ $negative, theme }) => ($negative ? theme.color.danger : theme.color.success)};
  font-variant-numeric: tabular-nums;
`;

export function Money({ value }: { value: number }): React.JSX.Element {
  const text = formatMoney(value);
  return <Tone $negative={text.startsWith('-')}>{text}</Tone>;
}
