/**
 * The start-up budget of each remote (docs/adr/0005): its own initial JavaScript (`remoteEntry.js` and the
 * synchronous chunks of each exposed module, gzip) under 60 KB, read from the production builds' manifests. Sizes
 * do not depend on the machine, so this one is checked here; host + landing on `/` and the landing's LCP are
 * measured in a browser by `pnpm bench web`.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { REMOTE_APPS } from '../../scripts/apps.mjs';
import { appSizes } from '../../scripts/bundle-size.mjs';
import { REPO_ROOT } from '../support/stack';

const REMOTE_OWN_BUDGET = 60 * 1024;

test("each remote's own initial JavaScript stays under 60 KB of gzip", () => {
  const over: string[] = [];
  for (const { pkg } of REMOTE_APPS) {
    const sizes = appSizes(path.join(REPO_ROOT, pkg));
    assert.ok(sizes, `${pkg} is not built: run \`pnpm build\` first`);
    assert.ok(Object.keys(sizes.exposes).length > 0, `${pkg} exposes nothing in its manifest`);
    for (const [expose, bytes] of Object.entries(sizes.exposes))
      if (bytes >= REMOTE_OWN_BUDGET) over.push(`${pkg} ${expose}: ${(bytes / 1024).toFixed(1)} KB`);
  }
  assert.deepEqual(over, [], `over the budget of ${REMOTE_OWN_BUDGET / 1024} KB`);
});
