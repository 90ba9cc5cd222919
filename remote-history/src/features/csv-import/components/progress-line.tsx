import type React from 'react';
import styled from 'styled-components';

const Bar = styled.progress`
  width: 100%;
  height: 10px;
  accent-color: ${({ theme }) => theme.color.primary};
`;

/** A labelled progress bar with its text beside it (the bar alone says nothing to a screen reader user). */
export function ProgressLine({
  label,
  value,
  text,
}: {
  label: string;
  value: number;
  text: string;
}): React.JSX.Element {
  return (
    <div>
      <Bar aria-label={label} max={100} value={Math.round(value * 100)} />
      <p aria-live="polite" style={{ margin: '4px 0 0' }}>
        {text}
      </p>
    </div>
  );
}
