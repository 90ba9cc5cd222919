import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { withFields } from '../../src/runtime/with-fields';

const SERVER = path.resolve(__dirname, '../..');

/**
 * Counts, in a Node.js process that may ask V8 (`%HaveSameMap`), how many of 200 objects made one way share the
 * hidden class of the object made before them.
 */
function sharedHiddenClasses(): { withFields: number; spread: number } {
  const script = `
    const { withFields } = require('./src/runtime/with-fields.ts');
    const same = new Function('a', 'b', 'return %HaveSameMap(a, b)');
    const intent = (i) => ({ clientOrderId: 'st.e' + i, accountId: 7, qty: 1, price: null });
    const count = (make) => {
      let previous, shared = 0;
      for (let i = 0; i < 200; i += 1) {
        const made = make(intent(i));
        if (previous !== undefined && same(made, previous)) shared += 1;
        previous = made;
      }
      return shared;
    };
    process.stdout.write(JSON.stringify({
      withFields: count((base) => withFields(base, { outcome: null })),
      spread: count((base) => ({ ...base, outcome: null })),
    }));
  `;
  const out = execFileSync(process.execPath, ['--allow-natives-syntax', '--import', 'tsx', '-e', script], {
    cwd: SERVER,
    encoding: 'utf8',
  });
  return JSON.parse(out) as { withFields: number; spread: number };
}

describe('withFields', () => {
  it('when fields are added to a copy, then the copy has them and the rest, and the original is untouched', () => {
    const base = { clientOrderId: 'st.e1', qty: 2, price: null as number | null };
    const made = withFields(base, { outcome: null, price: 6000.25 });
    expect(made).toEqual({ clientOrderId: 'st.e1', qty: 2, price: 6000.25, outcome: null });
    expect(base).toEqual({ clientOrderId: 'st.e1', qty: 2, price: null });
    expect(made).not.toBe(base);
  });

  it('when many objects are made with it, then they share one hidden class, where a spread adding the same field gives each its own', () => {
    const counts = sharedHiddenClasses();
    expect(counts.withFields).toBe(199);
    // Why the helper exists: if this changes with a newer Node.js, a plain spread will do again.
    expect(counts.spread).toBeLessThan(20);
  });
});
