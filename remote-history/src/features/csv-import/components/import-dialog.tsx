import type React from 'react';
import { useEffect, useId } from 'react';
import { AccountSelect } from './account-select';
import { FileAccounts } from './file-accounts';
import { ActionButton } from '../../../lib/action-button';
import type { AccountSummary } from '@synctrade/api';
import { Button, Field, FieldError, formatCount, Input, Modal, Muted, Row } from '@synctrade/ui';
import { useImportStore } from '../store/import-store';
import { ImportPreview } from './import-preview';
import { ProgressLine } from './progress-line';

/** Import Data: pick a CSV, see what it holds, send it; importing the same file again adds nothing. */
export function ImportDialog({
  accounts = [],
  onClose,
  onImported,
}: {
  /** The trader's accounts, to attach the trades to one of them. */
  accounts?: readonly AccountSummary[];
  onClose(): void;
  onImported(): void;
}): React.JSX.Element {
  const s = useImportStore();
  const inputId = useId();
  const accountId = useId();
  useEffect(() => () => useImportStore.getState().reset(), []);
  const busy = s.phase === 'reading' || s.phase === 'importing';
  const close = (): void => {
    if (!busy) onClose();
  };
  const total = s.parsed?.trades.length ?? 0;

  const send = async (): Promise<void> => {
    if (await s.send()) onImported();
  };

  return (
    <Modal open title="Import Data" onClose={close}>
      <p>
        Choose a CSV export of your trading history: a Tradovate Performance or Fills export, or a file
        exported from this page. Trades already imported are skipped.
      </p>
      {(s.phase === 'idle' || s.phase === 'preview' || s.phase === 'done') && (
        <Field>
          <label htmlFor={inputId}>CSV file</label>
          <Input
            id={inputId}
            type="file"
            accept=".csv,text/csv"
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) void s.read(file, accounts);
              event.target.value = '';
            }}
          />
        </Field>
      )}
      {accounts.length > 0 && (s.phase === 'idle' || s.phase === 'preview') && (
        <Field>
          <label htmlFor={accountId}>Account these trades were made on</label>
          <AccountSelect
            id={accountId}
            accounts={accounts}
            value={s.accountId}
            noneLabel="None (shown as Import)"
            onChange={s.setAccount}
          />
        </Field>
      )}
      {s.phase === 'reading' && (
        <ProgressLine
          label="Reading file"
          value={s.readProgress}
          text={`Reading ${s.fileName ?? ''}… ${Math.round(s.readProgress * 100)}%`}
        />
      )}
      {accounts.length > 0 && s.phase === 'preview' && s.parsed && (
        <FileAccounts
          parsed={s.parsed}
          accounts={accounts}
          chosen={s.fileAccounts}
          onChoose={s.setFileAccount}
        />
      )}
      {s.parsed?.problem && <FieldError>{s.parsed.problem}</FieldError>}
      {s.parsed && !s.parsed.problem && s.phase !== 'reading' && <ImportPreview parsed={s.parsed} />}
      {s.phase === 'importing' && (
        <ProgressLine
          label="Importing trades"
          value={total ? s.sent / total : 0}
          text={`${formatCount(s.sent)} of ${formatCount(total)} trades sent`}
        />
      )}
      {s.phase === 'done' && (
        <p role="status">
          {formatCount(s.imported)} imported, {formatCount(s.duplicates)} duplicates skipped (already
          imported).
        </p>
      )}
      {s.error && <FieldError>{s.error}</FieldError>}
      <Row style={{ justifyContent: 'flex-end', marginTop: 16 }}>
        {s.phase === 'done' ? (
          <ActionButton type="button" onClick={onClose}>
            Close
          </ActionButton>
        ) : (
          <>
            <Button type="button" $variant="secondary" onClick={close} disabled={busy}>
              Cancel
            </Button>
            <ActionButton
              type="button"
              disabled={s.phase !== 'preview' || total === 0}
              onClick={() => void send()}
            >
              {s.phase === 'importing' ? 'Importing...' : `Import ${formatCount(total)} trades`}
            </ActionButton>
          </>
        )}
      </Row>
      {s.phase === 'importing' && <Muted>Keep this window open until the import finishes.</Muted>}
    </Modal>
  );
}
