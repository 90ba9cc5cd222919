import { PositionBook } from '../../src/brokers/rithmic/position-book';

const net = (book: PositionBook, account = 'F-2'): number =>
  book.list().find((p) => p.accountExternalId === account && p.symbol === 'ESZ6')?.netPos ?? 0;
const live = { snapshot: false };

describe('Rithmic positions from our fills and the PnL plant, which race on two sockets', () => {
  it('when the PnL plant counts a sell before its fill notification arrives, then the position moves once', () => {
    const book = new PositionBook();
    book.figure('F-2', 'ESZ6', { net: 1, avgPrice: 6000, buys: 1, sells: 0, snapshot: true });
    book.figure('F-2', 'ESZ6', { net: 0, avgPrice: 0, buys: 1, sells: 1, ...live });
    expect(net(book)).toBe(0);
    book.fill('F-2', 'ESZ6', -1, 6000);
    expect(net(book)).toBe(0);
    book.fill('F-2', 'ESZ6', 1, 6000);
    expect(net(book)).toBe(1);
  });

  it('when a contract first traded this session is counted before its fill arrives, then the position moves once', () => {
    const book = new PositionBook();
    book.figure('F-1', 'ESZ6', { net: 2, avgPrice: 6000, buys: 2, sells: 0, ...live });
    expect(net(book, 'F-1')).toBe(2);
    book.fill('F-1', 'ESZ6', 2, 6000);
    expect(net(book, 'F-1')).toBe(2);
  });

  it('when our fills come before the figure that counts them, then a figure counting only some keeps the rest', () => {
    const book = new PositionBook();
    book.figure('F-2', 'ESZ6', { net: 0, avgPrice: 0, buys: 2, sells: 2, snapshot: true });
    book.fill('F-2', 'ESZ6', 1, 6000);
    book.fill('F-2', 'ESZ6', 1, 6001);
    expect(net(book)).toBe(2);
    book.figure('F-2', 'ESZ6', { net: 1, avgPrice: 6000, buys: 3, sells: 2, ...live });
    expect(net(book)).toBe(2);
    book.figure('F-2', 'ESZ6', { net: 2, avgPrice: 6000.5, buys: 4, sells: 2, ...live });
    expect(book.list()).toEqual([{ accountExternalId: 'F-2', symbol: 'ESZ6', netPos: 2, avgPrice: 6000.5 }]);
  });

  it('when a reconnect reads the snapshot, then it is the base: fills it counts never move the position again', () => {
    const book = new PositionBook();
    book.fill('F-3', 'ESZ6', -2, 6000);
    book.figure('F-3', 'ESZ6', { net: -3, avgPrice: 6000, buys: 0, sells: 3, snapshot: true });
    expect(net(book, 'F-3')).toBe(-3);
    book.fill('F-3', 'ESZ6', 1, 5999);
    expect(net(book, 'F-3')).toBe(-2);
  });
});
