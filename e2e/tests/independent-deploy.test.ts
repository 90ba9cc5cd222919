import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { registerUser, signInPage } from '../support/api';
import { newSession } from '../support/browser';
import { treeDigest } from '../support/deploy-fixture';
import { buildNextRemote, needingNewerSingleton } from '../support/next-remote';
import { REPO_ROOT } from '../support/stack';
import { useStackAndBrowser } from '../support/suite';

function script(name: string, args: string[], deployDir: string): { status: number | null; stderr: string } {
  return spawnSync('node', [path.join(REPO_ROOT, 'scripts', `${name}.mjs`), ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, DEPLOY_DIR: deployDir },
    encoding: 'utf8',
  });
}

describe('delivery: a remote ships a new API call and a new UI primitive without a host release', () => {
  const deployDir = mkdtempSync(path.join(tmpdir(), 'synctrade-deploy-'));
  const suite = useStackAndBrowser({ deployDir });

  it('when the next profile release is deployed alone into the running host, then its new call and primitive work', async () => {
    const hostBefore = treeDigest(path.join(REPO_ROOT, 'host', 'dist'));
    const next = await buildNextRemote();
    const trader = await registerUser(suite.stack);
    const { page, context, errors } = await newSession(suite.browser, suite.stack.url);
    await signInPage(page, trader);
    await page.goto('/profile');
    await page.waitForSelector('main h1');
    assert.equal(await page.getByRole('heading', { name: 'Next profile release' }).count(), 0);

    const deployed = script('deploy-remote', ['profile', '--version', 'next', '--dist', next], deployDir);
    assert.equal(deployed.status, 0, deployed.stderr);
    await page.reload();
    await page.getByRole('heading', { name: 'Next profile release' }).waitFor();
    // The new call went through the host's HTTP instance (its token), the primitive read the host's theme.
    await page.getByText(`Signed in as ${trader.email}`).waitFor();
    await page.getByText('Release badge: dark theme').waitFor();
    assert.equal(treeDigest(path.join(REPO_ROOT, 'host', 'dist')), hostBefore);
    assert.deepEqual(
      errors.filter((e) => !/favicon|Failed to load resource/.test(e)),
      [],
    );

    // A build that needs a newer session singleton than this host has is refused before it is published.
    const newer = needingNewerSingleton(next, '@synctrade/api/session', '1.2.0');
    const checked = script('check-remote-compat', ['profile', newer], deployDir);
    assert.equal(checked.status, 1);
    assert.match(
      checked.stderr,
      /@synctrade\/api\/session: the remote requires \^1\.2\.0, the host provides 1\.1\.0/,
    );
    const refused = script('deploy-remote', ['profile', '--version', 'newer', '--dist', newer], deployDir);
    assert.equal(refused.status, 1);
    assert.equal(existsSync(path.join(deployDir, 'remotes', 'profile', 'newer')), false);
    const state = JSON.parse(readFileSync(path.join(deployDir, 'state.json'), 'utf8')) as {
      remotes: Record<string, { current: string }>;
    };
    assert.equal(state.remotes.profile?.current, 'next');
    await context.close();
  });
});
