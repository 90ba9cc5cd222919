import type React from 'react';
import { useEffect, useMemo, useState } from 'react';
import { Form, Formik, useField } from 'formik';
import * as yup from 'yup';
import styled from 'styled-components';
import type { AccountPropRules, PropRuleEdit } from '@synctrade/api';
import { propRuleValueSchema } from '@synctrade/api/validation';
import { Button, FieldError, Input, Modal, Muted, Row } from '@synctrade/ui';
import { usePropfirmStore } from '../store/propfirm-store';
import { calendarEndText } from './calendar-ends';
import {
  PROP_RULE_FIELDS,
  PROP_RULE_FIELD_NAMES,
  ruleEnabled,
  ruleValue,
  type PropRuleField,
} from './rule-values';

const Grid = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) minmax(96px, 140px);
  gap: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  align-items: start;
  font-size: 14px;

  label {
    padding-top: ${({ theme }) => theme.space(2)};
  }
`;

/** A kind of news whose known dates end soon: the blackout rule cannot see past them. */
const CalendarEnd = styled.p`
  margin: 0;
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
  border: 1px solid ${({ theme }) => theme.color.warning};
  border-radius: ${({ theme }) => theme.radius.md};
  font-size: 14px;
`;

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
`;

/** A field's key in the form: the rule's path without its dot (Formik reads a dot as a nested object). */
const keyOf = (name: PropRuleField): string => name.replace('.', '_');

type Values = Record<string, string>;

const valuesOf = (rules: NonNullable<AccountPropRules['rules']>): Values =>
  Object.fromEntries(PROP_RULE_FIELD_NAMES.map((name) => [keyOf(name), String(ruleValue(rules, name))]));

// Every value with the server's own rule for it (one schema: the same messages here and in its answers).
const formSchema = yup.object(
  Object.fromEntries(PROP_RULE_FIELD_NAMES.map((name) => [keyOf(name), propRuleValueSchema(name)])),
);

/** The fields whose value differs from the stored one, as the server takes them. */
function changesOf(values: Values, stored: Values): PropRuleEdit[] {
  return PROP_RULE_FIELD_NAMES.filter(
    (name) => Number(values[keyOf(name)]) !== Number(stored[keyOf(name)]),
  ).map((name) => ({ field: name, value: Number(values[keyOf(name)]) }));
}

function RuleInput({ name, off }: { name: PropRuleField; off: boolean }): React.JSX.Element {
  const [field, meta] = useField<string>(keyOf(name));
  const id = `prop-rule-${keyOf(name)}`;
  const invalid = Boolean(meta.touched && meta.error);
  return (
    <>
      <label htmlFor={id}>
        {PROP_RULE_FIELDS[name].label}
        {off && <Muted as="span"> (rule off)</Muted>}
      </label>
      <div>
        <Input
          id={id}
          type="number"
          step="any"
          {...field}
          aria-invalid={invalid}
          aria-describedby={invalid ? `${id}-error` : undefined}
        />
        {invalid && <FieldError id={`${id}-error`}>{meta.error}</FieldError>}
      </div>
    </>
  );
}

interface RuleEditorProps {
  /** The account whose rules are shown and edited (null: closed). */
  account: { id: number; name: string } | null;
  onClose(): void;
}

/**
 * Every value of one guarded account's rules in one form: changed values are checked here, then sent together and
 * kept together by the server (or none, with its reason). A rule that is off says so beside its value.
 */
export function RuleEditor({ account, onClose }: RuleEditorProps): React.JSX.Element {
  const loadRules = usePropfirmStore((state) => state.loadRules);
  const editRules = usePropfirmStore((state) => state.editRules);
  const [answer, setAnswer] = useState<AccountPropRules | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const accountId = account?.id ?? null;
  useEffect(() => {
    setAnswer(null);
    setSaved(null);
    setRefused(null);
    if (accountId === null) return;
    let live = true;
    void loadRules(accountId).then((loaded) => {
      if (live) setAnswer(loaded);
    });
    return () => {
      live = false;
    };
  }, [accountId, loadRules]);
  const rules = answer?.rules ?? null;
  const stored = useMemo(() => (rules === null ? null : valuesOf(rules)), [rules]);

  return (
    <Modal open={account !== null} title={`Firm rules of ${account?.name ?? ''}`} onClose={onClose}>
      {rules === null || stored === null ? (
        <Muted>Loading the rules…</Muted>
      ) : (
        <Formik<Values>
          initialValues={stored}
          enableReinitialize
          validationSchema={formSchema}
          onSubmit={async (values) => {
            if (account === null) return;
            setSaved(null);
            setRefused(null);
            const edits = changesOf(values, stored);
            if (edits.length === 0) return;
            const result = await editRules(account.id, edits);
            if (!result.ok) {
              setRefused(result.detail);
              return;
            }
            setAnswer(result.rules);
            setSaved(edits.length === 1 ? '1 rule saved' : `${edits.length} rules saved`);
          }}
        >
          {({ values, isSubmitting }) => (
            <Form noValidate aria-label="Firm rule values">
              <Stack>
                {(answer?.calendar_ends ?? []).map((end) => (
                  <CalendarEnd key={end.kind} role="note">
                    {calendarEndText(end)}
                  </CalendarEnd>
                ))}
                <Grid>
                  {PROP_RULE_FIELD_NAMES.map((name) => (
                    <RuleInput key={name} name={name} off={!ruleEnabled(rules, name)} />
                  ))}
                </Grid>
                {refused !== null && <FieldError role="alert">{refused}</FieldError>}
                {saved !== null && <Muted role="status">{saved}</Muted>}
                <Row>
                  <Button type="button" $variant="secondary" onClick={onClose}>
                    Close
                  </Button>
                  <Button type="submit" disabled={isSubmitting || changesOf(values, stored).length === 0}>
                    Save changes
                  </Button>
                </Row>
              </Stack>
            </Form>
          )}
        </Formik>
      )}
    </Modal>
  );
}
