import type React from 'react';
import styled from 'styled-components';

// Hidden until focused, so it costs sighted mouse users nothing and is the first Tab stop for everyone else.
const Link = styled.a`
  position: absolute;
  left: ${({ theme }) => theme.space(3)};
  top: ${({ theme }) => theme.space(3)};
  z-index: 1000;
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(4)}`};
  border-radius: 8px;
  background: ${({ theme }) => theme.color.surfaceRaised};
  color: ${({ theme }) => theme.color.text};
  border: 2px solid ${({ theme }) => theme.color.primary};
  text-decoration: none;
  transform: translateY(-200%);
  &:focus {
    transform: none;
  }
`;

/**
 * "Skip to content": moves focus past the sidebar and top bar to the page. Focus is moved by hand rather than
 * by the hash, so the address (which the router owns) does not change.
 */
export function SkipLink({ target }: { target: string }): React.JSX.Element {
  return (
    <Link
      href={`#${target}`}
      onClick={(event) => {
        const main = document.getElementById(target);
        if (!main) return;
        event.preventDefault();
        main.focus();
      }}
    >
      Skip to content
    </Link>
  );
}
