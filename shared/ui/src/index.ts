import type {} from './theme/styled-theme';
/**
 * The product's design system: theme tokens and provider, primitives, toast helpers, and the display toolkit
 * (formats, spreadsheet cells, file download).
 */
export { darkTokens, lightTokens, tokensFor, type ThemeTokens } from './theme/tokens';
export { ThemeProvider, useTheme, initialTheme, type ThemeContextValue } from './theme/theme-context';
export { GlobalStyle } from './theme/global-style';
export { notify, TOAST_DURATION, TOAST_LIMIT } from './toast/notify';
export { preloadToasts } from './toast/toast-library';
export { ToastArea } from './toast/toast-area';
export { AppProviders } from './providers/app-providers';
export { Button, type ButtonVariant } from './primitives/button';
export { Switch, type SwitchProps } from './primitives/switch';
export { Table, TableWrap, Signed } from './primitives/table';
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
