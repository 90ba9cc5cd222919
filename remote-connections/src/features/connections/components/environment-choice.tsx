import type React from 'react';
import styled from 'styled-components';
import { type Environment } from '@synctrade/api';
import { ENVIRONMENTS } from '@synctrade/api/validation';

const Group = styled.fieldset`
  border: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(4)};
  legend {
    font-weight: 600;
    font-size: 14px;
    margin-bottom: ${({ theme }) => theme.space(2)};
    padding: 0;
  }
  label {
    display: inline-flex;
    align-items: center;
    gap: ${({ theme }) => theme.space(2)};
    cursor: pointer;
  }
`;

const LABEL: Record<Environment, string> = { demo: 'Demo', live: 'Live' };

/** Demo (the default) or live. */
export function EnvironmentChoice({
  value,
  onChange,
}: {
  value: Environment;
  onChange(next: Environment): void;
}): React.JSX.Element {
  return (
    <Group>
      <legend>Environment</legend>
      {ENVIRONMENTS.map((environment) => (
        <label key={environment}>
          <input
            type="radio"
            name="environment"
            value={environment}
            checked={value === environment}
            onChange={() => onChange(environment)}
          />
          {LABEL[environment]}
        </label>
      ))}
    </Group>
  );
}
