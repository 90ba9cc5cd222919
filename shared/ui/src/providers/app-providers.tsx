import type React from 'react';
import type { ReactNode } from 'react';
import { GlobalStyle } from '../theme/global-style';
import { ThemeProvider } from '../theme/theme-context';
import { ToastArea } from '../toast/toast-area';

/** Theme, global styles and the toast area: what the host and every standalone remote render once. */
export function AppProviders({ children }: { children: ReactNode }): React.JSX.Element {
  return (
    <ThemeProvider>
      <GlobalStyle />
      {children}
      <ToastArea />
    </ThemeProvider>
  );
}
