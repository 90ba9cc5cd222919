import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { registerUser } from '../support/api';
import { newSession } from '../support/browser';
import { connectPaperThroughUi, signInWithForm } from '../support/flows';
import { useStackAndBrowser } from '../support/suite';

/** One address to open: a browser that starts on another name of the server ends up on the public URL. */
describe('address: the product is used on its public URL only', () => {
  const suite = useStackAndBrowser({ env: { LOG_LEVEL: 'info' } });

  it('when the server starts, then it prints one address to open: the public URL', () => {
    const printed = suite.stack.logs.join('').split('\n');
    const ready = printed.filter((line) => line.includes('SyncTrade is ready'));
    assert.equal(ready.length, 1, printed.join('\n'));
    assert.match(
      ready[0]!,
      new RegExp(`open ${suite.stack.url} \\(server bound to 127\\.0\\.0\\.1:${suite.stack.port},`),
    );
    assert.equal(ready[0]!.match(/https?:\/\//g)?.length, 1);
    assert.equal(
      printed.some((line) => line.includes('Server listening at')),
      false,
    );
  });

  it('when a trader opens 127.0.0.1 and connects a broker, then everything happens on localhost, signed in throughout', async () => {
    const user = await registerUser(suite.stack);
    const other = `http://127.0.0.1:${suite.stack.port}`;
    const { page, context } = await newSession(suite.browser, other);
    await page.goto(`${other}/login?from=%2Fconnections`);
    assert.equal(page.url(), `${suite.stack.url}/login?from=%2Fconnections`);
    await signInWithForm(page, user.email, user.password);
    assert.equal(new URL(page.url()).origin, suite.stack.url);

    await connectPaperThroughUi(page, 'Address paper');
    assert.equal(new URL(page.url()).origin, suite.stack.url);
    await page.getByRole('row').filter({ hasText: 'Address paper' }).getByText('Connected').waitFor();

    // The API still answers on the other name (health checks and scripts use it).
    const health = await fetch(`${other}/api/v1/health`, { redirect: 'manual' });
    assert.equal(health.status, 200);
    await context.close();
  });
});
