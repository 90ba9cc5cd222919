import type React from 'react';
import { Formik, Form } from 'formik';
import { telegramLinkSchema } from '@synctrade/api/validation';
import { Button, Field, FieldError, Input, Muted } from '@synctrade/ui';
import { useAlertsStore } from '../store/alerts-store';

/** Telegram: get a one-time code, send it to the bot, then link the chat that sent it. */
export function TelegramLink(): React.JSX.Element {
  const code = useAlertsStore((state) => state.telegramCode);
  const busy = useAlertsStore((state) => state.busy.telegram ?? false);
  const startTelegram = useAlertsStore((state) => state.startTelegram);
  const link = useAlertsStore((state) => state.linkTelegram);

  if (!code)
    return (
      <Button type="button" disabled={busy} onClick={() => void startTelegram()}>
        Connect Telegram
      </Button>
    );
  const bot = code.bot ? `@${code.bot}` : 'the SyncTrade bot';
  return (
    <Formik
      initialValues={{ code: code.code }}
      validationSchema={telegramLinkSchema}
      onSubmit={async (values) => {
        await link(values.code.trim());
      }}
    >
      {(formik) => {
        const error = formik.touched.code ? formik.errors.code : undefined;
        return (
          <Form noValidate>
            <Muted>
              Send <strong>/start {code.code}</strong> to {bot} in Telegram, then press Check.
            </Muted>
            <Field>
              <label htmlFor="alerts-telegram-code">Telegram code</label>
              <Input
                id="alerts-telegram-code"
                {...formik.getFieldProps('code')}
                autoComplete="off"
                aria-invalid={Boolean(error)}
                aria-describedby={error ? 'alerts-telegram-error' : undefined}
              />
              {error && <FieldError id="alerts-telegram-error">{error}</FieldError>}
            </Field>
            <Button type="submit" disabled={formik.isSubmitting || busy}>
              Check
            </Button>
          </Form>
        );
      }}
    </Formik>
  );
}
