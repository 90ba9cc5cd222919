import { WorkingOrders } from '../../src/brokers/paper/working-orders';

const order = (orderId: string, accountExternalId: string) => ({ orderId, accountExternalId });

describe('paper venue working orders', () => {
  it('when orders of several accounts work, then each reading answers its accounts only, oldest first', () => {
    const working = new WorkingOrders();
    working.add(order('7', 'A'));
    working.add(order('3', 'B'));
    working.add(order('9', 'A'));
    working.add(order('1', 'C'));
    working.add(order('3', 'B')); // again: still one entry, in its first place
    expect(working.of(['A'])).toEqual(['7', '9']);
    expect(working.of(['C', 'A'])).toEqual(['7', '9', '1']);
    expect(working.of(['B', 'A', 'B'])).toEqual(['7', '3', '9']);
    expect(working.of(['D'])).toEqual([]);
    expect(working.all()).toEqual(['7', '3', '9', '1']);
  });

  it('when an order ends, then no reading answers it and ending it again changes nothing', () => {
    const working = new WorkingOrders();
    working.add(order('1', 'A'));
    working.add(order('2', 'A'));
    working.delete(order('1', 'A'));
    working.delete(order('1', 'A'));
    expect(working.has('1')).toBe(false);
    expect(working.has('2')).toBe(true);
    expect(working.of(['A'])).toEqual(['2']);
    working.delete(order('2', 'A'));
    expect(working.of(['A'])).toEqual([]);
    expect(working.all()).toEqual([]);
  });

  it('when the caller ends orders while walking a reading, then the walk still sees every order it started with', () => {
    const working = new WorkingOrders();
    for (const id of ['1', '2', '3']) working.add(order(id, 'A'));
    const seen: string[] = [];
    for (const id of working.of(['A'])) {
      seen.push(id);
      working.delete(order(id, 'A'));
    }
    expect(seen).toEqual(['1', '2', '3']);
  });
});
