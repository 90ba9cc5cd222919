import type React from 'react';
import { Form, Formik, useField } from 'formik';
import * as yup from 'yup';
import { GROUP_MESSAGE, GROUP_NAME_MAX } from '@synctrade/api/messages';
import { Button, Field, FieldError, Input, Modal } from '@synctrade/ui';
import { MainButton } from '../components/desk-styles';
import { DialogActions as Actions } from '../components/dialog-parts';

// The server's rule (`groupNameSchema`) read as a form does: spaces at either end are trimmed, not refused.
const formSchema = yup.object({
  name: yup.string().trim().required(GROUP_MESSAGE.nameRequired).max(GROUP_NAME_MAX, GROUP_MESSAGE.nameMax),
});

interface GroupNameDialogProps {
  title: string;
  submitLabel: string;
  initialName: string;
  /** Answers true once saved: the dialog closes; on failure the toast explains and it stays. */
  onSubmit(name: string): Promise<boolean>;
  onClose(): void;
}

function NameField(): React.JSX.Element {
  const [field, meta] = useField<string>('name');
  const invalid = meta.touched && meta.error !== undefined;
  return (
    <Field>
      <label htmlFor="group-name">Group name</label>
      <Input
        id="group-name"
        {...field}
        maxLength={GROUP_NAME_MAX + 20}
        autoComplete="off"
        aria-invalid={invalid}
        aria-describedby={invalid ? 'group-name-error' : undefined}
      />
      {invalid && <FieldError id="group-name-error">{meta.error}</FieldError>}
    </Field>
  );
}

/** Names a new group or renames one. The name is trimmed before it is checked and sent. Mount only while open. */
export function GroupNameDialog({
  title,
  submitLabel,
  initialName,
  onSubmit,
  onClose,
}: GroupNameDialogProps): React.JSX.Element {
  return (
    <Modal open title={title} onClose={onClose}>
      <Formik
        initialValues={{ name: initialName }}
        validationSchema={formSchema}
        onSubmit={async ({ name }) => {
          if (await onSubmit(name.trim())) onClose();
        }}
      >
        {({ isSubmitting }) => (
          <Form noValidate>
            <NameField />
            <Actions>
              <Button type="button" $variant="secondary" onClick={onClose}>
                Cancel
              </Button>
              <MainButton type="submit" disabled={isSubmitting}>
                {submitLabel}
              </MainButton>
            </Actions>
          </Form>
        )}
      </Formik>
    </Modal>
  );
}
