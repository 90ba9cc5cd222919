import {
  CONTRACTS,
  contractRoot,
  crossSymbol,
  frontMonth,
  pointValue,
  rootOf,
  roundToTick,
} from './contracts';
import { roundMoney } from './money';

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

describe('the contract table', () => {
  it('when contracts are named, then front months follow each product listing and Cross maps mini to micro', () => {
    const november = new Date('2026-11-21T12:00:00Z');
    expect(['ES', 'MNQ', 'CL', 'GC'].map((root) => frontMonth(root as 'ES', november))).toEqual([
      'ESZ6',
      'MNQZ6',
      'CLZ6',
      'GCZ6',
    ]);
    const december = new Date('2026-12-05T12:00:00Z');
    expect(['ES', 'CL', 'MGC'].map((root) => frontMonth(root as 'ES', december))).toEqual([
      'ESH7',
      'CLF7',
      'MGCG7',
    ]);
    expect([crossSymbol('ESZ6'), crossSymbol('MNQH7'), crossSymbol('CLF7'), crossSymbol('MGCG7')]).toEqual([
      'MESZ6',
      'NQH7',
      'MCLF7',
      'GCG7',
    ]);
    expect([
      CONTRACTS.ES.tickSize,
      CONTRACTS.ES.pointValue,
      CONTRACTS.CL.tickSize,
      CONTRACTS.CL.pointValue,
      CONTRACTS.MGC.pointValue,
    ]).toEqual([0.25, 50, 0.01, 1000, 10]);
  });

  it('when a name is not a traded contract, then it has no root, no Cross and the imported point value', () => {
    expect([rootOf('MESZ6'), rootOf('es'), rootOf('YMZ6'), rootOf('XYZZ6')]).toEqual([
      'MES',
      'ES',
      undefined,
      undefined,
    ]);
    expect([crossSymbol('YMZ6'), crossSymbol('XYZZ6')]).toEqual(['YMZ6', 'XYZZ6']);
    expect([pointValue('YMZ6'), pointValue('6EZ6'), pointValue('MYMH7')]).toEqual([5, 125000, 0.5]);
    expect([contractRoot('6EZ6'), contractRoot('XYZZ6')]).toEqual(['6E', 'XYZ']);
  });

  it('when a price falls between ticks, then it is rounded onto the grid without float noise', () => {
    expect([roundToTick(6000.13, 0.25), roundToTick(70.126, 0.01), roundToTick(2650.04, 0.1)]).toEqual([
      6000.25, 70.13, 2650,
    ]);
  });
});

describe('roundMoney', () => {
  it('when a sum carries float noise or rounds to nothing, then it is whole cents and never -0', () => {
    expect([roundMoney(0.1 + 0.2), roundMoney(-20.004), roundMoney(-0.004)]).toEqual([0.3, -20, 0]);
    expect(Object.is(roundMoney(-0.001), 0)).toBe(true);
  });
});
