import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { REMOTE_APPS } from './apps.mjs';
import { ROOT } from './deploy-state.mjs';

const read = (...parts) => readFileSync(path.join(ROOT, ...parts), 'utf8');

describe('the one list of remotes (shared/config/remotes.json)', () => {
  it('when a remote is listed, then its webpack config takes its identity from the list', () => {
    for (const { pkg } of REMOTE_APPS) {
      assert.match(read(pkg, 'webpack.config.js'), new RegExp(`createRemoteConfig\\('${pkg}', __dirname`));
    }
  });

  it('when a remote is listed, then its short workflow calls the one pipeline with its package and publishes', () => {
    for (const { pkg } of REMOTE_APPS) {
      const workflow = read('.github', 'workflows', `${pkg}.yml`);
      assert.match(workflow, /uses: \.\/\.github\/workflows\/pipeline\.yml/);
      assert.match(workflow, new RegExp(`package: ${pkg}\\n`));
      assert.match(workflow, /publish: true/);
    }
  });

  it('when a package builds a remote, then it is in the list', () => {
    const listed = new Set(REMOTE_APPS.map(({ pkg }) => pkg));
    const builders = readdirSync(ROOT).filter(
      (dir) => dir !== 'host' && existsSync(path.join(ROOT, dir, 'webpack.config.js')),
    );
    assert.ok(builders.length >= 6);
    for (const pkg of builders) assert.ok(listed.has(pkg), `${pkg} is listed`);
  });
});
