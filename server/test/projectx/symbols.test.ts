import { toContractId, toSymbol } from '../../src/brokers/projectx/symbols';
import { clientOrderIdOf, tagFor } from '../../src/brokers/projectx/tags';

describe('ProjectX contract ids and tags', () => {
  it('maps our symbols to CON.F.US ids with ProjectX roots, and back', () => {
    const march2026 = new Date('2026-03-01T00:00:00Z');
    expect(toContractId('MNQM6', march2026)).toBe('CON.F.US.MNQ.M26');
    expect(toContractId('ESZ6', march2026)).toBe('CON.F.US.EP.Z26');
    expect(toContractId('NQH7', march2026)).toBe('CON.F.US.ENQ.H27');
    expect(toContractId('MGCG5', new Date('2029-12-01T00:00:00Z'))).toBe('CON.F.US.MGC.G35');
    expect(toContractId('CLF0', new Date('2029-12-01T00:00:00Z'))).toBe('CON.F.US.CL.F30');
    expect(toSymbol('CON.F.US.ENQ.H25')).toBe('NQH5');
    expect(toSymbol('CON.F.US.EP.Z26')).toBe('ESZ6');
    expect(toSymbol('CON.F.US.MES.U27')).toBe('MESU7');
    expect(toSymbol('something-else')).toBe('something-else');
    expect(() => toContractId('bogus')).toThrow('Unknown contract bogus');
  });

  it('derives every tag of an intent from its client order id', () => {
    expect(tagFor('st.f1-9.4', 1)).toBe('st.f1-9.4');
    expect(tagFor('st.f1-9.4', 3)).toBe('st.f1-9.4~3');
    expect(clientOrderIdOf('st.f1-9.4~3')).toBe('st.f1-9.4');
    expect(clientOrderIdOf('st.f1-9.4')).toBe('st.f1-9.4');
    expect(clientOrderIdOf(null)).toBeNull();
  });
});
