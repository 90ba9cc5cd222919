import type React from 'react';
import styled from 'styled-components';
import { PLANS } from '../content/plans';
import { CtaLink, SIGN_UP } from './cta-link';
import { Eyebrow, Grid, Heading, Inner, Section } from './section';

const Card = styled.li<{ $featured: boolean }>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => theme.space(7)};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};
  border: 2px solid ${({ $featured, theme }) => ($featured ? theme.color.primary : theme.color.border)};
  h3 {
    margin: 0;
    font-size: 20px;
  }
  ul {
    margin: 0;
    padding-left: ${({ theme }) => theme.space(5)};
    color: ${({ theme }) => theme.color.textMuted};
    flex: 1;
  }
`;

const Price = styled.p`
  margin: 0;
  font-size: 40px;
  font-weight: 800;
  span {
    font-size: 16px;
    font-weight: 500;
    color: ${({ theme }) => theme.color.textMuted};
  }
`;

const Tag = styled.span`
  align-self: flex-start;
  padding: ${({ theme }) => `${theme.space(0.5)} ${theme.space(2.5)}`};
  border-radius: 999px;
  background: ${({ theme }) => theme.color.highlight};
  font-size: 13px;
  font-weight: 700;
`;

/** Pricing (id pricing), so the top bar's Pricing anchor has a target. */
export function PricingSection(): React.JSX.Element {
  return (
    <Section id="pricing" aria-labelledby="pricing-title">
      <Inner>
        <Heading>
          <Eyebrow>Pricing</Eyebrow>
          <h2 id="pricing-title">Plans from $99/month</h2>
          <p>
            Pick a tier by the number of accounts you copy to. Every plan starts with a 7-day free trial.
            Cancel anytime.
          </p>
        </Heading>
        <Grid $min={260}>
          {PLANS.map((plan) => (
            <Card key={plan.name} $featured={Boolean(plan.featured)}>
              {plan.featured && <Tag>Most popular</Tag>}
              <h3>{plan.name}</h3>
              <Price>
                ${plan.price}
                <span>/month</span>
              </Price>
              <strong>{plan.accounts}</strong>
              <ul>
                {plan.perks.map((perk) => (
                  <li key={perk}>{perk}</li>
                ))}
              </ul>
              <CtaLink to={SIGN_UP} aria-label={`Start free trial of ${plan.name}`}>
                Start free trial
              </CtaLink>
            </Card>
          ))}
        </Grid>
      </Inner>
    </Section>
  );
}
