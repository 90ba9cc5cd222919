import { RP, type RpCode } from './codes';
import { unframe } from './framing';
import { type FakeRithmicFaults, type FakeRithmicUser, PLANT_OF_INFRA, type Plant } from './model';
import { handleOrderPlant, ORDER_PLANT_TEMPLATES } from './order-plant';
import { handlePnlPlant, PNL_PLANT_TEMPLATES } from './pnl-plant';
import { decodeAs, type Fields, templateOf } from './proto';
import type { Session } from './session';
import type { Venue } from './venue';

/** What every handler reads: the fake's configuration and state. */
export interface Gateway {
  systems: string[];
  heartbeatSeconds: number;
  limit: { perWindow: number; windowMs: number } | null;
  users: Map<string, FakeRithmicUser>;
  venue: Venue;
  faults: FakeRithmicFaults;
  sessions: Set<Session>;
  /** Requests received per template id. */
  counts: Map<number, number>;
  /** One trade route per exchange (311); names the fake's own, never a real route's. */
  routes: Map<string, string>;
}

const TEMPLATE_VERSIONS = new Set(['3.9', '5.42']);
const SHARED_TEMPLATES = new Set([10, 12, 16, 18]);
const MAX_USER_MSG = 8;
let loginCounter = 0;

/** One inbound WebSocket message: unframe, read Base, dispatch; never throws. */
export function onMessage(g: Gateway, s: Session, data: Buffer, isBinary: boolean): void {
  if (!isBinary) return s.close(1003, 'R|Protocol frames are binary');
  const unframed = unframe(data);
  if ('error' in unframed) return s.send(75, { rp_code: [...RP.malformed, unframed.error] });
  let templateId: number;
  let fields: Fields;
  try {
    templateId = templateOf(unframed.payload);
    fields = decodeAs(templateId, unframed.payload);
  } catch (error) {
    return s.send(75, { rp_code: [...RP.malformed, (error as Error).message.slice(0, 200)] });
  }
  // Counted per template id; a client inventing ids cannot grow the table past 1 000 entries.
  if (g.counts.has(templateId) || g.counts.size < 1000)
    g.counts.set(templateId, (g.counts.get(templateId) ?? 0) + 1);
  const userMsg = strings(fields.user_msg)
    .slice(0, MAX_USER_MSG)
    .map((m) => m.slice(0, 256));
  const known =
    SHARED_TEMPLATES.has(templateId) ||
    ORDER_PLANT_TEMPLATES.has(templateId) ||
    PNL_PLANT_TEMPLATES.has(templateId);
  if (!known) return s.send(75, { user_msg: userMsg, rp_code: [...RP.unknownTemplate, String(templateId)] });
  s.heard(g.heartbeatSeconds);
  const lose = g.faults.loseAnswers;
  if (lose !== null && lose.remaining > 0 && lose.templates.includes(templateId)) {
    lose.remaining -= 1;
    if (lose.remaining <= 0) g.faults.loseAnswers = null;
    // The request still runs; its answer (and anything after it on this socket) is lost with the socket.
    s.close(4001, 'connection lost');
  }
  if (templateId === 16) return systemInfo(g, s, userMsg);
  if (templateId === 10) return login(g, s, fields, userMsg);
  if (s.user === null || s.plant === null) return s.send(75, { user_msg: userMsg, rp_code: RP.notLoggedIn });
  if (!s.allow(g.limit)) return s.send(templateId + 1, { user_msg: userMsg, rp_code: RP.throttled });
  if (templateId === 18) return s.send(19, { user_msg: userMsg, rp_code: RP.ok, ...stampNow() });
  if (templateId === 12) {
    s.send(13, { user_msg: userMsg, rp_code: RP.ok });
    return s.close(1000, 'logged out');
  }
  const plant: Plant = s.plant;
  if (plant === 'order' && ORDER_PLANT_TEMPLATES.has(templateId))
    return handleOrderPlant(g, s, templateId, fields, userMsg);
  if (plant === 'pnl' && PNL_PLANT_TEMPLATES.has(templateId))
    return handlePnlPlant(g, s, templateId, fields, userMsg);
  s.send(75, { user_msg: userMsg, rp_code: RP.wrongPlant });
}

function systemInfo(g: Gateway, s: Session, userMsg: string[]): void {
  s.send(17, {
    user_msg: userMsg,
    rp_code: RP.ok,
    system_name: g.systems,
    has_aggregated_quotes: g.systems.map(() => false),
  });
}

function login(g: Gateway, s: Session, fields: Fields, userMsg: string[]): void {
  if (s.user !== null) return s.send(75, { user_msg: userMsg, rp_code: RP.alreadyLoggedIn });
  const refuse = (rpCode: RpCode): void => s.send(11, { user_msg: userMsg, rp_code: rpCode });
  if (!TEMPLATE_VERSIONS.has(String(fields.template_version))) return refuse(RP.badTemplateVersion);
  const plant = PLANT_OF_INFRA[Number(fields.infra_type)];
  if (plant === undefined) return refuse(RP.badPlant);
  const user = g.users.get(String(fields.user));
  if (user === undefined || user.password !== fields.password) return refuse(RP.badLogin);
  const system = String(fields.system_name);
  if (!g.systems.includes(system) || !(user.systems ?? g.systems).includes(system))
    return refuse(RP.systemNotAllowed);
  if (user.agreementsSigned === false) return refuse(RP.agreements);
  s.user = user;
  s.plant = plant;
  s.loginSeq = ++loginCounter;
  s.send(11, {
    template_version: String(fields.template_version),
    user_msg: userMsg,
    rp_code: RP.ok,
    fcm_id: user.fcmId ?? 'FakeFCM',
    ib_id: user.ibId ?? 'FakeIB',
    country_code: 'US',
    state_code: 'IL',
    unique_user_id: `fake-${user.user}`,
    heartbeat_interval: g.heartbeatSeconds,
  });
  s.heard(g.heartbeatSeconds);
  if (g.faults.unknownTemplates) s.send(358, {});
  enforceSessionCap(g, user, plant);
}

/** One session past the login's cap on a plant: 77 ForcedLogout to the oldest, which is closed. */
function enforceSessionCap(g: Gateway, user: FakeRithmicUser, plant: Plant): void {
  const same = [...g.sessions]
    .filter((x) => !x.closed && x.user?.user === user.user && x.plant === plant)
    .sort((a, b) => a.loginSeq - b.loginSeq);
  const cap = Math.max(1, user.maxSessions ?? 1);
  for (const oldest of same.slice(0, Math.max(0, same.length - cap))) forceOut(oldest);
}

export function forceOut(s: Session): void {
  s.send(77, {});
  s.close(4002, 'forced logout');
}

export function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

export function stampNow(): { ssboe: number; usecs: number } {
  const ms = Date.now();
  return { ssboe: Math.floor(ms / 1000), usecs: (ms % 1000) * 1000 };
}

/** A multi-frame answer: rows with rq_handler_rp_code, then the terminal with rp_code (`7 no data` if none). */
export function sendRows(s: Session, templateId: number, userMsg: string[], rows: Fields[]): void {
  for (const row of rows) s.send(templateId, { ...row, user_msg: userMsg, rq_handler_rp_code: RP.ok });
  s.send(templateId, { user_msg: userMsg, rp_code: rows.length > 0 ? RP.ok : RP.noData });
}
