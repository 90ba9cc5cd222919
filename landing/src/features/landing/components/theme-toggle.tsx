import type React from 'react';
import styled from 'styled-components';
import { useTheme } from '@synctrade/ui';

const Toggle = styled.button`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 40px;
  height: 40px;
  border-radius: 50%;
  border: 1px solid ${({ theme }) => theme.color.border};
  background: transparent;
  color: ${({ theme }) => theme.color.text};
  cursor: pointer;
`;

/** Lets a visitor try both themes; the choice is stored like everywhere else in the product. */
export function ThemeToggle(): React.JSX.Element {
  const { theme, toggleTheme } = useTheme();
  const next = theme === 'dark' ? 'light' : 'dark';
  return (
    <Toggle type="button" aria-label={`Switch to ${next} theme`} onClick={toggleTheme}>
      <svg width="18" height="18" viewBox="0 0 18 18" aria-hidden="true" focusable="false">
        {theme === 'dark' ? (
          <g fill="currentColor" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round">
            <circle cx="9" cy="9" r="3.5" />
            <path d="M9 1v2M9 15v2M1 9h2M15 9h2M3.3 3.3l1.4 1.4M13.3 13.3l1.4 1.4M3.3 14.7l1.4-1.4M13.3 4.7l1.4-1.4" />
          </g>
        ) : (
          <path d="M12 2a7 7 0 1 0 4 12.5A6 6 0 0 1 12 2z" fill="currentColor" />
        )}
      </svg>
    </Toggle>
  );
}
