import type React from 'react';
import { Formik, Form } from 'formik';
import { discordChannelSchema } from '@synctrade/api/validation';
import { Button, Field, FieldError, Input } from '@synctrade/ui';
import { useAlertsStore } from '../store/alerts-store';

/** Paste a Discord webhook URL (Server settings → Integrations → Webhooks → Copy Webhook URL). */
export function DiscordForm(): React.JSX.Element {
  const addDiscord = useAlertsStore((state) => state.addDiscord);
  return (
    <Formik
      initialValues={{ webhook_url: '' }}
      validationSchema={discordChannelSchema}
      onSubmit={async (values, helpers) => {
        if (await addDiscord(values.webhook_url.trim())) helpers.resetForm();
      }}
    >
      {(formik) => {
        const error = formik.touched.webhook_url ? formik.errors.webhook_url : undefined;
        return (
          <Form noValidate>
            <Field>
              <label htmlFor="alerts-discord">Discord webhook URL</label>
              <Input
                id="alerts-discord"
                {...formik.getFieldProps('webhook_url')}
                placeholder="https://discord.com/api/webhooks/…"
                autoComplete="off"
                aria-invalid={Boolean(error)}
                aria-describedby={error ? 'alerts-discord-error' : undefined}
              />
              {error && <FieldError id="alerts-discord-error">{error}</FieldError>}
            </Field>
            <Button type="submit" disabled={formik.isSubmitting}>
              Connect Discord
            </Button>
          </Form>
        );
      }}
    </Formik>
  );
}
