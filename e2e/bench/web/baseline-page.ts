/**
 * A plain static page on its own loopback server: the floor of this machine at this moment, so the figures of
 * the product can be read against a page that costs nothing (the team's rule: compare against a baseline in the
 * same run).
 */
import { createServer } from 'node:http';
import { freePort } from '../../support/ports';

// Shaped like a real page (language, title, description, viewport, a heading and text) so that Lighthouse's
// accessibility and best-practices audits have something to pass, and LCP has an element to find.
const HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="description" content="A static page with no JavaScript: the baseline of the web benchmark.">
<title>Baseline</title>
<link rel="icon" href="data:,">
<style>body{margin:0;padding:48px;font:16px/1.5 system-ui,sans-serif;background:#0b0f17;color:#e6e9ef}</style>
</head>
<body>
<main>
<h1>Baseline page</h1>
<p>A static page with no JavaScript, served from loopback by the benchmark itself.</p>
</main>
</body>
</html>
`;

export interface BaselinePage {
  url: string;
  close(): Promise<void>;
}

export async function startBaselinePage(): Promise<BaselinePage> {
  const port = await freePort();
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
    response.end(HTML);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
