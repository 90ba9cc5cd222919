import type { FastifyPluginAsync } from 'fastify';
import type {
  AccountPropRules,
  MessageResponse,
  NewsEvent as WireNewsEvent,
  NewsEventPayload,
  PropHeadroom,
  PropMailSettings,
  PropPresetList,
  PropRuleEdits,
  PropRules as WireRules,
} from '@synctrade/api/types';
import type { PropRuleField } from '@synctrade/api/validation';
import { ownedAccount } from '../../copier/repo/owned-account';
import { AppError } from '../../http/app-error';
import { parseId } from '../../http/ids';
import { RELEASE_SOURCES } from '../../propfirm/calendar/scheduled-events';
import { calendarWarnings } from '../../propfirm/calendar/calendar';
import { PRESETS } from '../../propfirm/presets';
import { ruleEmailsOn, setRuleEmails } from '../../propfirm/store/mail-settings';
import type { StoredNewsEvent } from '../../propfirm/store/prop-store';
import type { PropGuard } from '../../propfirm/service/prop-guard';
import type { NewsKind, PropRules } from '../../propfirm/types';
import { resetsMemory, withRuleValue } from '../../propfirm/edit-rule';
import { ruleProblem } from '../../propfirm/validate-rules';
import { listBound } from '../../lists/list-bound';
import { HEADROOM_BOUND } from '../../connections/list-bounds';
import { accountOf, ownedAccountFirst } from '../owned-account-first';

/** Most news events one user may add. */
export const MAX_USER_EVENTS = 500;
const EVENTS_BOUND = `The user's own events: at most ${MAX_USER_EVENTS} (a further one is refused with 409).`;
const EVENT_NOT_FOUND = 'Event not found';
const ALL_KINDS: NewsKind[] = ['FOMC', 'NFP', 'CPI', 'EIA'];

export interface PropRouteOptions {
  guard: PropGuard;
  /** The rules of a user's account changed: the engine takes them in. */
  onRulesChanged?: (userId: number) => Promise<void> | void;
}

// The wire and the rules module describe the same shape; this fails to compile when they drift apart.
const sameShape = (rules: WireRules): PropRules => rules;
const toWire = (rules: PropRules): WireRules => rules;

function wireEvent(event: StoredNewsEvent): WireNewsEvent {
  return {
    id: event.id,
    kind: event.kind,
    title: event.title,
    at: new Date(event.time).toISOString(),
    roots: event.roots === undefined ? null : [...event.roots],
  };
}

/** Firm presets, each account's firm rules, the user's own news events, and the desk's headroom. */
export const propRoutes: FastifyPluginAsync<PropRouteOptions> = async (app, { guard, onRulesChanged }) => {
  const secured = {
    preHandler: app.authenticate,
    schema: { tags: ['propfirm'], security: [{ bearer: [] }] },
  };
  const changed = async (userId: number): Promise<void> => {
    await guard.reload(userId);
    await onRulesChanged?.(userId);
  };

  app.get('/propfirm/presets', secured, async (): Promise<PropPresetList> => ({
    presets: PRESETS.map((preset) => ({
      id: preset.id,
      firm: preset.firm,
      label: preset.label,
      sources: [...preset.sources],
      checked_on: preset.checkedOn,
      unverified: [...preset.unverified],
      rules: toWire(preset.rules),
    })),
    calendar: {
      sources: RELEASE_SOURCES.map((source) => ({ ...source })),
      coverage: guard.calendar.coverage,
      warnings: calendarWarnings(guard.calendar, ALL_KINDS, guard.now()),
    },
  }));

  app.get<{ Params: { id: string } }>(
    '/propfirm/accounts/:id/rules',
    secured,
    async (request): Promise<AccountPropRules> => {
      const account = await ownedAccount(app.db, request.user.id, request.params.id);
      const user = await guard.load(request.user.id);
      const rules = user.rules.get(account.id) ?? null;
      return {
        account_id: account.id,
        rules: rules === null ? null : toWire(rules),
        warnings: guard.warnings(user, rules),
        calendar_ends: guard.calendarEnds(user, rules),
      };
    },
  );

  app.put<{ Params: { id: string }; Body: WireRules }>(
    '/propfirm/accounts/:id/rules',
    secured,
    async (request): Promise<AccountPropRules> => {
      const account = await ownedAccount(app.db, request.user.id, request.params.id);
      const rules = sameShape(request.body);
      const problem = ruleProblem(rules);
      if (problem !== null) throw AppError.badRequest(problem);
      await guard.store.putRules(request.user.id, account.id, rules);
      await changed(request.user.id);
      const user = await guard.load(request.user.id);
      return {
        account_id: account.id,
        rules: toWire(rules),
        warnings: guard.warnings(user, rules),
        calendar_ends: guard.calendarEnds(user, rules),
      };
    },
  );

  /** Applies the edits to the account's rules: all are kept, or none when the rules they make are refused. */
  const applyEdits = async (
    userId: number,
    accountId: number,
    edits: ReadonlyArray<{ field: PropRuleField; value: number }>,
  ): Promise<AccountPropRules> => {
    const current = (await guard.load(userId)).rules.get(accountId);
    if (current === undefined) throw AppError.notFound('This account has no firm rules: pick a preset first');
    const rules = edits.reduce((changed, edit) => withRuleValue(changed, edit.field, edit.value), current);
    const problem = ruleProblem(rules);
    if (problem !== null) throw AppError.badRequest(problem);
    await guard.store.putRules(userId, accountId, rules, {
      keepMemory: !edits.some((edit) => resetsMemory(edit.field)),
    });
    await changed(userId);
    const user = await guard.load(userId);
    return {
      account_id: accountId,
      rules: toWire(rules),
      warnings: guard.warnings(user, rules),
      calendar_ends: guard.calendarEnds(user, rules),
    };
  };
  const owned = { ...secured, preHandler: [app.authenticate, ownedAccountFirst(app.db)] };

  app.patch<{ Params: { id: string }; Body: { field: PropRuleField; value: number } }>(
    '/propfirm/accounts/:id/rules',
    owned,
    async (request): Promise<AccountPropRules> =>
      applyEdits(request.user.id, accountOf(request).id, [request.body]),
  );

  app.patch<{ Params: { id: string }; Body: PropRuleEdits }>(
    '/propfirm/accounts/:id/rules/values',
    owned,
    async (request): Promise<AccountPropRules> =>
      applyEdits(request.user.id, accountOf(request).id, request.body.edits),
  );

  app.delete<{ Params: { id: string } }>(
    '/propfirm/accounts/:id/rules',
    secured,
    async (request): Promise<MessageResponse> => {
      const account = await ownedAccount(app.db, request.user.id, request.params.id);
      await guard.store.deleteRules(account.id);
      await changed(request.user.id);
      return { message: 'Firm rules removed' };
    },
  );

  const headroomList = listBound(secured, HEADROOM_BOUND);
  app.get('/propfirm/headroom', headroomList, async (request): Promise<PropHeadroom[]> => {
    const user = await guard.load(request.user.id);
    const rows: PropHeadroom[] = [];
    for (const [accountId, rules] of user.rules) {
      const found = guard.headroom(user, accountId);
      if (found === null) continue;
      const { headroom, stopped } = found;
      rows.push({
        account_id: accountId,
        firm: rules.firm,
        preset: rules.preset,
        floor: headroom.floor,
        to_floor: headroom.toFloor,
        to_daily_loss: headroom.toDailyLoss,
        day_pnl: headroom.dayPnl,
        minutes_to_flat_by: headroom.minutesToFlatBy,
        next_blackout:
          headroom.nextBlackout === null
            ? null
            : {
                title: headroom.nextBlackout.title,
                start: new Date(headroom.nextBlackout.start).toISOString(),
                end: new Date(headroom.nextBlackout.end).toISOString(),
              },
        stopped,
      });
    }
    return rows.sort((a, b) => a.account_id - b.account_id);
  });

  app.get('/propfirm/mail-settings', secured, async (request): Promise<PropMailSettings> => ({
    rule_emails: await ruleEmailsOn(app.db, request.user.id),
  }));

  app.put<{ Body: PropMailSettings }>(
    '/propfirm/mail-settings',
    secured,
    async (request): Promise<PropMailSettings> => {
      const { rule_emails } = request.body;
      await setRuleEmails(app.db, request.user.id, rule_emails);
      return { rule_emails };
    },
  );

  const events = listBound(secured, EVENTS_BOUND);
  app.get('/propfirm/events', events, async (request): Promise<WireNewsEvent[]> => {
    return (await guard.store.eventsOf(request.user.id)).map(wireEvent);
  });

  app.post<{ Body: NewsEventPayload }>(
    '/propfirm/events',
    secured,
    async (request): Promise<WireNewsEvent> => {
      const time = Date.parse(request.body.at);
      if (!Number.isFinite(time) || !/(Z|[+-]\d\d:?\d\d)$/i.test(request.body.at))
        throw AppError.badRequest(
          'at must be a date and time with its offset, e.g. 2027-01-08T08:30:00-05:00',
        );
      const year = new Date(time).getUTCFullYear();
      if (year < 2000 || year > 2100) throw AppError.badRequest('at must be between the years 2000 and 2100');
      const title = request.body.title.trim();
      if (title === '') throw AppError.badRequest('title must not be empty');
      if ((await guard.store.countEvents(request.user.id)) >= MAX_USER_EVENTS)
        throw AppError.conflict(`You can keep at most ${MAX_USER_EVENTS} events: delete past ones first`);
      const stored = await guard.store.addEvent(request.user.id, {
        kind: request.body.kind,
        title,
        time,
        roots: request.body.roots === undefined ? null : [...new Set(request.body.roots)],
      });
      await changed(request.user.id);
      return wireEvent(stored);
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/propfirm/events/:id',
    secured,
    async (request): Promise<MessageResponse> => {
      const id = parseId(request.params.id, EVENT_NOT_FOUND);
      if (!(await guard.store.deleteEvent(request.user.id, id))) throw AppError.notFound(EVENT_NOT_FOUND);
      await changed(request.user.id);
      return { message: 'Event deleted' };
    },
  );
};
