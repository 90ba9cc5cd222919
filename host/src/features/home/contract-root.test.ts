import { contractRoot } from './contract-root';

describe('contractRoot', () => {
  it.each([
    ['ESZ6', 'ES'],
    ['MESZ6', 'MES'],
    ['gcj27', 'GC'],
    ['CL', 'CL'],
    ['ES', 'ES'],
    // "A" is not a month code: the name stays whole rather than losing a letter.
    ['ABA6', 'ABA6'],
  ])('%s → %s', (symbol, root) => {
    expect(contractRoot(symbol)).toBe(root);
  });
});
