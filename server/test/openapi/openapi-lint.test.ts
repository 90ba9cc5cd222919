import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { servedOpenApiDocument } from '../../src/openapi/served-document';
import { buildTestApp, type TestApp } from '../support/build-test-app';
import { registerUser, type TestUser } from '../support/users';

interface Operation {
  operationId?: string;
  summary?: string;
  security?: Array<Record<string, unknown>>;
  parameters?: Array<{ in: string; name: string }>;
}
interface OpenApi {
  servers: Array<{ url: string }>;
  paths: Record<string, Record<string, Operation>>;
}

const serverRoot = path.resolve(__dirname, '..', '..');

/** Runs the lint command (`pnpm --filter server lint:openapi`), on the served document or on `document`. */
function lint(document?: unknown): { status: number | null; output: string } {
  const folder = mkdtempSync(path.join(tmpdir(), 'synctrade-lint-'));
  try {
    const file = path.join(folder, 'openapi.json');
    if (document !== undefined) writeFileSync(file, JSON.stringify(document));
    const run = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        path.join(serverRoot, 'src', 'openapi', 'lint-cli.ts'),
        ...(document === undefined ? [] : [file]),
      ],
      { cwd: serverRoot, encoding: 'utf8' },
    );
    return { status: run.status, output: `${run.stdout}${run.stderr}` };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

describe('the OpenAPI document passes Redocly CLI (recommended rules)', () => {
  let document: OpenApi;
  let t: TestApp;
  let user: TestUser;

  beforeAll(async () => {
    document = (await servedOpenApiDocument()) as OpenApi;
    t = await buildTestApp();
    user = await registerUser(t.app);
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  it('when the served document is written and linted, then there is no error and no warning', () => {
    const { status, output } = lint();
    expect(output).toMatch(/0 errors, 0 warnings/);
    expect(status).toBe(0);
  }, 120_000);

  it('when a document breaks a rule (an operation without operationId, a server on localhost), then the lint exits non-zero', () => {
    const broken = structuredClone(document);
    const health = broken.paths['/api/v1/health']?.get;
    if (health === undefined) throw new Error('no health operation');
    delete health.operationId;
    broken.servers = [{ url: 'http://localhost:3000' }];
    const { status, output } = lint(broken);
    expect(status).toBe(1);
    expect(output).toContain('operation-operationId');
    expect(output).toContain('no-server-example.com');
  }, 60_000);

  it('when an operation declares the bearer scheme, then it answers 401 without a token; when it declares none, it does not', async () => {
    const wrong: string[] = [];
    for (const [documented, operations] of Object.entries(document.paths))
      for (const [method, operation] of Object.entries(operations)) {
        const url = documented.replace(/\{(\w+)\}/g, (_all, name: string) =>
          name === 'userId' ? String(user.id) : '1',
        );
        const answer = await t.app.inject({ method: method.toUpperCase() as 'GET', url });
        const bearer = JSON.stringify(operation.security) === JSON.stringify([{ bearer: [] }]);
        const open = JSON.stringify(operation.security) === '[]';
        if (!(bearer || open) || (bearer && answer.statusCode !== 401) || (open && answer.statusCode === 401))
          wrong.push(
            `${method} ${documented}: security ${JSON.stringify(operation.security)}, ${answer.statusCode}`,
          );
      }
    expect(wrong).toEqual([]);
  });

  it('when the document is read, then no path is the web app catch-all and the server URL is relative', () => {
    expect(Object.keys(document.paths).filter((documented) => documented.includes('*'))).toEqual([]);
    expect(document.servers).toEqual([{ url: '/' }]);
  });
});
