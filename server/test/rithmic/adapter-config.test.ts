import { decodeFrame, encodeFrame } from '../../src/brokers/rithmic/codec';
import { parseGateways, settingsFromEnv } from '../../src/brokers/rithmic/config';
import { createRithmicAdapter } from '../../src/brokers/rithmic/index';
import { instrumentOf } from '../../src/brokers/rithmic/symbols';
import { money, RithmicRefusal } from '../../src/brokers/rithmic/answers';
import { LOGIN_MESSAGES, loginRefusal } from '../../src/brokers/rithmic/login';

describe('Rithmic settings, symbols and frames', () => {
  it('reads gateways as name=url with an optional |demo or |live, separated by ; or ,', () => {
    expect(
      parseGateways(
        'Rithmic Test=wss://rituz00100.rithmic.com:443; Chicago=wss://rprotocol.rithmic.com:443|live, Local=ws://127.0.0.1:4330|demo',
      ),
    ).toEqual([
      { name: 'Rithmic Test', environment: 'demo', url: 'wss://rituz00100.rithmic.com/' },
      { name: 'Chicago', environment: 'live', url: 'wss://rprotocol.rithmic.com/' },
      { name: 'Local', environment: 'demo', url: 'ws://127.0.0.1:4330/' },
    ]);
    expect(parseGateways(undefined)).toEqual([]);
  });

  it('refuses plain ws:// to another machine, other schemes, credentials in the address and bad flags', () => {
    expect(() => parseGateways('X=ws://rituz00100.rithmic.com:443')).toThrow(/wss:\/\//);
    expect(() => parseGateways('X=https://rithmic.com')).toThrow(/wss:\/\//);
    expect(() => parseGateways('X=wss://u:p@rithmic.com')).toThrow(/credentials/);
    expect(() => parseGateways('X=wss://rithmic.com|prod')).toThrow(/\|demo or \|live/);
    expect(() => parseGateways('no-equals')).toThrow(/name=url/);
    expect(() => parseGateways('X=wss://a.com;X=wss://b.com')).toThrow(/same name/);
  });

  it('is registered but not connectable without gateways, and never shows an address', () => {
    const bare = createRithmicAdapter({ settings: settingsFromEnv({}) });
    expect(bare.connectable).toBe(false);
    expect(bare.gateways?.()).toEqual([]);
    const set = createRithmicAdapter({
      settings: settingsFromEnv({
        RITHMIC_GATEWAYS: 'Rithmic Test=wss://rituz00100.rithmic.com:443',
        RITHMIC_APP_NAME: 'abcd:SyncTrade',
      }),
    });
    expect(set.connectable).toBe(true);
    expect(set.gateways?.()).toEqual([{ name: 'Rithmic Test', environment: 'demo' }]);
  });

  it('derives the exchange from the product contract table and refuses an unknown root', () => {
    expect(instrumentOf('ESZ6')).toMatchObject({ symbol: 'ESZ6', exchange: 'CME' });
    expect(instrumentOf('mclf7')).toMatchObject({ symbol: 'MCLF7', exchange: 'NYMEX' });
    expect(instrumentOf('GCJ7')).toMatchObject({ exchange: 'COMEX' });
    expect(() => instrumentOf('ZZZZ6')).toThrow(/not a contract this product trades/);
    expect(() => instrumentOf('ES')).toThrow(/not a contract/);
  });

  it('reads money given as strings or doubles, and nothing from junk', () => {
    const message = { template_id: 451, a: '1250.50', b: 3.25, c: 'abc', d: '', e: Number.NaN };
    expect(money(message, 'a')).toBe(1250.5);
    expect(money(message, 'b')).toBe(3.25);
    expect(money(message, 'c')).toBeUndefined();
    expect(money(message, 'd')).toBeUndefined();
    expect(money(message, 'e')).toBeUndefined();
  });

  it('words login refusals for the trader, never with the gateway text', () => {
    const refusal = (code: string, text: string) => loginRefusal(new RithmicRefusal(code, text, 11));
    expect(refusal('13', 'permission denied')).toMatchObject({
      code: 'unauthorized',
      message: LOGIN_MESSAGES.agreements,
    });
    expect(refusal('13', 'login failed: bad user name or password')).toMatchObject({
      message: LOGIN_MESSAGES.credentials,
    });
    expect(refusal('3', 'maximum session count reached')).toMatchObject({ message: LOGIN_MESSAGES.sessions });
    expect(refusal('13', 'user not permissioned for this system')).toMatchObject({
      message: LOGIN_MESSAGES.system,
    });
    expect(refusal('9', 'request rate exceeded')).toMatchObject({ code: 'rate_limited' });
    expect(refusal('1039', 'FCM Id field is not received').message).not.toContain('FCM');
    expect(loginRefusal(new Error('socket hang up'))).toMatchObject({
      code: 'unavailable',
      message: LOGIN_MESSAGES.unreachable,
    });
  });

  it('reads 450 money as doubles and 451 money as strings through the codec', () => {
    const instrument = decodeFrame(
      encodeFrame(450, {
        account_id: 'A',
        symbol: 'ESZ6',
        day_open_pnl: 500.25,
        open_position_pnl: '500.25',
        net_quantity: 1,
      }),
    );
    const account = decodeFrame(
      encodeFrame(451, { account_id: 'A', day_open_pnl: '500.25', account_balance: '50000.00' }),
    );
    if (!instrument.ok || !account.ok) throw new Error('did not decode');
    expect(instrument.message.day_open_pnl).toBe(500.25);
    expect(money(instrument.message, 'day_open_pnl')).toBe(500.25);
    expect(money(instrument.message, 'open_position_pnl')).toBe(500.25);
    expect(account.message.day_open_pnl).toBe('500.25');
    expect(money(account.message, 'day_open_pnl')).toBe(500.25);
    expect(money(account.message, 'account_balance')).toBe(50_000);
  });

  it('decodes its own frames and reports malformed, oversized and unknown ones without throwing', () => {
    const frame = encodeFrame(312, { user_tag: 'st.1', quantity: 2, price: 6000.25 });
    expect(decodeFrame(frame)).toEqual({
      ok: true,
      message: { template_id: 312, user_msg: [], user_tag: 'st.1', quantity: 2, price: 6000.25 },
    });
    expect(decodeFrame(Buffer.from([0, 0, 0, 9, 1]))).toMatchObject({ ok: false, problem: 'malformed' });
    expect(decodeFrame(Buffer.from([0, 0, 0, 2, 0xff, 0xff]))).toMatchObject({ ok: false });
    expect(decodeFrame(Buffer.alloc(300 * 1024))).toMatchObject({ ok: false, problem: 'too_large' });
    // template_id 358 (seen live): a valid frame of a template this adapter does not read.
    const unknown = Buffer.from([0, 0, 0, 5, 0x98, 0xb6, 0x4b, 0xe6, 0x02]);
    expect(decodeFrame(unknown)).toEqual({ ok: false, templateId: 358, problem: 'unknown_template' });
  });
});
