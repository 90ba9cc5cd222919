import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

const FIXTURES = path.join(__dirname, 'fixtures');

/** What each path answers; tests switch a path to failing, redirecting or oversized between imports. */
export type Answer = 'fixture' | 'error' | 'elsewhere' | 'huge';

/** A local stand-in for the publishers: serves the fixture files in their real formats. */
export async function serveFixtures(): Promise<{
  base: string;
  answers: Map<string, Answer>;
  close: () => Promise<void>;
}> {
  const answers = new Map<string, Answer>();
  const server: Server = createServer((request, response) => {
    const name = (request.url ?? '/').slice(1);
    const answer = answers.get(name) ?? 'fixture';
    if (answer === 'error') return void response.writeHead(503).end('down for maintenance');
    if (answer === 'elsewhere')
      return void response.writeHead(302, { location: `http://example.invalid/${name}` }).end();
    if (answer === 'huge') return void response.writeHead(200).end('x'.repeat(3_000_000));
    let body: Buffer;
    try {
      body = readFileSync(path.join(FIXTURES, path.basename(name)));
    } catch {
      return void response.writeHead(404).end();
    }
    response.writeHead(200).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    answers,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
