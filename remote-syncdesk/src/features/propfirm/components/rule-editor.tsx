import type React from 'react';
import { Fragment, useEffect, useState } from 'react';
import { Field as FormikField, Form, Formik, useField } from 'formik';
import styled from 'styled-components';
import type { PropRules } from '@synctrade/api';
import { propRuleEditSchema } from '@synctrade/api/validation';
import { Button, Field, FieldError, Input, Modal, Muted, Row, Select } from '@synctrade/ui';
import { usePropfirmStore } from '../store/propfirm-store';
import {
  PROP_RULE_FIELDS,
  PROP_RULE_FIELD_NAMES,
  ruleText,
  ruleValue,
  type PropRuleField,
} from './rule-values';

const Rules = styled.dl`
  display: grid;
  grid-template-columns: auto auto;
  gap: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(4)};
  margin: 0;
  font-size: 14px;
  dt {
    color: ${({ theme }) => theme.color.textMuted};
  }
  dd {
    margin: 0;
  }
`;

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
`;

interface EditValues {
  field: PropRuleField;
  value: string;
}

function ValueField({ label }: { label: string }): React.JSX.Element {
  const [field, meta] = useField<string>('value');
  const invalid = Boolean(meta.touched && meta.error);
  return (
    <Field>
      <label htmlFor="prop-rule-value">{label}</label>
      <Input
        id="prop-rule-value"
        type="number"
        step="any"
        {...field}
        aria-invalid={invalid}
        aria-describedby={invalid ? 'prop-rule-value-error' : undefined}
      />
      {invalid && <FieldError id="prop-rule-value-error">{meta.error}</FieldError>}
    </Field>
  );
}

interface RuleEditorProps {
  /** The account whose rules are shown and edited (null: closed). */
  account: { id: number; name: string } | null;
  onClose(): void;
}

/** The rules of one guarded account, and one value changed at a time (checked here, then by the server). */
export function RuleEditor({ account, onClose }: RuleEditorProps): React.JSX.Element {
  const loadRules = usePropfirmStore((state) => state.loadRules);
  const editRule = usePropfirmStore((state) => state.editRule);
  const [rules, setRules] = useState<PropRules | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const accountId = account?.id ?? null;
  useEffect(() => {
    setRules(null);
    setSaved(null);
    if (accountId === null) return;
    let live = true;
    void loadRules(accountId).then((answer) => {
      if (live) setRules(answer?.rules ?? null);
    });
    return () => {
      live = false;
    };
  }, [accountId, loadRules]);

  const first: PropRuleField = 'maxContracts.minis';
  return (
    <Modal open={account !== null} title={`Firm rules of ${account?.name ?? ''}`} onClose={onClose}>
      {rules === null ? (
        <Muted>Loading the rules…</Muted>
      ) : (
        <Stack>
          <Rules aria-label="Current firm rules">
            {PROP_RULE_FIELD_NAMES.map((name) => (
              <Fragment key={name}>
                <dt>{PROP_RULE_FIELDS[name].label}</dt>
                <dd>{ruleText(rules, name)}</dd>
              </Fragment>
            ))}
          </Rules>
          <Formik<EditValues>
            initialValues={{ field: first, value: String(ruleValue(rules, first)) }}
            validationSchema={propRuleEditSchema}
            onSubmit={async (values, helpers) => {
              if (account === null) return;
              setSaved(null);
              const answer = await editRule(account.id, {
                field: values.field,
                value: Number(values.value),
              });
              if (!answer.ok) {
                helpers.setFieldTouched('value', true, false);
                helpers.setFieldError('value', answer.detail);
                return;
              }
              if (answer.rules.rules !== null) setRules(answer.rules.rules);
              setSaved(`${PROP_RULE_FIELDS[values.field].label} saved`);
            }}
          >
            {({ values, isSubmitting, setFieldValue }) => (
              <Form noValidate aria-label="Change one rule">
                <Stack>
                  <Field>
                    <label htmlFor="prop-rule-field">Rule</label>
                    <FormikField
                      as={Select}
                      id="prop-rule-field"
                      name="field"
                      onChange={(event: React.ChangeEvent<HTMLSelectElement>) => {
                        const name = event.target.value as PropRuleField;
                        void setFieldValue('field', name, false);
                        void setFieldValue('value', String(ruleValue(rules, name)));
                      }}
                    >
                      {PROP_RULE_FIELD_NAMES.map((name) => (
                        <option key={name} value={name}>
                          {PROP_RULE_FIELDS[name].label}
                        </option>
                      ))}
                    </FormikField>
                  </Field>
                  <ValueField label={`New value: ${PROP_RULE_FIELDS[values.field].label}`} />
                  {saved !== null && <Muted role="status">{saved}</Muted>}
                  <Row>
                    <Button type="button" $variant="secondary" onClick={onClose}>
                      Close
                    </Button>
                    <Button type="submit" disabled={isSubmitting}>
                      Save
                    </Button>
                  </Row>
                </Stack>
              </Form>
            )}
          </Formik>
        </Stack>
      )}
    </Modal>
  );
}
