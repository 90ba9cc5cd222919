import { launchBrowser } from './support/browser';
import { startStack } from './support/stack';
(async () => {
  const stack = await startStack();
  const browser = await launchBrowser();
  try {
    const configs = (process.env.SHOTS ?? '1366x900-dark,390x844-light').split(',');
    for (const config of configs) {
      const [size, theme] = config.split('-');
      const [w, h] = size!.split('x').map(Number) as [number, number];
      const context = await browser.newContext({ baseURL: stack.url, viewport: { width: w, height: h } });
      await context.addInitScript((t) => localStorage.setItem('theme', t), theme!);
      const page = await context.newPage();
      page.on('console', (m) => { if (m.type() === 'error') console.log('console:', m.text()); });
      await page.goto(process.env.SHOT_PATH ?? '/');
      await page.waitForTimeout(1500);
      const total = await page.evaluate(() => document.documentElement.scrollHeight);
      console.log(config, 'height', total);
      for (let y = 0, i = 0; y < total; y += 1600, i += 1) {
        await page.screenshot({ path: `/tmp/shots/${config}-${i}.png`, fullPage: true, clip: { x: 0, y, width: w, height: Math.min(1600, total - y) } });
      }
      await context.close();
    }
  } finally {
    await browser.close();
    await stack.stop();
  }
})();
