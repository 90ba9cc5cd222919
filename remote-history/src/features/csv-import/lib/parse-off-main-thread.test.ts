import { csvFile, PERFORMANCE_CSV } from '../support/fixtures';
import { serveParseRequests, type ParserScope } from './parse-worker-handler';
import { parseCsvOffMainThread, PARSED_IN_WORKER, PARSED_ON_PAGE } from './parse-off-main-thread';
import { spawnParseWorker } from './spawn-parse-worker';
import type { ParseAnswer, ParseRequest } from './worker-protocol';
import { tradesToCsv } from './own-format';
import { buildTrade } from '../../../support/history-fixtures';

// The real module holds `import.meta` (browsers only); each test decides what the worker is.
jest.mock('./spawn-parse-worker', () => ({ spawnParseWorker: jest.fn() }));
const spawn = jest.mocked(spawnParseWorker);

/** The trades of PERFORMANCE_CSV as the fixture writes them (symbol, side, pnl). */
const EXPECTED = [
  ['MNQZ6', 'buy', 41],
  ['ESZ6', 'sell', -200],
  ['NQZ6', 'buy', 0],
  ['GCZ6', 'buy', 1200],
];

/** A worker whose other end is the real parser handler, run in this thread. */
function inProcessWorker(): Worker & { terminated: boolean } {
  const page = new EventTarget();
  const inside = new EventTarget();
  const scope: ParserScope = {
    addEventListener: (type, listener) => inside.addEventListener(type, listener as EventListener),
    postMessage: (answer) => page.dispatchEvent(new MessageEvent('message', { data: answer })),
  };
  serveParseRequests(scope);
  return Object.assign(page, {
    terminated: false,
    postMessage(request: ParseRequest) {
      inside.dispatchEvent(new MessageEvent('message', { data: request }));
    },
    terminate() {
      this.terminated = true;
    },
  }) as unknown as Worker & { terminated: boolean };
}

/** A worker whose script never runs: it only reports an error. */
function brokenWorker(): Worker {
  const page = new EventTarget();
  return Object.assign(page, {
    postMessage() {
      queueMicrotask(() => page.dispatchEvent(new Event('error', { cancelable: true })));
    },
    terminate() {},
  }) as unknown as Worker;
}

// jsdom's performance has no marks: record the ones the parser sets.
const mark = jest.fn();

function marks(): string[] {
  return mark.mock.calls.map(([name]) => String(name));
}

describe('parseCsvOffMainThread', () => {
  const realWorker = (globalThis as { Worker?: unknown }).Worker;
  const realMark = performance.mark;
  beforeEach(() => {
    performance.mark = mark;
  });
  afterEach(() => {
    (globalThis as { Worker?: unknown }).Worker = realWorker;
    performance.mark = realMark;
  });

  it('when the environment has no Worker, then the page parses the file with the same result', async () => {
    expect(typeof Worker).toBe('undefined');
    const parsed = await parseCsvOffMainThread(csvFile(PERFORMANCE_CSV));
    expect(parsed.trades.map((t) => [t.symbol, t.side, t.pnl])).toEqual(EXPECTED);
    expect(spawn).not.toHaveBeenCalled();
    expect(marks()).toEqual([PARSED_ON_PAGE]);
  });

  it('when a worker runs, then it parses the file, reports progress up to 1 and is ended', async () => {
    (globalThis as { Worker?: unknown }).Worker = function Worker() {};
    const worker = inProcessWorker();
    spawn.mockReturnValue(worker);
    const seen: number[] = [];
    const parsed = await parseCsvOffMainThread(csvFile(PERFORMANCE_CSV), (f) => seen.push(f));
    expect(parsed.trades.map((t) => [t.symbol, t.side, t.pnl])).toEqual(EXPECTED);
    expect(parsed.layout).toBe('tradovate-performance');
    expect(seen.at(-1)).toBe(1);
    expect(worker.terminated).toBe(true);
    expect(marks()).toEqual([PARSED_IN_WORKER]);
  });

  it('when the worker sends many trades, then they arrive in pieces and come back whole and in order', async () => {
    (globalThis as { Worker?: unknown }).Worker = function Worker() {};
    const worker = inProcessWorker();
    const sizes: number[] = [];
    worker.addEventListener('message', (event) => {
      const answer = (event as MessageEvent<ParseAnswer>).data;
      if (answer.type === 'trades') sizes.push(answer.trades.length);
    });
    spawn.mockReturnValue(worker);
    const trades = Array.from({ length: 12_001 }, (_, i) => buildTrade({ id: i + 1 }));
    const parsed = await parseCsvOffMainThread(csvFile(tradesToCsv(trades)));
    expect(sizes).toEqual([5000, 5000, 2001]);
    expect(parsed.trades).toHaveLength(12_001);
    expect(parsed.trades.map((t) => t.external_id).slice(-2)).toEqual(['synctrade:12000', 'synctrade:12001']);
    expect(marks()).toEqual([PARSED_IN_WORKER]);
  });

  it('when the worker cannot start, then the page parses the file instead', async () => {
    (globalThis as { Worker?: unknown }).Worker = function Worker() {};
    spawn.mockImplementation(() => {
      throw new DOMException('refused', 'SecurityError');
    });
    const parsed = await parseCsvOffMainThread(csvFile(PERFORMANCE_CSV));
    expect(parsed.trades).toHaveLength(EXPECTED.length);
    expect(marks()).toEqual([PARSED_ON_PAGE]);
  });

  it('when the worker script fails to load, then the page parses the file instead', async () => {
    (globalThis as { Worker?: unknown }).Worker = function Worker() {};
    spawn.mockReturnValue(brokenWorker());
    const parsed = await parseCsvOffMainThread(csvFile(PERFORMANCE_CSV));
    expect(parsed.trades.map((t) => [t.symbol, t.side, t.pnl])).toEqual(EXPECTED);
    expect(marks()).toEqual([PARSED_ON_PAGE]);
  });
});
