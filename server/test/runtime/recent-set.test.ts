import { RecentSet } from '../../src/runtime/recent-set';

const held = (set: RecentSet<string>, values: string[]): boolean[] => values.map((v) => set.has(v));

describe('a set of recent ids', () => {
  it('forgets the oldest added once it holds more than its limit', () => {
    const set = new RecentSet<string>(3);
    for (const id of ['a', 'b', 'c', 'd', 'e']) set.add(id);

    expect(set.size).toBe(3);
    expect(held(set, ['a', 'b', 'c', 'd', 'e'])).toEqual([false, false, true, true, true]);
  });

  it('keeps the place of an id added again while held', () => {
    const set = new RecentSet<string>(2);
    set.add('a').add('b').add('a').add('c');

    // 'a' was the oldest and stayed so: it goes first, not 'b'.
    expect(held(set, ['a', 'b', 'c'])).toEqual([false, true, true]);
  });

  it('puts an id deleted and added again at the newest end, and its old place frees nobody else', () => {
    const set = new RecentSet<string>(3);
    set.add('a').add('b').add('c');
    expect(set.delete('a')).toBe(true);
    expect(set.delete('a')).toBe(false);
    set.add('a'); // newest now: b, c, a
    set.add('d'); // over the limit: b goes, not the a added again

    expect(held(set, ['a', 'b', 'c', 'd'])).toEqual([true, false, true, true]);
    set.add('e'); // c goes
    expect(held(set, ['a', 'c', 'd', 'e'])).toEqual([true, false, true, true]);
  });

  it('stays exact through many rebuilds of its list (deletes, adds again and evictions mixed)', () => {
    const limit = 1_500;
    const set = new RecentSet<string>(limit);
    // The expected content, kept by hand as an array in age order (oldest first).
    let model: string[] = [];
    for (let i = 0; i < 40_000; i += 1) {
      const id = `f${i % 9_000}`;
      if (i % 7 === 3 && model.length > 0) {
        const gone = model[(i * 31) % model.length] as string;
        set.delete(gone);
        model = model.filter((v) => v !== gone);
        continue;
      }
      set.add(id);
      if (!model.includes(id)) model.push(id);
      if (model.length > limit) model = model.slice(model.length - limit);
    }

    expect(set.size).toBe(model.length);
    const probe = Array.from({ length: 9_000 }, (_, i) => `f${i}`);
    expect(held(set, probe)).toEqual(probe.map((id) => model.includes(id)));
  });

  it('refuses a limit that is not a whole number above 0', () => {
    expect(() => new RecentSet(0)).toThrow('bad limit');
    expect(() => new RecentSet(1.5)).toThrow('bad limit');
  });
});
