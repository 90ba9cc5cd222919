import { formatContractPrice, priceDecimals } from './price-format';

describe('contract prices', () => {
  it('when a price is shown, then it carries its contract tick decimals, grouped, whatever screen shows it', () => {
    expect(
      [
        ['ESH7', 6000],
        ['ESH7', 6004.75],
        ['MESZ6', 5998],
        ['NQH7', 21003.5],
        ['CLF7', 70.1],
        ['MCLF7', 69.99],
        ['GCG7', 2650.1],
        ['GCG7', 2650],
      ].map(([symbol, price]) => formatContractPrice(symbol as string, price as number)),
    ).toEqual(['6,000.00', '6,004.75', '5,998.00', '21,003.50', '70.10', '69.99', '2,650.1', '2,650.0']);
  });

  it('when the contract is not one the product lists, then 2 to 4 decimals are kept', () => {
    expect([formatContractPrice('ZBH7', 118.5), formatContractPrice('XYZ', 1.23456)]).toEqual([
      '118.50',
      '1.2346',
    ]);
  });

  it('when a tick size is read, then its decimals are counted', () => {
    expect([0.25, 0.01, 0.1, 1, 0.005].map(priceDecimals)).toEqual([2, 2, 1, 0, 3]);
  });
});
