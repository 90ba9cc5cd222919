import type React from 'react';
import styled from 'styled-components';
import { BROKERS } from '../content/brokers';
import { Grid, Heading, Inner, Section, Eyebrow } from './section';

const Entry = styled.li`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(4)};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.bg};
  strong {
    display: block;
  }
  span {
    display: block;
    color: ${({ theme }) => theme.color.textMuted};
    font-size: 14px;
  }
`;

const Note = styled.p`
  margin: 0 auto;
  max-width: 720px;
  text-align: center;
  color: ${({ theme }) => theme.color.textMuted};
  font-size: 14px;
`;

/** A text mark drawn inline: sized, no network request, readable in both themes. */
function BrokerMark({ mark }: { mark: string }): React.JSX.Element {
  return (
    <svg width="44" height="44" viewBox="0 0 44 44" aria-hidden="true" focusable="false">
      <rect width="44" height="44" rx="10" fill="currentColor" opacity="0.14" />
      <text x="22" y="28" textAnchor="middle" fontSize="15" fontWeight="800" fill="currentColor">
        {mark}
      </text>
    </svg>
  );
}

/** Supported brokers and platforms (id brokers): seven entries with their marks. */
export function BrokersSection(): React.JSX.Element {
  return (
    <Section id="brokers" $alt aria-labelledby="brokers-title">
      <Inner>
        <Heading>
          <Eyebrow>Integrations</Eyebrow>
          <h2 id="brokers-title">Supported brokers and platforms</h2>
          <p>
            Connect the accounts you already trade. Link one, link ten: SyncTrade keeps them in step. The
            built-in paper broker is always there to try copying without risk.
          </p>
        </Heading>
        <Grid $min={220} aria-label="Brokers and platforms">
          {BROKERS.map((broker) => (
            <Entry key={broker.name}>
              <BrokerMark mark={broker.mark} />
              <div>
                <strong>{broker.name}</strong>
                <span>{broker.kind}</span>
                <span>{broker.status}</span>
              </div>
            </Entry>
          ))}
        </Grid>
        <Note>
          What connects depends on the server: its operator sets up Tradovate (OAuth credentials) and Rithmic
          (gateways); ProjectX and paper trading need nothing more.
        </Note>
      </Inner>
    </Section>
  );
}
