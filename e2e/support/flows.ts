import type { Locator, Page } from 'playwright-core';

/** Signs in through the Sign In card, answering the two-factor step when a code function is given. */
export async function signInWithForm(
  page: Page,
  email: string,
  password: string,
  otp?: () => string,
): Promise<void> {
  if (!new URL(page.url()).pathname.startsWith('/login')) await page.goto('/login');
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('checkbox').check();
  await form.getByRole('button', { name: 'Sign in', exact: true }).click();
  if (otp) {
    const step = page.getByRole('form', { name: 'Two-factor verification' });
    await step.getByLabel('Authentication code').fill(otp());
    await step.getByRole('button', { name: 'Verify', exact: true }).click();
  }
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/** Connects the paper broker through the Add Connection drawer and its authorize page. */
export async function connectPaperThroughUi(page: Page, name: string): Promise<void> {
  await page.goto('/connections');
  await page.getByRole('button', { name: 'Add Connection' }).click();
  const drawer = page.getByRole('dialog', { name: 'Add Connection' });
  await drawer.getByRole('option', { name: /Paper trading/ }).waitFor({ state: 'attached' });
  await drawer.getByLabel('Broker').selectOption('sim');
  await drawer.getByLabel('Connection name').fill(name);
  await drawer.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL(/\/brokers\/sim\/authorize/);
  await page.getByRole('button', { name: 'Authorize' }).click();
  await page.waitForURL(/\/connections$/);
  await page.getByText(`Connection ${name} added successfully`).waitFor();
}

/** One account's row of the Sync Desk table. */
export const deskRow = (page: Page, id: number): Locator =>
  page.locator(`[role="row"][data-account-id="${id}"]`);

/** Waits until the desk's Qty cell of an account shows the value (live, no reload). */
export async function waitForDeskQty(page: Page, id: number, qty: number, timeout = 15_000): Promise<void> {
  await page.waitForFunction(
    ([selector, expected]) =>
      document.querySelector(selector)?.querySelectorAll('[role="cell"]')[9]?.textContent?.trim() ===
      expected,
    [`[role="row"][data-account-id="${id}"]`, String(qty)] as const,
    { timeout },
  );
}

/** Turns Follow on in an account's desk row and waits until the switch shows it on. */
export async function followOnDesk(page: Page, id: number): Promise<void> {
  await deskRow(page, id)
    .getByRole('switch', { name: /^Follow/ })
    .click();
  await page.waitForFunction(
    (selector) => document.querySelector(selector)?.getAttribute('aria-checked') === 'true',
    `[role="row"][data-account-id="${id}"] [role="switch"][aria-label^="Follow"]`,
  );
}

/** Opens the Sync Desk from the menu and makes an account the leader through Select Leader. */
export async function chooseLeaderOnDesk(
  page: Page,
  leader: { id: number; accounts: string },
): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sync Desk' }).click();
  await page.getByRole('button', { name: 'Select Leader' }).click();
  const dialog = page.getByRole('dialog', { name: 'Choose Lead Account' });
  await dialog.getByRole('row').filter({ hasText: leader.accounts }).getByRole('radio').check();
  await dialog.getByRole('button', { name: 'Set as Lead' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByText('Account master updated successfully').first().waitFor();
  await deskRow(page, leader.id).getByText('Leader').waitFor();
}
