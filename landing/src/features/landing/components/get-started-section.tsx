import type React from 'react';
import styled from 'styled-components';
import { Eyebrow, Grid, Heading, Inner, Section, Tile } from './section';

const Step = styled.span`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 36px;
  height: 36px;
  margin-bottom: ${({ theme }) => theme.space(3)};
  border-radius: 50%;
  background: ${({ theme }) => theme.color.highlight};
  color: ${({ theme }) => theme.color.text};
  font-weight: 800;
`;

const STEPS = [
  {
    title: 'Create your account',
    text: 'Sign up in a minute and start your 7-day free trial. Cancel anytime.',
  },
  {
    title: 'Connect your brokers',
    text: 'Link your accounts: ProjectX with its API key, Tradovate through its own sign-in, Rithmic with your Rithmic login, or the paper broker.',
  },
  { title: 'Pick a leader', text: 'Choose the account you trade, mark the followers and set each ratio.' },
  {
    title: 'Trade as usual',
    text: 'Every order on the leader is copied to the followers, with the live view to watch it.',
  },
] as const;

/** How to get started (id started-algo): four steps in order. */
export function GetStartedSection(): React.JSX.Element {
  return (
    <Section id="started-algo" $alt aria-labelledby="started-title">
      <Inner>
        <Heading>
          <Eyebrow>Getting started</Eyebrow>
          <h2 id="started-title">How to get started</h2>
          <p>From sign-up to your first copied trade in four steps.</p>
        </Heading>
        <Grid as="ol">
          {STEPS.map((step, index) => (
            <Tile key={step.title}>
              <Step aria-hidden="true">{index + 1}</Step>
              <h3>
                <span className="sr-only">Step {index + 1}: </span>
                {step.title}
              </h3>
              <p>{step.text}</p>
            </Tile>
          ))}
        </Grid>
      </Inner>
    </Section>
  );
}
