import type React from 'react';
import { renderWithProviders, screen } from '@synctrade/test-utils';
import { provideRemoteModule, registerCalls, resetRuntimeDouble } from './support/runtime-double';
import { RemoteArea } from './remote-area';
import { loadRemoteModule, registerRuntimeRemotes } from './remote-registry';
import { stubFetchJson } from './support/fetch-json-stub';

function Page({ text }: { text: string }): React.JSX.Element {
  return <h1>{text}</h1>;
}

const remotesJson = {
  syncdesk: '/remotes/syncdesk/mf-manifest.json',
  connections: '/remotes/connections/mf-manifest.json',
};

beforeEach(async () => {
  resetRuntimeDouble();
  stubFetchJson(remotesJson);
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  await registerRuntimeRemotes();
});

describe('RemoteArea', () => {
  it('when the remote loads, then its exposed component renders', async () => {
    provideRemoteModule('syncdesk/Routes', async () => ({ default: () => <Page text="Sync Desk" /> }));
    renderWithProviders(<RemoteArea remote="syncdesk" />);
    expect(await screen.findByRole('heading', { name: 'Sync Desk' })).toBeInTheDocument();
  });

  it('when the remote has loaded already (the opened page), then its area shows it at once, with no spinner', async () => {
    provideRemoteModule('syncdesk/Routes', async () => ({ default: () => <Page text="Sync Desk" /> }));
    await loadRemoteModule('syncdesk', 'Routes');
    renderWithProviders(<RemoteArea remote="syncdesk" />);
    expect(screen.getByRole('heading', { name: 'Sync Desk' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('when the remote is unreachable, then only its area shows the error with Retry, and Retry recovers', async () => {
    provideRemoteModule('connections/Routes', async () => ({
      default: () => <Page text="Connections Management" />,
    }));
    const { user } = renderWithProviders(
      <>
        <RemoteArea remote="syncdesk" />
        <RemoteArea remote="connections" />
      </>,
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Sync Desk is unavailable');
    expect(await screen.findByRole('heading', { name: 'Connections Management' })).toBeInTheDocument();

    provideRemoteModule('syncdesk/Routes', async () => ({ default: () => <Page text="Sync Desk" /> }));
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Sync Desk' })).toBeInTheDocument();
    // The retry re-read remotes.json and re-registered the remote with force.
    expect(registerCalls.filter((call) => call.name === 'syncdesk' && call.force)).toHaveLength(1);
  });

  it('when the remote throws while rendering, then its area shows the error', async () => {
    provideRemoteModule('syncdesk/Routes', async () => ({
      default: () => {
        throw new Error('render failed');
      },
    }));
    renderWithProviders(<RemoteArea remote="syncdesk" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('render failed');
  });

  it('when a script chunk fails to load, then the area says Loading chunk failed', async () => {
    provideRemoteModule('syncdesk/Routes', async () => {
      const error = new Error('Loading chunk 42 failed.');
      error.name = 'ChunkLoadError';
      throw error;
    });
    renderWithProviders(<RemoteArea remote="syncdesk" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Loading chunk failed');
  });

  it('when the remote is not listed in remotes.json, then its area says so', async () => {
    renderWithProviders(<RemoteArea remote="profile" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('profile is not in remotes.json');
  });
});
