import {
  closeSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SpareFiles } from '../../src/files/spare-files';

describe('spare journal files', () => {
  let dir: string;
  const names = (): string[] => readdirSync(dir).sort();
  const spareReady = async (): Promise<void> => {
    while (!names().some((name) => name.endsWith('.spare')))
      await new Promise((resolve) => setTimeout(resolve, 5));
    // The descriptor is handed over on the callback after the file appears.
    await new Promise((resolve) => setTimeout(resolve, 5));
  };

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'spare-files-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('when a spare is ready, then the next segment is that file renamed, written through its open descriptor', async () => {
    const spares = new SpareFiles(dir, 'intents');
    spares.prepare();
    await spareReady();
    const fd = spares.open(path.join(dir, 'intents-1.log'));
    writeSync(fd, 'one\n');
    closeSync(fd);
    expect(names()).toEqual(['intents-1.log']);
    expect(readFileSync(path.join(dir, 'intents-1.log'), 'utf8')).toBe('one\n');
    await spares.close();
  });

  it('when no spare is ready, then the segment is created as it starts', async () => {
    const spares = new SpareFiles(dir, 'ledger');
    const fd = spares.open(path.join(dir, 'ledger-1.log'));
    closeSync(fd);
    expect(names()).toEqual(['ledger-1.log']);
    await spares.close();
  });

  it('when a process left spares, then the next start removes them and leaves the segments and other journals alone', async () => {
    writeFileSync(path.join(dir, 'ledger-999-1.spare'), '');
    writeFileSync(path.join(dir, 'intents-999-1.spare'), '');
    writeFileSync(path.join(dir, 'ledger-3.log'), 'kept\n');
    const spares = new SpareFiles(dir, 'ledger');
    expect(names()).toEqual(['intents-999-1.spare', 'ledger-3.log']);
    await spares.close();
  });

  it('when a discarded segment is recycled, then it leaves its name at once and becomes the next spare, emptied', async () => {
    const discarded = path.join(dir, 'ledger-1.log');
    writeFileSync(discarded, 'stored\n');
    const inode = statSync(discarded).ino;
    const spares = new SpareFiles(dir, 'ledger');
    spares.recycle(discarded);
    expect(names().filter((name) => name.endsWith('.log'))).toEqual([]);
    // Asked at once, while the discarded segment is still being emptied: it waits for that one.
    let started = false;
    spares.prepare(() => (started = true));
    while (!started) await new Promise((resolve) => setImmediate(resolve));
    const fd = spares.open(path.join(dir, 'ledger-2.log'));
    writeSync(fd, 'next\n');
    closeSync(fd);
    expect(names()).toEqual(['ledger-2.log']);
    expect(statSync(path.join(dir, 'ledger-2.log')).ino).toBe(inode);
    expect(readFileSync(path.join(dir, 'ledger-2.log'), 'utf8')).toBe('next\n');
    await spares.close();
  });

  it('when more segments are discarded than are kept, then the rest are deleted, and closing removes the kept ones', async () => {
    const spares = new SpareFiles(dir, 'intents');
    for (const n of [1, 2, 3, 4]) {
      writeFileSync(path.join(dir, `intents-${n}.log`), 'stored\n');
      spares.recycle(path.join(dir, `intents-${n}.log`));
    }
    expect(names().filter((name) => name.endsWith('.log'))).toEqual([]);
    expect(names().filter((name) => name.endsWith('.spare'))).toHaveLength(2);
    await spares.close();
    expect(names()).toEqual([]);
  });

  it('when the journal closes with a spare being made, then no spare is left behind', async () => {
    const spares = new SpareFiles(dir, 'ledger');
    spares.prepare();
    await spares.close();
    expect(names()).toEqual([]);
  });
});
