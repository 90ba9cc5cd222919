import { linkSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SegmentJournal } from '../../src/files/segment-journal';
import { SpareFiles } from '../../src/files/spare-files';

const isText = (value: unknown): value is string => typeof value === 'string';

describe('segment journal', () => {
  let dir: string;
  const names = (): string[] => readdirSync(dir).sort();
  /** The next segment is started in the background: wait until its file is there (and no spare is left). */
  const started = async (name: string): Promise<void> => {
    while (!names().includes(name) || names().some((n) => n.endsWith('.spare')))
      await new Promise((resolve) => setImmediate(resolve));
  };
  const open = (): SegmentJournal<string> =>
    SegmentJournal.open(dir, 'intents', { fsync: false, onDamaged: () => undefined }, isText).journal;

  let witnessDir: string;
  beforeEach(() => {
    const root = mkdtempSync(path.join(tmpdir(), 'segment-journal-'));
    dir = path.join(root, 'journal');
    witnessDir = path.join(root, 'witness');
    mkdirSync(dir);
    mkdirSync(witnessDir);
  });
  afterEach(() => rmSync(path.dirname(dir), { recursive: true, force: true }));

  it('when a segment is closed, then the next one is started before its first append, which goes into it', async () => {
    const journal = open();
    await started('intents-1.log');
    expect(journal.append('a')).toBe(1);
    expect(journal.rotate()).toBe(1);
    await started('intents-2.log');
    expect(names()).toEqual(['intents-1.log', 'intents-2.log']);
    expect(readFileSync(path.join(dir, 'intents-2.log'), 'utf8')).toBe('');
    expect(journal.append('b')).toBe(2);
    expect(readFileSync(path.join(dir, 'intents-2.log'), 'utf8')).toBe('"b"\n');
    await journal.close();
  });

  it('when a segment started ahead has no entry, then a rotation keeps it open and closing removes it', async () => {
    const journal = open();
    journal.append('a');
    journal.rotate();
    await started('intents-2.log');
    // Nothing was appended since: every entry is in segment 1 still, and segment 2 stays the open one.
    expect(journal.rotate()).toBe(1);
    journal.discardThrough(1);
    expect(names().filter((name) => name.endsWith('.log'))).toEqual(['intents-2.log']);
    await journal.close();
    expect(names()).toEqual([]);
  });

  it('when segments are discarded, then later segments reuse their files emptied and no new file is created', async () => {
    const journal = open();
    await started('intents-1.log');
    journal.append('entry 1');
    // A second name for segment 1's file: it keeps the file (and its inode) whatever the journal does with it.
    linkSync(path.join(dir, 'intents-1.log'), path.join(witnessDir, 'segment-1'));
    const witness = statSync(path.join(witnessDir, 'segment-1')).ino;
    const inodes: number[] = [];
    for (let round = 1; round <= 4; round += 1) {
      journal.discardThrough(journal.rotate());
      // Kept spares stay beside it: wait for the segment's file alone.
      while (!names().includes(`intents-${round + 1}.log`))
        await new Promise((resolve) => setImmediate(resolve));
      expect(readFileSync(path.join(dir, `intents-${round + 1}.log`), 'utf8')).toBe('');
      inodes.push(statSync(path.join(dir, `intents-${round + 1}.log`)).ino);
      journal.append(`entry ${round + 1}`);
    }
    expect(inodes).toContain(witness);
    expect(readFileSync(path.join(witnessDir, 'segment-1'), 'utf8')).not.toContain('entry 1');
    await journal.close();
    // Only the last segment, whose entry is owed, is left: the kept spares are removed.
    expect(names()).toEqual(['intents-5.log']);
  });

  it('when the next segment cannot be started ahead, then the next append reports it and the process goes on', async () => {
    const opens = jest.spyOn(SpareFiles.prototype, 'open');
    const journal = open();
    await started('intents-1.log');
    journal.append('a');
    journal.rotate();
    await started('intents-2.log');
    // Segment 3's name is taken by a folder: neither the spare's rename nor a new file can start it.
    mkdirSync(path.join(dir, 'intents-3.log', 'in-the-way'), { recursive: true });
    journal.discardThrough(1);
    journal.append('b');
    journal.rotate();
    // Segments 1 and 2 were opened; the third opening is the start ahead of segment 3, from a callback.
    while (opens.mock.calls.length < 3) await new Promise((resolve) => setImmediate(resolve));
    expect(() => journal.append('c')).toThrow(/EISDIR|EEXIST|ENOTEMPTY/);
    rmSync(path.join(dir, 'intents-3.log'), { recursive: true });
    expect(journal.append('c')).toBe(3);
    await journal.close();
    // The spare that could not become segment 3 is not left behind either.
    expect(names()).toEqual(['intents-2.log', 'intents-3.log']);
    opens.mockRestore();
  });

  it('when a process is killed right after a discard, then the next start reads none of the discarded entries', async () => {
    const journal = open();
    journal.append('stored');
    journal.discardThrough(journal.rotate());
    journal.append('owed');
    const again = SegmentJournal.open(dir, 'intents', { fsync: false, onDamaged: () => undefined }, isText);
    expect(again.leftOver.map((left) => left.entry)).toEqual(['owed']);
    await again.journal.close();
    await journal.close();
  });

  it('when a process is killed with a segment started ahead, then the next start reads the entries around it', async () => {
    const journal = open();
    journal.append('a');
    journal.rotate();
    await started('intents-2.log');
    // Killed: nothing closes the journal, the empty segment 2 stays.
    const again = SegmentJournal.open(dir, 'intents', { fsync: false, onDamaged: () => undefined }, isText);
    expect(again.leftOver).toEqual([{ segment: 1, entry: 'a' }]);
    expect(again.journal.append('b')).toBe(3);
    await again.journal.close();
    await journal.close();
  });
});
