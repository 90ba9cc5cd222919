import { api, connectPaperBroker, registerUser, signInPage } from './support/api';
import { launchBrowser, newSession } from './support/browser';
import { startStack } from './support/stack';
import { SCREENS } from './support/page-fit';

const stack = await startStack();
const browser = await launchBrowser();
const user = await registerUser(stack);
const id = await connectPaperBroker(stack, user, 'Paper desk');
const rows = await api<Array<{ id: number }>>(stack, 'GET', '/brokers/accounts/table', undefined, user.token);
await api(stack, 'PUT', `/copier/accounts/${rows[0]!.id}/master`, undefined, user.token);
await api(stack, 'PUT', `/copier/accounts/${rows[1]!.id}/follower`, undefined, user.token);
const { presets } = await api<{ presets: Array<{ rules: unknown }> }>(stack, 'GET', '/propfirm/presets', undefined, user.token);
await api(stack, 'PUT', `/propfirm/accounts/${rows[1]!.id}/rules`, presets[0]!.rules, user.token);
for (const screen of SCREENS) {
  const { page, context } = await newSession(browser, stack.url);
  await page.setViewportSize(screen.viewport);
  for (const path of ['/', '/legal/privacy', '/guides/help-center', '/reset-password?token=x']) {
    await page.goto(path); await page.waitForLoadState('networkidle');
    await page.screenshot({ path: `/tmp/ui-shots/${screen.name}${path.replace(/[/?=]/g, '_')}.png`, fullPage: path !== '/' });
  }
  await page.goto('/'); await page.waitForLoadState('networkidle');
  await page.locator('#brokers').screenshot({ path: `/tmp/ui-shots/${screen.name}_brokers.png` });
  await signInPage(page, user);
  for (const path of ['/connections', `/connections/${id}`, '/syncdesk', '/notifications', '/dashboard']) {
    await page.goto(path); await page.waitForLoadState('networkidle');
    await page.screenshot({ path: `/tmp/ui-shots/${screen.name}${path.replace(/[/?=]/g, '_')}.png`, fullPage: true });
  }
  await page.goto('/connections'); await page.waitForLoadState('networkidle');
  await page.getByRole('button', { name: /Add Connection/i }).first().click();
  await page.getByRole('combobox', { name: 'Broker' }).selectOption('tradovate');
  await page.screenshot({ path: `/tmp/ui-shots/${screen.name}_drawer-tradovate.png` });
  await page.goto('/syncdesk'); await page.waitForLoadState('networkidle');
  await page.getByRole('button', { name: 'Disable all followers' }).click();
  await page.screenshot({ path: `/tmp/ui-shots/${screen.name}_disable-all.png` });
  await page.keyboard.press('Escape');
  await page.keyboard.press('Tab');
  await page.screenshot({ path: `/tmp/ui-shots/${screen.name}_skip.png` });
  await context.close();
}
await browser.close();
await stack.stop();
