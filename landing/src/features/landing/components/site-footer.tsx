import type React from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import { FOOTER_GROUPS, type FooterLink } from '../content/footer-links';
import { SocialLinks } from './social-links';

const Footer = styled.footer`
  padding: ${({ theme }) => `${theme.space(16)} ${theme.space(5)} ${theme.space(8)}`};
  background: ${({ theme }) => theme.color.surface};
  border-top: 1px solid ${({ theme }) => theme.color.border};
`;

const Inner = styled.div`
  max-width: 1160px;
  margin: 0 auto;
  display: grid;
  gap: ${({ theme }) => theme.space(10)};
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 180px), 1fr));
  h2 {
    margin: 0 0 ${({ theme }) => theme.space(3)};
    font-size: 15px;
  }
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
  }
  li a {
    display: inline-block;
    padding: ${({ theme }) => theme.space(1)} 0;
    color: ${({ theme }) => theme.color.textMuted};
    text-decoration: none;
  }
  li a:hover {
    color: ${({ theme }) => theme.color.text};
    text-decoration: underline;
  }
`;

const Brand = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(4)};
  p {
    margin: 0;
    color: ${({ theme }) => theme.color.textMuted};
  }
`;

const Bottom = styled.p`
  max-width: 1160px;
  margin: ${({ theme }) => theme.space(12)} auto 0;
  color: ${({ theme }) => theme.color.textMuted};
  font-size: 14px;
`;

function FooterAnchor({ link, anchorBase }: { link: FooterLink; anchorBase: string }): React.JSX.Element {
  return link.href.startsWith('#') ? (
    <a href={`${anchorBase}${link.href}`}>{link.label}</a>
  ) : (
    <Link to={link.href}>{link.label}</Link>
  );
}

/** The footer: brand, the spec's link groups and the social icons. `anchorBase` as in the top bar. */
export function SiteFooter({ anchorBase = '' }: { anchorBase?: string }): React.JSX.Element {
  return (
    <Footer>
      <Inner>
        <Brand>
          <strong>SyncTrade</strong>
          <p>The cloud trade copier for futures traders.</p>
          <SocialLinks />
        </Brand>
        {FOOTER_GROUPS.map((group, index) => (
          <nav key={group.title} aria-labelledby={`footer-group-${index}`}>
            <h2 id={`footer-group-${index}`}>{group.title}</h2>
            <ul>
              {group.links.map((link) => (
                <li key={link.label}>
                  <FooterAnchor link={link} anchorBase={anchorBase} />
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </Inner>
      <Bottom>
        © {new Date().getFullYear()} SyncTrade. Futures trading involves substantial risk of loss.
      </Bottom>
    </Footer>
  );
}
