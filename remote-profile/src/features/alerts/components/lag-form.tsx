import type React from 'react';
import { Formik, Form } from 'formik';
import { alertPreferencesSchema } from '@synctrade/api/validation';
import { Button, Field, FieldError, Input, Muted } from '@synctrade/ui';
import { useAlertsStore } from '../store/alerts-store';

/** How long a follower may stay out of sync or throttled before the "out of sync" alert goes out. */
export function LagForm({ seconds }: { seconds: number }): React.JSX.Element {
  const saveLag = useAlertsStore((state) => state.saveLag);
  return (
    <Formik
      initialValues={{ out_of_sync_after_s: seconds as number | '' }}
      enableReinitialize
      validationSchema={alertPreferencesSchema}
      onSubmit={async (values) => {
        if (typeof values.out_of_sync_after_s === 'number') await saveLag(values.out_of_sync_after_s);
      }}
    >
      {(formik) => {
        const error = formik.touched.out_of_sync_after_s ? formik.errors.out_of_sync_after_s : undefined;
        return (
          <Form noValidate>
            <Field>
              <label htmlFor="alerts-lag">Alert when a follower lags longer than (seconds)</label>
              <Input
                id="alerts-lag"
                type="number"
                inputMode="numeric"
                min={0}
                max={3600}
                step={1}
                {...formik.getFieldProps('out_of_sync_after_s')}
                aria-invalid={Boolean(error)}
                aria-describedby={error ? 'alerts-lag-error' : 'alerts-lag-help'}
              />
              {error ? (
                <FieldError id="alerts-lag-error">{error}</FieldError>
              ) : (
                <Muted id="alerts-lag-help">
                  Out of sync or throttled by the broker&apos;s request limit for longer than this. 0 alerts
                  at once; the desk always shows it at once.
                </Muted>
              )}
            </Field>
            <Button type="submit" disabled={formik.isSubmitting}>
              Save alert delay
            </Button>
          </Form>
        );
      }}
    </Formik>
  );
}
