import type React from 'react';
import styled from 'styled-components';
import { Spinner } from '@synctrade/ui';
import { FaqSection } from '../../faq';
import { ReviewsSection } from '../../reviews';
import { useBriefSpinner } from '../hooks/use-brief-spinner';
import { usePageMeta } from '../hooks/use-page-meta';
import { BrokersSection } from './brokers-section';
import { CtaBanner } from './cta-banner';
import { GetStartedSection } from './get-started-section';
import { Hero } from './hero';
import { PricingSection } from './pricing-section';
import { SiteFooter } from './site-footer';
import { TopBar } from './top-bar';
import { WhySection } from './why-section';

export const PAGE_TITLE = 'SyncTrade — Cloud trade copier for futures traders';
export const PAGE_DESCRIPTION =
  'Copy futures trades from one leader account to many follower accounts in under 100 ms. ' +
  'Tradovate, ProjectX and Rithmic, ES, NQ, CL and GC, sizing and risk per account. Plans from $99/month, 7-day free trial.';

const Shell = styled.div`
  min-height: 100vh;
  background: ${({ theme }) => theme.color.bg};
  color: ${({ theme }) => theme.color.text};
  overflow-x: clip;
`;

/**
 * `/`: the public landing page. The page renders at once beneath a brief full-screen spinner that goes once
 * the page has been painted, so nothing moves when it goes (no layout shift).
 */
export function LandingPage(): React.JSX.Element {
  const spinning = useBriefSpinner();
  usePageMeta(PAGE_TITLE, PAGE_DESCRIPTION);
  return (
    <Shell>
      {spinning && <Spinner fullScreen label="Loading SyncTrade" />}
      <TopBar />
      <main>
        <Hero />
        <BrokersSection />
        <WhySection />
        <GetStartedSection />
        <PricingSection />
        <ReviewsSection />
        <FaqSection />
        <CtaBanner />
      </main>
      <SiteFooter />
    </Shell>
  );
}
