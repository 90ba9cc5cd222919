import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { compatibilityProblems, hostSingletons } from './check-remote-compat.mjs';

const host = { react: '19.3.1', '@synctrade/api': '1.0.0' };
const shared = (name, version, requiredVersion) => ({ name, version, requiredVersion, singleton: true });

describe('remote compatibility check', () => {
  it('when the remote asks for what the host provides, then there is no problem', () => {
    assert.deepEqual(
      compatibilityProblems(
        { shared: [shared('react', '19.3.1', '^19.3.1'), shared('@synctrade/api', '1.0.0', '^1.0.0')] },
        host,
      ),
      [],
    );
  });

  it('when the remote was built against another major of a shared package, then it is refused naming it', () => {
    const problems = compatibilityProblems({ shared: [shared('@synctrade/api', '2.0.0', '^2.0.0')] }, host);
    assert.equal(problems.length, 2);
    assert.match(problems[0], /@synctrade\/api: the remote requires \^2\.0\.0, the host provides 1\.0\.0/);
    assert.match(problems[1], /incompatible major/);
  });

  it('when the remote shares a singleton the host does not, then it is refused', () => {
    assert.match(
      compatibilityProblems({ shared: [shared('left-pad', '1.0.0', '^1.0.0')] }, host)[0],
      /not by the host/,
    );
  });

  it('when a shared package is not a singleton, then it is not the host’s business', () => {
    assert.deepEqual(
      compatibilityProblems({ shared: [{ name: 'yup', version: '9.0.0', singleton: false }] }, host),
      [],
    );
  });

  it('when the running host was built before a singleton gained an export, then a remote needing it is refused', () => {
    const hostDist = mkdtempSync(path.join(tmpdir(), 'host-dist-'));
    const hostShared = [
      { name: '@synctrade/api/session', version: '1.0.0', requiredVersion: '^1.0.0', singleton: true },
      { name: 'react', version: '19.3.1', requiredVersion: '^19.3.1', singleton: true },
    ];
    writeFileSync(path.join(hostDist, 'mf-manifest.json'), JSON.stringify({ shared: hostShared }));
    const host = hostSingletons(hostDist);
    assert.deepEqual(host.versions, { '@synctrade/api/session': '1.0.0', react: '19.3.1' });
    const remote = {
      shared: [shared('@synctrade/api/session', '1.1.0', '^1.1.0'), shared('react', '19.3.1', '^19.3.1')],
    };
    assert.deepEqual(compatibilityProblems(remote, host.versions), [
      '@synctrade/api/session: the remote requires ^1.1.0, the host provides 1.0.0',
    ]);
    assert.deepEqual(
      compatibilityProblems({ shared: [shared('@synctrade/api/session', '1.0.0', '^1.0.0')] }, host.versions),
      [],
    );
  });
});
