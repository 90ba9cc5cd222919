import type React from 'react';
import styled from 'styled-components';
import { Muted } from '@synctrade/ui';
import { useTwoFactorStore } from '../store/two-factor-store';
import { CodeForm } from './code-form';

const Steps = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(5)};
  img {
    width: 200px;
    height: 200px;
    background: #fff;
    padding: ${({ theme }) => theme.space(2)};
    border-radius: ${({ theme }) => theme.radius.sm};
  }
  code {
    display: inline-block;
    margin-top: ${({ theme }) => theme.space(1)};
    padding: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(2)};
    font-family: ${({ theme }) => theme.font.mono};
    background: ${({ theme }) => theme.color.surfaceRaised};
    border-radius: ${({ theme }) => theme.radius.sm};
    word-break: break-all;
  }
`;

/** Step two of enabling: scan (or type) the secret, then prove it with a first code. */
export function TwoFactorSetupView(): React.JSX.Element | null {
  const setup = useTwoFactorStore((state) => state.setup);
  const busy = useTwoFactorStore((state) => state.busy);
  const { enable, cancelSetup } = useTwoFactorStore.getState();
  if (!setup) return null;

  return (
    <Steps>
      <img src={setup.qr_data_url} alt="QR code to add SyncTrade to your authenticator app" />
      <div>
        <p>1. Scan the QR code with your authenticator app.</p>
        <p>
          <Muted>Can&rsquo;t scan it? Enter this key manually:</Muted>
          <br />
          <code>{setup.secret}</code>
        </p>
        <p>2. Enter the 6-digit code the app shows.</p>
        <CodeForm
          label="6-digit code"
          submitLabel="Verify and enable"
          hint="The code changes every 30 seconds."
          busy={busy}
          onSubmit={async (code) => {
            await enable(code);
          }}
          onCancel={cancelSetup}
        />
      </div>
    </Steps>
  );
}
