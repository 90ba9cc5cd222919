/** CSV import (Tradovate Performance and Fills, our own export) and our own export format. */
import { lazy } from 'react';

export { tradesToCsv, OWN_HEADER } from './lib/own-format';
// The import dialog pulls in the CSV parser: it loads only when the trader opens it.
export const LazyImportDialog = lazy(() =>
  import('./components/import-dialog').then((m) => ({ default: m.ImportDialog })),
);
