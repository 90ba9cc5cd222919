/** The paper broker's consent page: plain HTML, styles inline, no script (the CSP forbids inline script). */
export function renderAuthorizePage(params: {
  state: string;
  redirectUri: string;
  environment: string;
  action: string;
}): string {
  const field = (name: string, value: string): string =>
    `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Authorize SyncTrade - Paper trading</title>
<style>
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #0f1115; color: #e6e8ee;
    font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  main { width: min(420px, 92vw); background: #171a21; border: 1px solid #262b36; border-radius: 12px; padding: 32px; }
  h1 { font-size: 1.35rem; margin: 0 0 8px; }
  p { color: #a3aab8; line-height: 1.5; }
  .env { display: inline-block; padding: 2px 10px; border-radius: 999px; background: #1f3b2d; color: #5fd39a; font-size: .85rem; }
  button { width: 100%; margin-top: 16px; padding: 12px; border: 0; border-radius: 8px; background: #3b82f6; color: #fff;
    font-size: 1rem; font-weight: 600; cursor: pointer; }
  button:focus-visible { outline: 3px solid #93c5fd; outline-offset: 2px; }
</style>
</head>
<body>
<main>
  <h1>SyncTrade Paper Broker</h1>
  <p>SyncTrade asks to place and manage orders on your paper trading accounts. Four simulated accounts with
  $50,000 each will be opened for this connection.</p>
  <p>Environment: <span class="env">${escapeHtml(params.environment)}</span></p>
  <form method="post" action="${escapeHtml(params.action)}">
    ${field('state', params.state)}
    <button type="submit">Authorize</button>
  </form>
</main>
</body>
</html>`;
}

export function renderProblemPage(message: string): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Authorization failed</title></head>` +
    `<body><main><h1>Authorization failed</h1><p>${escapeHtml(message)}</p></main></body></html>`
  );
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
