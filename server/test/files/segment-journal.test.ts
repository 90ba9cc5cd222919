import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SegmentJournal } from '../../src/files/segment-journal';

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

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'segment-journal-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

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
    expect(names()).toEqual(['intents-2.log']);
    await journal.close();
    expect(names()).toEqual([]);
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
