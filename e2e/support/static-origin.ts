import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { freePort } from './ports';

export interface StaticOrigin {
  /** e.g. http://127.0.0.1:41235: another origin than the stack's `http://localhost:<port>`. */
  url: string;
  /** Paths requested so far, in order. */
  requested: string[];
  stop(): Promise<void>;
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.json': 'application/json',
  '.css': 'text/css',
  '.html': 'text/html',
};

/**
 * Serves a build folder from a second origin, as a CDN would serve a remote: every file with
 * `Access-Control-Allow-Origin: *` (the host fetches the remote's manifest with CORS).
 */
export async function serveStaticOrigin(folder: string): Promise<StaticOrigin> {
  const port = await freePort();
  const requested: string[] = [];
  const server: Server = createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    requested.push(pathname);
    const file = path.join(folder, path.normalize(pathname));
    response.setHeader('Access-Control-Allow-Origin', '*');
    if (!file.startsWith(folder) || !existsSync(file) || !statSync(file).isFile()) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    requested,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
