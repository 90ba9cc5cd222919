import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { newSession } from '../support/browser';
import { makeVisibleVariant, treeDigest } from '../support/deploy-fixture';
import { REPO_ROOT } from '../support/stack';
import { useStackAndBrowser } from '../support/suite';

function pnpmScript(script: string, args: string[], deployDir: string): string {
  const result = spawnSync('node', [path.join(REPO_ROOT, 'scripts', `${script}.mjs`), ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, DEPLOY_DIR: deployDir },
    encoding: 'utf8',
  });
  assert.equal(result.status, 0, result.stderr);
  return result.stdout;
}

describe('delivery: versioned deploys and rollback of one remote', () => {
  const deployDir = mkdtempSync(path.join(tmpdir(), 'synctrade-deploy-'));
  const suite = useStackAndBrowser({ deployDir });

  it('when version 2 is deployed, then a reload shows it; when rolled back, version 1 is back; the host never changes', async () => {
    const hostBefore = treeDigest(path.join(REPO_ROOT, 'host', 'dist'));
    pnpmScript('deploy-remote', ['landing', '--version', '1.0.0'], deployDir);
    // Version 2: a rebuilt landing page with a visible change, as a pipeline's build artifact.
    const artifacts = mkdtempSync(path.join(tmpdir(), 'synctrade-artifact-'));
    const variant = makeVisibleVariant({
      remoteDir: 'landing',
      name: 'landing',
      version: 'build',
      deployDir: artifacts,
      candidates: ['Ready to level up your Trading', 'This area is served by the'],
    });
    const v2 = path.join(artifacts, 'remotes', 'landing', 'build');

    const { page, context } = await newSession(suite.browser, suite.stack.url);
    await page.goto('/');
    await page.getByText(variant.before).first().waitFor();
    assert.equal(await page.getByText(variant.after).count(), 0);

    pnpmScript('deploy-remote', ['landing', '--version', '2.0.0', '--dist', v2], deployDir);
    const remotes = (await (await fetch(`${suite.stack.url}/remotes.json`)).json()) as Record<string, string>;
    assert.equal(remotes.landing, '/deploy/landing/2.0.0/mf-manifest.json');
    await page.reload();
    await page.getByText(variant.after).first().waitFor();

    pnpmScript('rollback-remote', ['landing'], deployDir);
    await page.reload();
    await page.getByText(variant.before).first().waitFor();
    assert.equal(await page.getByText(variant.after).count(), 0);
    assert.equal(treeDigest(path.join(REPO_ROOT, 'host', 'dist')), hostBefore);
    await context.close();
  });

  it('when a remote was built against an incompatible major of a shared package, then deploy refuses it', () => {
    const bad = mkdtempSync(path.join(tmpdir(), 'synctrade-bad-'));
    cpSync(path.join(REPO_ROOT, 'remote-profile', 'dist'), bad, { recursive: true });
    const manifest = path.join(bad, 'mf-manifest.json');
    const data = JSON.parse(readFileSync(manifest, 'utf8')) as {
      shared: { name: string; version: string; requiredVersion: string }[];
    };
    for (const shared of data.shared)
      if (shared.name === 'react') Object.assign(shared, { version: '20.0.0', requiredVersion: '^20.0.0' });
    writeFileSync(manifest, JSON.stringify(data));
    const result = spawnSync(
      'node',
      [path.join(REPO_ROOT, 'scripts', 'deploy-remote.mjs'), 'profile', '--dist', bad],
      {
        env: { ...process.env, DEPLOY_DIR: deployDir },
        encoding: 'utf8',
      },
    );
    assert.equal(result.status, 1);
    assert.match(result.stderr, /react: the remote requires \^20\.0\.0, the host provides 19\.3\.1/);
  });
});
