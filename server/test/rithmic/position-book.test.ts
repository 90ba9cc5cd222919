import { PositionBook } from '../../src/brokers/rithmic/position-book';

const net = (book: PositionBook): number => book.list().find((p) => p.symbol === 'ESZ6')?.netPos ?? 0;

describe('Rithmic positions from our fills and the PnL plant, which race on two sockets', () => {
  it('when the PnL plant counts a sell before its fill notification arrives, then the position moves once', () => {
    const book = new PositionBook(3_000);
    book.figure('F-2', 'ESZ6', { net: 1, avgPrice: 6000, buys: 1, sells: 0 }, 0);
    // Long past our last fill, the gateway's figure already counts the sell.
    book.figure('F-2', 'ESZ6', { net: 0, avgPrice: 0, buys: 1, sells: 1 }, 10_000);
    expect(net(book)).toBe(0);
    book.fill('F-2', 'ESZ6', -1, 6000, 10_001);
    expect(net(book)).toBe(0);
    book.fill('F-2', 'ESZ6', 1, 6000, 10_002);
    expect(net(book)).toBe(1);
  });

  it('when our fills come before the figure that counts them, then a figure counting only some keeps the rest', () => {
    const book = new PositionBook(3_000);
    book.figure('F-2', 'ESZ6', { net: 0, avgPrice: 0, buys: 2, sells: 2 }, 0);
    book.fill('F-2', 'ESZ6', 1, 6000, 1);
    book.fill('F-2', 'ESZ6', 1, 6001, 2);
    expect(net(book)).toBe(2);
    // Counts the first buy only: the second is still ours to add.
    book.figure('F-2', 'ESZ6', { net: 1, avgPrice: 6000, buys: 3, sells: 2 }, 3);
    expect(net(book)).toBe(2);
    book.figure('F-2', 'ESZ6', { net: 2, avgPrice: 6000.5, buys: 4, sells: 2 }, 4);
    expect(book.list()).toEqual([{ accountExternalId: 'F-2', symbol: 'ESZ6', netPos: 2, avgPrice: 6000.5 }]);
  });

  it('when a figure carries no counts, then it is taken only once our own fills are settled', () => {
    const book = new PositionBook(3_000);
    book.fill('F-1', 'ESZ6', 2, 6000, 1_000);
    book.figure('F-1', 'ESZ6', { net: 0, avgPrice: 0 }, 2_000);
    expect(book.list()[0]?.netPos).toBe(2);
    book.figure('F-1', 'ESZ6', { net: 1, avgPrice: 6000 }, 4_500);
    expect(book.list()[0]?.netPos).toBe(1);
  });
});
