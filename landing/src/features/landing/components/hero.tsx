import type React from 'react';
import styled from 'styled-components';
import { CtaLink, GhostLink, SIGN_UP } from './cta-link';
import { HeroArt } from './hero-art';
import { Inner, Section } from './section';

const Layout = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(10)};
  align-items: center;
  @media (min-width: ${({ theme }) => theme.breakpoint.md}) {
    grid-template-columns: 1.1fr 1fr;
  }
  h1 {
    margin: 0 0 ${({ theme }) => theme.space(4)};
    font-size: clamp(32px, 5.5vw, 56px);
    line-height: 1.08;
    letter-spacing: -0.02em;
  }
`;

const Pitch = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(6)};
  font-size: 18px;
  color: ${({ theme }) => theme.color.textMuted};
`;

const Badge = styled.p`
  display: inline-block;
  margin: 0 0 ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => `${theme.space(1)} ${theme.space(3)}`};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: 999px;
  font-size: 13px;
  font-weight: 600;
`;

const Claims = styled.ul`
  margin: 0 0 ${({ theme }) => theme.space(8)};
  padding: 0;
  list-style: none;
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  li::before {
    content: '✓';
    margin-right: ${({ theme }) => theme.space(2)};
    color: ${({ theme }) => theme.color.success};
    font-weight: 800;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
`;

/** The spec's landing claims (section 1), word for word in substance. */
export const CLAIMS = [
  'Execution under 100 ms from the leader fill to every follower order',
  'Copy to many accounts at once: 40+ accounts on one click',
  'Position sizing and risk settings per follower account',
  'Major futures contracts: ES, NQ, CL, GC and their micros',
] as const;

/** The hero (id features): what the product does, its claims and the trial button. */
export function Hero(): React.JSX.Element {
  return (
    <Section id="features" aria-labelledby="hero-title">
      <Inner>
        <Layout>
          <div>
            <Badge>Open beta · 7-day free trial · Cancel anytime</Badge>
            <h1 id="hero-title">Copy your futures trades to every account in under 100 ms</h1>
            <Pitch>
              SyncTrade is a cloud trade copier: trade one leader account and every follower account copies
              it, sized the way you choose. Nothing to install, nothing to keep running.
            </Pitch>
            <Claims aria-label="Why it is fast and safe">
              {CLAIMS.map((claim) => (
                <li key={claim}>{claim}</li>
              ))}
            </Claims>
            <Actions>
              <CtaLink to={SIGN_UP}>Start Free Trial</CtaLink>
              <GhostLink href="#started-algo">See how it works</GhostLink>
            </Actions>
          </div>
          <HeroArt />
        </Layout>
      </Inner>
    </Section>
  );
}
