import type {} from './theme/styled-theme';
/**
 * The product's design system: theme tokens and provider, primitives, toast helpers, and the display toolkit
 * (formats, spreadsheet cells, file download). Every app bundles this entry; the theme and toast state live in
 * the `@synctrade/ui/providers` singleton.
 */
export { darkTokens, lightTokens, tokensFor, type ThemeTokens } from './theme/tokens';
// The stateful part (theme context, toasts) comes from the page's one copy, a federation singleton.
export {
  ThemeProvider,
  useTheme,
  initialTheme,
  type ThemeContextValue,
  GlobalStyle,
  notify,
  TOAST_DURATION,
  TOAST_LIMIT,
  preloadToasts,
  ToastArea,
  AppProviders,
} from '@synctrade/ui/providers';
export { Button, type ButtonVariant } from './primitives/button';
export { Switch, type SwitchProps } from './primitives/switch';
export { CardTable, Table, TableHead, TableWrap, Signed } from './primitives/table';
export { Page, PageHeader, Row, Card, Muted } from './primitives/layout';
export { SectionHeader } from './primitives/section-header';
export { Field, Input, Select, TextArea, FieldError } from './primitives/form';
export { Spinner } from './primitives/spinner';
export { EmptyState } from './primitives/empty-state';
export { ErrorPanel } from './primitives/error-panel';
export { Modal, type ModalProps } from './primitives/modal';
export { Drawer, type DrawerProps } from './primitives/drawer';
export { Tabs, type TabItem } from './primitives/tabs';
export { useEscape } from './primitives/use-dismiss';
export { csvField, defuseFormula, tsvField } from './csv/spreadsheet-cells';
export {
  formatClock,
  formatCount,
  formatDateTime,
  formatDayLabel,
  formatDuration,
  formatMoney,
  formatNumber,
  formatPercent,
  formatPnl,
  formatPrice,
  formatRatio,
  formatShortDate,
} from './format';
export { downloadText } from './download/download-text';
