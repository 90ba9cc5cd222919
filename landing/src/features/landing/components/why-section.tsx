import type React from 'react';
import { Eyebrow, Grid, Heading, Inner, Section, Tile } from './section';

const REASONS = [
  {
    title: 'Built for speed',
    text: 'Orders reach every follower in under 100 ms, sent to all of them at once, so fills stay close to the leader.',
  },
  {
    title: 'Many accounts, one click',
    text: 'Run evaluation and funded accounts side by side. Traders copy to 40+ accounts from a single entry.',
  },
  {
    title: 'Your sizing, your risk',
    text: 'Set a ratio per follower, copy minis to micros, flatten one account or all of them in one move.',
  },
  {
    title: 'Always on, in the cloud',
    text: 'No VPS and no desktop app to keep open. Every order is tracked so a retry never sends twice.',
  },
] as const;

/** Why the product (id about). */
export function WhySection(): React.JSX.Element {
  return (
    <Section id="about" aria-labelledby="about-title">
      <Inner>
        <Heading>
          <Eyebrow>Why SyncTrade</Eyebrow>
          <h2 id="about-title">One trade, every account, no delay</h2>
          <p>
            Futures traders use SyncTrade to manage several accounts without clicking through each of them.
          </p>
        </Heading>
        <Grid>
          {REASONS.map((reason) => (
            <Tile key={reason.title}>
              <h3>{reason.title}</h3>
              <p>{reason.text}</p>
            </Tile>
          ))}
        </Grid>
      </Inner>
    </Section>
  );
}
