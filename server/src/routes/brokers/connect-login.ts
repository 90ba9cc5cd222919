import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { RITHMIC_TEXT } from '@synctrade/api/messages';
import type {
  ApiKeyConnectResponse,
  BrokerGateway,
  GatewaySystemsQuery,
  GatewaySystemsResponse,
  LoginConnectPayload,
} from '@synctrade/api/types';
import { RITHMIC_SYSTEMS_MAX } from '@synctrade/api/validation';
import { BrokerError, type BrokerAdapter } from '../../brokers/types';
import { AppError } from '../../http/app-error';
import { listBound } from '../../lists/list-bound';
import { ConnectTries } from '../../connections/connect-tries';
import { cappedSystems, withinTime } from '../../connections/gateway-systems';
import { namedAdapter, storeCheckedConnection } from './connect-common';
import { CONNECT_TRIES_PER_ADDRESS, CONNECT_TRIES_PER_USER } from './connect-key';

const WINDOW_MS = 15 * 60_000;
/** A system list is asked whenever the trader picks a gateway: more of them than connects, still counted. */
export const SYSTEMS_TRIES_PER_USER = 30;
export const SYSTEMS_TRIES_PER_ADDRESS = 60;
/** Longest waits for the gateway, whatever the adapter's own timeouts: the browser gets an answer. */
export const SYSTEMS_TIMEOUT_MS = 15_000;
export const LOGIN_TIMEOUT_MS = 45_000;
const MAX_GATEWAYS = 50;

type LoginAdapter = BrokerAdapter &
  Required<Pick<BrokerAdapter, 'gateways' | 'listSystems' | 'connectWithLogin'>>;

/** The broker named in the address, when it signs in with a password; otherwise 404 or 400 naming it. */
function loginAdapter(app: FastifyInstance, broker: string): LoginAdapter {
  const adapter = namedAdapter(app, broker);
  if (!adapter.gateways || !adapter.listSystems || !adapter.connectWithLogin)
    throw AppError.badRequest(`${adapter.name} does not sign in with a user name and password`);
  return adapter as LoginAdapter;
}

/** The operator's gateways as the browser may see them: names and environments, never addresses. */
function gatewaysOf(adapter: LoginAdapter): BrokerGateway[] {
  return adapter
    .gateways()
    .slice(0, MAX_GATEWAYS)
    .map((gateway) => ({ name: gateway.name, environment: gateway.environment }));
}

function configuredGateway(adapter: LoginAdapter, name: string): BrokerGateway {
  const gateway = gatewaysOf(adapter).find((known) => known.name === name);
  if (!gateway) throw AppError.badRequest(RITHMIC_TEXT.unknownGateway);
  return gateway;
}

const checkBroker = (app: FastifyInstance) => async (request: { params: unknown }) =>
  void loginAdapter(app, (request.params as { broker: string }).broker);

/**
 * Connects a broker that signs in with a user name and password on a gateway the operator configured
 * (Rithmic): the gateways (names only), the systems a gateway lists, and the sign-in itself, checked at the
 * broker before anything is stored. The password is sealed with the connection's credentials, never logged
 * (Fastify logs no bodies here, see http/request-log.ts) and never answered back.
 */
export const loginConnectRoutes: FastifyPluginAsync = async (app) => {
  const connectTries = new ConnectTries({
    perUser: CONNECT_TRIES_PER_USER,
    perAddress: CONNECT_TRIES_PER_ADDRESS,
    windowMs: WINDOW_MS,
  });
  const systemsTries = new ConnectTries({
    perUser: SYSTEMS_TRIES_PER_USER,
    perAddress: SYSTEMS_TRIES_PER_ADDRESS,
    windowMs: WINDOW_MS,
  });
  // The broker is checked before the payload's rules: an unknown one answers 404 whatever the input.
  const preHandler = [app.authenticate, checkBroker(app)];
  const schema = { tags: ['brokers'], security: [{ bearer: [] }] };

  app.get<{ Params: { broker: string } }>(
    '/brokers/:broker/gateways',
    listBound({ preHandler, schema }, `The operator's gateways, names only: at most ${MAX_GATEWAYS}.`),
    async (request): Promise<BrokerGateway[]> => gatewaysOf(loginAdapter(app, request.params.broker)),
  );

  app.get<{ Params: { broker: string }; Querystring: GatewaySystemsQuery }>(
    '/brokers/:broker/systems',
    listBound({ preHandler, schema }, `The systems the gateway lists: at most ${RITHMIC_SYSTEMS_MAX}.`),
    async (request): Promise<GatewaySystemsResponse> => {
      const adapter = loginAdapter(app, request.params.broker);
      const gateway = configuredGateway(adapter, request.query.gateway);
      const waitSeconds = systemsTries.take(request.user.id, request.ip);
      if (waitSeconds > 0) throw AppError.tooManyRequests(RITHMIC_TEXT.tooManyTries, waitSeconds);
      let listed: unknown;
      try {
        listed = await withinTime(
          adapter.listSystems(gateway.name),
          SYSTEMS_TIMEOUT_MS,
          () => new BrokerError('system list timed out', 'unavailable'),
        );
      } catch (error: unknown) {
        throw brokerFailure(error, request.log);
      }
      const systems = cappedSystems(listed);
      if (systems.length === 0) throw new AppError(502, RITHMIC_TEXT.noSystems);
      return { gateway: gateway.name, systems };
    },
  );

  app.post<{ Params: { broker: string }; Body: LoginConnectPayload }>(
    '/brokers/:broker/connect-login',
    { preHandler, schema },
    async (request, reply): Promise<ApiKeyConnectResponse> => {
      const adapter = loginAdapter(app, request.params.broker);
      const body = request.body;
      const gateway = configuredGateway(adapter, body.gateway);
      if (gateway.environment !== body.environment)
        throw AppError.badRequest(RITHMIC_TEXT.environmentMismatch(gateway.name, gateway.environment));
      const waitSeconds = connectTries.take(request.user.id, request.ip);
      if (waitSeconds > 0) throw AppError.tooManyRequests(RITHMIC_TEXT.tooManyTries, waitSeconds);
      let result;
      try {
        result = await withinTime(
          adapter.connectWithLogin({
            userName: body.user_name,
            password: body.password,
            systemName: body.system_name,
            gateway: gateway.name,
            environment: gateway.environment,
          }),
          LOGIN_TIMEOUT_MS,
          () => new BrokerError('sign-in timed out', 'unavailable'),
        );
      } catch (error: unknown) {
        throw brokerFailure(error, request.log);
      }
      const connectionId = await storeCheckedConnection(app, request.user.id, {
        adapter,
        name: body.connection_name,
        environment: gateway.environment,
        result,
      });
      void reply.status(201);
      return { message: RITHMIC_TEXT.connected(body.connection_name), connection_id: connectionId };
    },
  );
};

/**
 * A sign-in refusal is the trader's to fix: the adapter words those (wrong password, agreements not signed, too
 * many sessions, unknown system) for them, so they pass through. Anything else gets a fixed text: the gateway's
 * own words are not ours to show. Only the error's code and name are logged, never its text or the request.
 */
function brokerFailure(error: unknown, log: FastifyInstance['log']): AppError {
  if (error instanceof BrokerError && error.code === 'unauthorized')
    return AppError.badRequest(error.message);
  if (error instanceof BrokerError && error.code === 'rate_limited')
    return AppError.tooManyRequests(RITHMIC_TEXT.rateLimited, 60);
  if (error instanceof BrokerError && (error.code === 'rejected' || error.code === 'not_found'))
    return AppError.badRequest(RITHMIC_TEXT.refused);
  log.warn(
    { code: error instanceof BrokerError ? error.code : error instanceof Error ? error.name : typeof error },
    'password sign-in broker failed',
  );
  return new AppError(502, RITHMIC_TEXT.unreachable);
}
