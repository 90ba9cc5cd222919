import { parseRemotes } from './remote-manifest';

describe('parseRemotes', () => {
  beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => undefined));

  it('when remotes.json maps names to manifest URLs, then every entry is read', () => {
    expect(parseRemotes({ auth: '/remotes/auth/mf-manifest.json' })).toEqual([
      { name: 'auth', entry: '/remotes/auth/mf-manifest.json' },
    ]);
  });

  it('when remotes.json lists {name, entry}, then every entry is read', () => {
    expect(
      parseRemotes({ remotes: [{ name: 'landing', entry: 'https://cdn.example/landing/mf-manifest.json' }] }),
    ).toEqual([{ name: 'landing', entry: 'https://cdn.example/landing/mf-manifest.json' }]);
  });

  it('when entries are invalid, then they are dropped and the rest kept', () => {
    expect(parseRemotes({ 'bad-name': '/x', ok: '/ok.json', empty: '', num: 3 })).toEqual([
      { name: 'ok', entry: '/ok.json' },
    ]);
    expect(parseRemotes(null)).toEqual([]);
    expect(parseRemotes('nonsense')).toEqual([]);
  });
});
