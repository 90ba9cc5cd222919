import type React from 'react';
import styled from 'styled-components';
import { CtaLink, SIGN_UP } from './cta-link';
import { Inner, Section } from './section';

const Banner = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(6)};
  padding: ${({ theme }) => theme.space(10)};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surfaceRaised};
  border: 1px solid ${({ theme }) => theme.color.border};
  h2 {
    margin: 0 0 ${({ theme }) => theme.space(2)};
    font-size: clamp(24px, 3.5vw, 34px);
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.color.textMuted};
  }
  @media (max-width: ${({ theme }) => theme.breakpoint.sm}) {
    padding: ${({ theme }) => theme.space(6)};
  }
`;

/** The closing call to action. */
export function CtaBanner(): React.JSX.Element {
  return (
    <Section aria-labelledby="cta-title">
      <Inner>
        <Banner>
          <div>
            <h2 id="cta-title">Ready to level up your Trading</h2>
            <p>Start your 7-day free trial today. No commitment, cancel anytime.</p>
          </div>
          <CtaLink to={SIGN_UP}>Start For Free</CtaLink>
        </Banner>
      </Inner>
    </Section>
  );
}
