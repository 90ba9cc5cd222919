import type React from 'react';
import { useEffect, useId } from 'react';
import { useFormik } from 'formik';
import styled from 'styled-components';
import type { BrokerGateway, Environment, LoginConnectPayload } from '@synctrade/api';
import { RITHMIC_TEXT } from '@synctrade/api/messages';
import { loginConnectSchema } from '@synctrade/api/validation';
import { Button, Field, FieldError, Input, Muted, Row, Select } from '@synctrade/ui';
import { useGateways, useGatewaySystems } from '../hooks/use-gateways';
import { useBrokerStore } from '../store/broker-store';

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(4)};
`;

type Values = Required<LoginConnectPayload>;

const EMPTY: Values = {
  connection_name: '',
  environment: 'demo',
  gateway: '',
  system_name: '',
  user_name: '',
  password: '',
};

/** What is sent: texts trimmed as the server reads them, the password exactly as typed. */
function payloadOf(values: Values): LoginConnectPayload {
  return {
    connection_name: values.connection_name.trim(),
    environment: values.environment,
    gateway: values.gateway,
    system_name: values.system_name.trim(),
    user_name: values.user_name.trim(),
    password: values.password,
  };
}

function environmentOf(gateways: BrokerGateway[], name: string): Environment {
  return gateways.find((gateway) => gateway.name === name)?.environment ?? 'demo';
}

/**
 * Rithmic's connect form: a gateway the operator configured, a system that gateway lists, the user name and
 * password (checked by the server with Rithmic, never kept in the page once sent successfully) and the
 * connection's name. The environment is the gateway's own.
 */
export function RithmicForm({
  onCancel,
  onConnected,
}: {
  onCancel(): void;
  onConnected(): void;
}): React.JSX.Element {
  const connecting = useBrokerStore((state) => state.connecting);
  const connectWithLogin = useBrokerStore((state) => state.connectWithLogin);
  const gateways = useGateways('rithmic', true);
  const formik = useFormik<Values>({
    initialValues: EMPTY,
    validationSchema: loginConnectSchema,
    onSubmit: async (values, helpers) => {
      if (!(await connectWithLogin('rithmic', payloadOf(values)))) return;
      helpers.resetForm();
      onConnected();
    },
  });
  const systems = useGatewaySystems('rithmic', formik.values.gateway);
  const { setFieldValue, setValues } = formik;

  // The first gateway is chosen once the list arrives; its environment comes with it.
  useEffect(() => {
    const first = gateways.data[0];
    if (first && formik.values.gateway === '')
      void setValues((values) => ({ ...values, gateway: first.name, environment: first.environment }), false);
  }, [gateways.data, formik.values.gateway, setValues]);

  // A system of another gateway is not kept: one the new list has stays, else the only one, else none.
  useEffect(() => {
    if (systems.status !== 'success') return;
    const current = formik.values.system_name;
    const next = systems.data.includes(current) ? current : systems.data.length === 1 ? systems.data[0] : '';
    if (next !== current) void setFieldValue('system_name', next, false);
  }, [systems.status, systems.data, formik.values.system_name, setFieldValue]);

  const ids = {
    gateway: useId(),
    system: useId(),
    user: useId(),
    password: useId(),
    name: useId(),
  };
  const errorOf = (field: keyof Values): string | undefined =>
    formik.touched[field] || formik.submitCount > 0 ? formik.errors[field] : undefined;
  const described = (field: keyof Values, id: string) => ({
    'aria-invalid': errorOf(field) !== undefined,
    'aria-describedby': errorOf(field) !== undefined ? `${id}-error` : undefined,
  });
  const chooseGateway = (name: string): void => {
    void setValues(
      (values) => ({ ...values, gateway: name, environment: environmentOf(gateways.data, name) }),
      false,
    );
  };

  return (
    <Form noValidate onSubmit={formik.handleSubmit} aria-label="Rithmic connection">
      <Muted>{RITHMIC_TEXT.intro}</Muted>
      <Field>
        <label htmlFor={ids.gateway}>{RITHMIC_TEXT.gatewayLabel}</label>
        <Select
          id={ids.gateway}
          name="gateway"
          value={formik.values.gateway}
          disabled={gateways.status !== 'success'}
          onChange={(event) => chooseGateway(event.target.value)}
          onBlur={formik.handleBlur}
          {...described('gateway', ids.gateway)}
        >
          {gateways.status !== 'success' && <option value="">{RITHMIC_TEXT.gatewaysLoading}</option>}
          {gateways.data.map((gateway) => (
            <option key={gateway.name} value={gateway.name}>
              {`${gateway.name} (${gateway.environment === 'live' ? 'Live' : 'Demo'})`}
            </option>
          ))}
        </Select>
        {gateways.status === 'error' ? (
          <>
            <FieldError>{`${RITHMIC_TEXT.gatewaysFailed}: ${gateways.error ?? ''}`}</FieldError>
            <Button type="button" $variant="ghost" $size="sm" onClick={gateways.retry}>
              {RITHMIC_TEXT.systemsRetry}
            </Button>
          </>
        ) : (
          <Muted>{RITHMIC_TEXT.gatewayHint}</Muted>
        )}
        {errorOf('gateway') && <FieldError id={`${ids.gateway}-error`}>{errorOf('gateway')}</FieldError>}
        {formik.values.gateway !== '' && (
          <Muted>{RITHMIC_TEXT.environmentOfGateway(formik.values.environment)}</Muted>
        )}
      </Field>
      <Field>
        <label htmlFor={ids.system}>{RITHMIC_TEXT.systemLabel}</label>
        <Select
          id={ids.system}
          name="system_name"
          value={formik.values.system_name}
          disabled={systems.status !== 'success'}
          onChange={formik.handleChange}
          onBlur={formik.handleBlur}
          aria-busy={systems.status === 'loading'}
          {...described('system_name', ids.system)}
        >
          <option value="">
            {systems.status === 'loading' ? RITHMIC_TEXT.systemsLoading : RITHMIC_TEXT.systemPlaceholder}
          </option>
          {systems.data.map((system) => (
            <option key={system} value={system}>
              {system}
            </option>
          ))}
        </Select>
        {systems.status === 'error' ? (
          <>
            <FieldError>{`${RITHMIC_TEXT.systemsFailed}: ${systems.error ?? ''}`}</FieldError>
            <Button type="button" $variant="ghost" $size="sm" onClick={systems.retry}>
              {RITHMIC_TEXT.systemsRetry}
            </Button>
          </>
        ) : (
          <Muted>{RITHMIC_TEXT.systemHint}</Muted>
        )}
        {errorOf('system_name') && (
          <FieldError id={`${ids.system}-error`}>{errorOf('system_name')}</FieldError>
        )}
      </Field>
      <Field>
        <label htmlFor={ids.user}>{RITHMIC_TEXT.userNameLabel}</label>
        <Input
          id={ids.user}
          maxLength={100}
          autoComplete="off"
          {...formik.getFieldProps('user_name')}
          {...described('user_name', ids.user)}
        />
        {errorOf('user_name') && <FieldError id={`${ids.user}-error`}>{errorOf('user_name')}</FieldError>}
      </Field>
      <Field>
        <label htmlFor={ids.password}>{RITHMIC_TEXT.passwordLabel}</label>
        <Input
          id={ids.password}
          type="password"
          maxLength={200}
          autoComplete="off"
          {...formik.getFieldProps('password')}
          {...described('password', ids.password)}
        />
        {errorOf('password') && <FieldError id={`${ids.password}-error`}>{errorOf('password')}</FieldError>}
        <Muted>{RITHMIC_TEXT.passwordHint}</Muted>
      </Field>
      <Field>
        <label htmlFor={ids.name}>Connection name</label>
        <Input
          id={ids.name}
          maxLength={100}
          autoComplete="off"
          placeholder="e.g. Apex evaluations"
          {...formik.getFieldProps('connection_name')}
          {...described('connection_name', ids.name)}
        />
        {errorOf('connection_name') && (
          <FieldError id={`${ids.name}-error`}>{errorOf('connection_name')}</FieldError>
        )}
      </Field>
      <Muted>{RITHMIC_TEXT.sessionsNote}</Muted>
      <Row>
        <Button type="button" $variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={connecting || formik.isSubmitting}>
          {connecting ? 'Connecting...' : 'Continue'}
        </Button>
      </Row>
    </Form>
  );
}
