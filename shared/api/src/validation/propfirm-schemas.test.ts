import { PropRulesSchema } from '../schemas/propfirm';
import { PROP_RULE_FIELD_NAMES, PROP_RULE_FIELDS, propRuleEditSchema } from './propfirm-schemas';

async function firstError(value: unknown): Promise<string | null> {
  try {
    await propRuleEditSchema.validate(value);
    return null;
  } catch (error: unknown) {
    return (error as Error).message;
  }
}

describe('one firm-rule value', () => {
  it('when a field is edited alone, then its range is the one the whole rule set has', () => {
    const groups = PropRulesSchema.properties as unknown as Record<
      string,
      { properties: Record<string, { minimum?: number; maximum?: number; type?: string }> }
    >;
    for (const field of PROP_RULE_FIELD_NAMES) {
      const [group, key] = field.split('.') as [string, string];
      const wire = groups[group]?.properties[key];
      const spec = PROP_RULE_FIELDS[field];
      expect([field, spec.min, spec.max, spec.integer]).toEqual([
        field,
        wire?.minimum,
        wire?.maximum,
        wire?.type === 'integer',
      ]);
    }
  });

  it.each([
    [{ field: 'maxContracts.minis', value: 3 }, null],
    [{ field: 'maxContracts.minis', value: 0 }, 'Max contracts (minis) must be at least 1'],
    [{ field: 'maxContracts.minis', value: 1.5 }, 'Max contracts (minis) must be a whole number'],
    [{ field: 'news.minutesAfter', value: 721 }, 'News: minutes after must be at most 720'],
    [{ field: 'dailyLoss.amount', value: '' }, 'Daily loss limit must be a number'],
    [{ field: 'dailyLoss.amount', value: 1250.5 }, null],
    [{ field: 'dailyLoss.amount', value: 1e-320 }, 'Daily loss limit must be in whole cents'],
    [{ field: 'drawdown.buffer', value: 0.001 }, 'Drawdown buffer must be in whole cents'],
    [{ field: 'drawdown.buffer', value: 0 }, null],
    [{ field: 'firm', value: 1 }, expect.stringMatching(/^field must be one of /)],
  ])('%j → %s', async (value, message) => {
    expect(await firstError(value)).toEqual(message);
  });
});
