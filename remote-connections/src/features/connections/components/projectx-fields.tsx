import type React from 'react';
import { useId } from 'react';
import { PROJECTX_TEXT } from '@synctrade/api/messages';
import { CUSTOM_FIRM, PROJECTX_FIRMS } from '@synctrade/api/validation';
import { Field, Input, Muted, Select } from '@synctrade/ui';

export interface ProjectXInput {
  firm: string;
  customHost: string;
  customHub: string;
  userName: string;
  apiKey: string;
}

export const emptyProjectXInput = (): ProjectXInput => ({
  firm: PROJECTX_FIRMS[0].id,
  customHost: '',
  customHub: '',
  userName: '',
  apiKey: '',
});

/** Everything ProjectX needs is typed in: the trimmed user name and key, and a host for a custom firm. */
export function projectXComplete(input: ProjectXInput): boolean {
  return (
    input.userName.trim().length > 0 &&
    input.apiKey.trim().length > 0 &&
    (input.firm !== CUSTOM_FIRM || input.customHost.trim().length > 0)
  );
}

/** The firm (known hosts or a custom one), the user name and the API key of a ProjectX connection. */
export function ProjectXFields({
  value,
  onChange,
}: {
  value: ProjectXInput;
  onChange(next: ProjectXInput): void;
}): React.JSX.Element {
  const firmId = useId();
  const hostId = useId();
  const hubId = useId();
  const userId = useId();
  const keyId = useId();
  const set = (patch: Partial<ProjectXInput>): void => onChange({ ...value, ...patch });
  return (
    <>
      <Muted>{PROJECTX_TEXT.intro}</Muted>
      <Field>
        <label htmlFor={firmId}>{PROJECTX_TEXT.firmLabel}</label>
        <Select id={firmId} value={value.firm} onChange={(event) => set({ firm: event.target.value })}>
          {PROJECTX_FIRMS.map((firm) => (
            <option key={firm.id} value={firm.id}>
              {firm.name}
            </option>
          ))}
          <option value={CUSTOM_FIRM}>{PROJECTX_TEXT.customFirm}</option>
        </Select>
      </Field>
      {value.firm === CUSTOM_FIRM && (
        <>
          <Field>
            <label htmlFor={hostId}>{PROJECTX_TEXT.customHostLabel}</label>
            <Input
              id={hostId}
              value={value.customHost}
              inputMode="url"
              autoComplete="off"
              placeholder="https://api.yourfirm.projectx.com"
              onChange={(event) => set({ customHost: event.target.value })}
            />
            <Muted>{PROJECTX_TEXT.customHostHint}</Muted>
          </Field>
          <Field>
            <label htmlFor={hubId}>{PROJECTX_TEXT.customHubLabel}</label>
            <Input
              id={hubId}
              value={value.customHub}
              inputMode="url"
              autoComplete="off"
              onChange={(event) => set({ customHub: event.target.value })}
            />
            <Muted>{PROJECTX_TEXT.customHubHint}</Muted>
          </Field>
        </>
      )}
      <Field>
        <label htmlFor={userId}>{PROJECTX_TEXT.userNameLabel}</label>
        <Input
          id={userId}
          value={value.userName}
          maxLength={100}
          autoComplete="username"
          onChange={(event) => set({ userName: event.target.value })}
        />
      </Field>
      <Field>
        <label htmlFor={keyId}>{PROJECTX_TEXT.apiKeyLabel}</label>
        <Input
          id={keyId}
          type="password"
          value={value.apiKey}
          maxLength={500}
          autoComplete="off"
          onChange={(event) => set({ apiKey: event.target.value })}
        />
        <Muted>{PROJECTX_TEXT.apiKeyHint}</Muted>
      </Field>
    </>
  );
}
