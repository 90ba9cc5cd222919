import type {} from '../theme/styled-theme';
/**
 * What the page holds once: the theme context and provider, the toast area and the toast library's loading
 * state. This entry is a federation singleton (`@synctrade/ui/providers`), loaded from the host; the primitives,
 * tokens and helpers of `@synctrade/ui` are stateless and bundled by every app, so a remote can ship a new
 * primitive without a host release (docs/adr/0006). Code of this package outside `providers/`, `theme/` and
 * `toast/` reaches these modules only through the package name: a relative import would bundle a second copy
 * (a second React context, a second toast queue).
 */
export { ThemeProvider, useTheme, initialTheme, type ThemeContextValue } from '../theme/theme-context';
export { GlobalStyle } from '../theme/global-style';
export { notify, TOAST_DURATION, TOAST_LIMIT } from '../toast/notify';
export { preloadToasts } from '../toast/toast-library';
export { ToastArea } from '../toast/toast-area';
export { AppProviders } from './app-providers';
