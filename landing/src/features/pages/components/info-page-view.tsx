import type React from 'react';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import styled from 'styled-components';
import { SiteFooter, TopBar, usePageMeta } from '../../landing';
import type { InfoPage } from '../content';

const Shell = styled.div`
  min-height: 100vh;
  background: ${({ theme }) => theme.color.bg};
  color: ${({ theme }) => theme.color.text};
`;

const Article = styled.article`
  max-width: 760px;
  margin: 0 auto;
  padding: ${({ theme }) => `${theme.space(12)} ${theme.space(5)} ${theme.space(16)}`};
  line-height: 1.6;
  overflow-wrap: anywhere;
  h1 {
    font-size: clamp(28px, 5vw, 40px);
    line-height: 1.15;
    margin: 0 0 ${({ theme }) => theme.space(3)};
  }
  h2 {
    font-size: 22px;
    margin: ${({ theme }) => `${theme.space(10)} 0 ${theme.space(3)}`};
    scroll-margin-top: 80px;
  }
  p,
  li {
    color: ${({ theme }) => theme.color.textMuted};
  }
  li + li {
    margin-top: ${({ theme }) => theme.space(2)};
  }
`;

const Lead = styled.p`
  font-size: 18px;
`;

/** A public text page (legal or guide) between the landing's top bar and footer. */
export function InfoPageView({ page }: { page: InfoPage }): React.JSX.Element {
  usePageMeta(`${page.title} — SyncTrade`, page.lead);
  const { hash } = useLocation();
  // A link to a section of this page (/guides/help-center#community) lands on it once the page is drawn.
  useEffect(() => {
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView();
    else if (document.scrollingElement) document.scrollingElement.scrollTop = 0;
  }, [page, hash]);
  return (
    <Shell>
      <TopBar anchorBase="/" />
      <main>
        <Article aria-labelledby="info-page-title">
          <h1 id="info-page-title">{page.title}</h1>
          <Lead>{page.lead}</Lead>
          {page.sections.map((section) => (
            <section key={section.heading} aria-labelledby={section.id ?? slug(section.heading)}>
              <h2 id={section.id ?? slug(section.heading)}>{section.heading}</h2>
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
              {section.list && (
                <ul>
                  {section.list.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              )}
            </section>
          ))}
        </Article>
      </main>
      <SiteFooter anchorBase="/" />
    </Shell>
  );
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
