import type React from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';

const List = styled.ul`
  display: flex;
  gap: ${({ theme }) => theme.space(3)};
  list-style: none;
  margin: 0;
  padding: 0;
  a {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    width: 40px;
    height: 40px;
    border-radius: 50%;
    border: 1px solid ${({ theme }) => theme.color.border};
    color: ${({ theme }) => theme.color.text};
  }
  a:hover {
    color: ${({ theme }) => theme.color.primary};
  }
`;

/** Simple drawn glyphs (no brand artwork); each link carries the network's name. */
const SOCIAL = [
  {
    name: 'Facebook',
    glyph: <path d="M11 4h2V1h-2.5C8 1 7 2.6 7 5v2H5v3h2v7h3v-7h2.5l.5-3h-3V5.5c0-.9.3-1.5 1-1.5z" />,
  },
  {
    name: 'LinkedIn',
    glyph: (
      <path d="M2 6h3v10H2zM3.5 1.5a1.7 1.7 0 1 1 0 3.4 1.7 1.7 0 0 1 0-3.4zM7 6h3v1.5C10.6 6.5 11.7 6 13 6c2.2 0 3 1.4 3 4v6h-3v-5.5c0-1.3-.4-2-1.5-2S10 9.3 10 10.5V16H7z" />
    ),
  },
  {
    name: 'Twitter',
    glyph: <path d="M2 2h4l3.5 4.8L13.5 2H16l-5.3 6.3L16.5 16h-4l-3.8-5.2L4.2 16H1.7l5.8-6.8z" />,
  },
  {
    name: 'Instagram',
    glyph: (
      <path
        fillRule="evenodd"
        d="M5 1h8a4 4 0 0 1 4 4v8a4 4 0 0 1-4 4H5a4 4 0 0 1-4-4V5a4 4 0 0 1 4-4zm0 2a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2V5a2 2 0 0 0-2-2zm4 2.5a3.5 3.5 0 1 1 0 7 3.5 3.5 0 0 1 0-7zm0 2a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3zM13.2 3.8a1 1 0 1 1 0 2 1 1 0 0 1 0-2z"
      />
    ),
  },
] as const;

/** The footer's social icons; the spec shows no targets, so they lead to / for now. */
export function SocialLinks(): React.JSX.Element {
  return (
    <List aria-label="Social media">
      {SOCIAL.map((network) => (
        <li key={network.name}>
          <Link to="/" aria-label={network.name}>
            <svg
              width="18"
              height="18"
              viewBox="0 0 18 18"
              fill="currentColor"
              aria-hidden="true"
              focusable="false"
            >
              {network.glyph}
            </svg>
          </Link>
        </li>
      ))}
    </List>
  );
}
