import type React from 'react';
import styled, { type DefaultTheme } from 'styled-components';
import { passwordStrength } from '@synctrade/api/validation';

const CRITERIA = 5;

const Wrap = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1)};
  font-size: 13px;
`;

const Bars = styled.div`
  display: grid;
  grid-template-columns: repeat(${CRITERIA}, 1fr);
  gap: ${({ theme }) => theme.space(1)};
`;

function colorFor(score: number, theme: DefaultTheme): string {
  if (score <= 2) return theme.color.danger;
  if (score === 3) return theme.color.warning;
  return theme.color.success;
}

const Bar = styled.span<{ $filled: boolean; $score: number }>`
  height: 6px;
  border-radius: 3px;
  background: ${({ $filled, $score, theme }) => ($filled ? colorFor($score, theme) : theme.color.border)};
`;

/** The sign-up strength meter: five criteria, labelled in words so color is never the only signal. */
export function StrengthMeter({ password }: { password: string }): React.JSX.Element {
  const { score, label } = passwordStrength(password);
  return (
    <Wrap>
      <Bars
        role="meter"
        aria-label="Password strength"
        aria-valuemin={0}
        aria-valuemax={CRITERIA}
        aria-valuenow={score}
        aria-valuetext={label}
      >
        {Array.from({ length: CRITERIA }, (_, index) => (
          <Bar key={index} $filled={index < score} $score={score} />
        ))}
      </Bars>
      <span aria-live="polite">Password strength: {label}</span>
    </Wrap>
  );
}
