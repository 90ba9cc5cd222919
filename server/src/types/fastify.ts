import type { NotificationKind, Notification } from '@synctrade/api/types';
import type { AlertEventName } from '@synctrade/api/validation';
import type { LoginRefusals } from '../auth/login-refusals';
import type { LoginTriesInFlight } from '../auth/login-tries-in-flight';
import type { BrokerRegistry } from '../brokers/registry';
import type { CopierRouteOptions } from '../copier/route-options';
import type { PaperVenue } from '../brokers/paper/venue';
import type { AppConfig } from '../config/config';
import type { Db } from '../db/db';
import type { AppEvents } from '../events';
import type { Mailer } from '../mail/mailer';
import type { Placement } from '../placement/placement';
import type { PropGuard } from '../propfirm/server';
import type { RealtimeHub } from '../realtime/hub';
import type { Secrets } from '../security/secrets';
import type { PasswordHasher } from '../security/passwords';
import type { TokenSigner } from '../security/jwt';

export interface AuthUser {
  id: number;
  sessionId: string;
}

export interface NotifyInput {
  kind: NotificationKind;
  title: string;
  message: string;
  /** The account it is about, when it is about one (shown per copy group). */
  accountId?: number;
  /** The alert event it is, when its kind does not tell (alerts/events.ts); null: shown in the app only. */
  alert?: AlertEventName | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Db;
    events: AppEvents;
    secrets: Secrets;
    passwords: PasswordHasher;
    /** Sign-in tries this node knows to be over their limit, refused before any statement. */
    loginRefusals: LoginRefusals;
    /** Sign-in tries this node is checking, counted before their first statement. */
    loginTriesInFlight: LoginTriesInFlight;
    tokens: TokenSigner;
    mailer: Mailer;
    realtime: RealtimeHub;
    brokers: BrokerRegistry;
    /** The paper broker's venue, on its database ledger. */
    paperVenue: PaperVenue;
    /** The prop-firm guard: firm rules per account, checked by the copy engine. */
    propGuard: PropGuard;
    /** The copy engine and the desk's touch, decorated by `copier/plugin.ts` for the routes in `routes/`. */
    copier: CopierRouteOptions;
    /** Where copy groups run: this process alone, or this node of a cluster (chosen at start in app.ts). */
    placement: Placement;
    /** preHandler: 401 unless a valid token of a live session; sets `request.user`. */
    authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /** Stores a notification and pushes it on the user's feed. */
    notify(userId: number, input: NotifyInput): Promise<Notification>;
  }
  interface FastifyRequest {
    user: AuthUser;
  }
}
