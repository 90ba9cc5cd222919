import { JournalApplier } from '../../src/brokers/paper/journal-applier';

describe('paper ledger journal: when it is moved into the tables', () => {
  let now = 0;
  let applied = 0;
  const errors: unknown[] = [];
  const applier = (): JournalApplier =>
    new JournalApplier(
      async () => {
        applied += 1;
      },
      (error) => errors.push(error),
      () => now,
    );
  const advance = async (ms: number): Promise<void> => {
    now += ms;
    await jest.advanceTimersByTimeAsync(ms);
  };

  beforeEach(() => {
    jest.useFakeTimers();
    now = 0;
    applied = 0;
    errors.length = 0;
  });
  afterEach(() => {
    jest.useRealTimers();
    expect(errors).toEqual([]);
  });

  it('when the venue keeps writing, then the move waits for a pause of 200 ms', async () => {
    const journal = applier();
    journal.appended();
    await advance(150);
    journal.appended();
    await advance(150);
    expect(applied).toBe(0);
    await advance(50);
    expect(applied).toBe(1);
  });

  it('when the writes never pause, then the move still runs one second after the first batch waiting', async () => {
    const journal = applier();
    for (let elapsed = 0; elapsed < 1_000; elapsed += 100) {
      journal.appended();
      await advance(100);
    }
    expect(applied).toBe(1);
    journal.appended();
    await advance(199);
    expect(applied).toBe(1);
    await advance(1);
    expect(applied).toBe(2);
  });

  it('when the venue stops gracefully, then what waits is moved at once and nothing later starts a move', async () => {
    const journal = applier();
    journal.appended();
    await journal.close();
    expect(applied).toBe(1);
    journal.appended();
    await advance(5_000);
    expect(applied).toBe(1);
  });
});
