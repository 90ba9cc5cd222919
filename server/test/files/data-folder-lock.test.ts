import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DataFolderInUse, lockDataFolder } from '../../src/files/data-folder-lock';

describe('data folder lock', () => {
  let dir: string;
  const lost: Error[] = [];
  const onLost = (error: Error): void => {
    lost.push(error);
  };
  beforeEach(() => {
    dir = path.join(mkdtempSync(path.join(tmpdir(), 'data-folder-')), 'data');
    lost.length = 0;
  });
  afterEach(() => rmSync(path.dirname(dir), { recursive: true, force: true }));

  it('when a second server starts on a folder in use, then it is refused with the reason, and starts once the first released it', async () => {
    const release = await lockDataFolder(dir, { onLost });
    const second = lockDataFolder(dir, { onLost, waitMs: 0 });
    await expect(second).rejects.toBeInstanceOf(DataFolderInUse);
    await expect(second).rejects.toThrow(/in use by another SyncTrade server.*DATA_DIR/);
    await release();
    const again = await lockDataFolder(dir, { onLost, waitMs: 0 });
    await again();
    expect(lost).toEqual([]);
  });

  it('when the last server was killed, then a start takes its lock once it is stale', async () => {
    // A killed process leaves its lock, no longer refreshed.
    mkdirSync(path.join(dir, 'server.lock'), { recursive: true });
    const past = new Date(Date.now() - 60_000);
    utimesSync(path.join(dir, 'server.lock'), past, past);
    const release = await lockDataFolder(dir, { onLost, waitMs: 0 });
    await release();
  });

  it('when the last server was killed a moment ago, then a start takes its lock at once', async () => {
    const killed = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {
      encoding: 'utf8',
    });
    mkdirSync(path.join(dir, 'server.lock'), { recursive: true });
    writeFileSync(path.join(dir, 'server.pid'), killed.stdout);
    const release = await lockDataFolder(dir, { onLost, waitMs: 0 });
    expect(readFileSync(path.join(dir, 'server.pid'), 'utf8')).toBe(String(process.pid));
    await release();
  });

  it('when a lock was refreshed a moment ago by another server, then a start waits for it and is refused', async () => {
    mkdirSync(path.join(dir, 'server.lock'), { recursive: true });
    // The holder is alive (this test's own parent stands in for it).
    writeFileSync(path.join(dir, 'server.pid'), String(process.ppid));
    await expect(lockDataFolder(dir, { onLost, waitMs: 1_000 })).rejects.toBeInstanceOf(DataFolderInUse);
  });
});
