import { RITHMIC_NAME_MAX, RITHMIC_SYSTEMS_MAX } from '@synctrade/api/validation';
import { cappedSystems, withinTime } from '../../src/connections/gateway-systems';

describe("a gateway's system list as the browser sees it", () => {
  it('keeps trimmed text names once, in order, and drops empty, overlong and non-text entries', () => {
    expect(
      cappedSystems([
        ' Rithmic Paper Trading ',
        'Apex',
        '',
        '   ',
        7,
        null,
        { name: 'x' },
        'x'.repeat(RITHMIC_NAME_MAX + 1),
        'Apex',
        'Rithmic 01',
      ]),
    ).toEqual(['Rithmic Paper Trading', 'Apex', 'Rithmic 01']);
  });

  it('caps the list and answers an empty one for anything that is not a list', () => {
    const many = Array.from({ length: RITHMIC_SYSTEMS_MAX + 50 }, (_, i) => `System ${i}`);
    expect(cappedSystems(many)).toHaveLength(RITHMIC_SYSTEMS_MAX);
    expect(cappedSystems('Apex')).toEqual([]);
    expect(cappedSystems(undefined)).toEqual([]);
  });
});

describe('a wait for the gateway with a deadline', () => {
  it('answers what the work answers in time, and rejects with the given error when it is late', async () => {
    await expect(withinTime(Promise.resolve(['Apex']), 1_000, () => new Error('late'))).resolves.toEqual([
      'Apex',
    ]);
    const never = new Promise<string[]>(() => undefined);
    await expect(withinTime(never, 20, () => new Error('late'))).rejects.toThrow('late');
  });

  it("passes the work's own failure through", async () => {
    await expect(
      withinTime(Promise.reject(new Error('refused')), 1_000, () => new Error('late')),
    ).rejects.toThrow('refused');
  });
});
