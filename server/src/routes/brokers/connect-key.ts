import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { PROJECTX_TEXT, PROJECTX_VALIDATION } from '@synctrade/api/messages';
import type { ApiKeyConnectPayload, ApiKeyConnectResponse } from '@synctrade/api/types';
import { CUSTOM_FIRM, PROJECTX_FIRMS } from '@synctrade/api/validation';
import { hubFromRest } from '../../brokers/projectx/hosts';
import { BrokerError, type BrokerAdapter } from '../../brokers/types';
import { AppError } from '../../http/app-error';
import { ConnectTries } from '../../connections/connect-tries';
import { namedAdapter, storeCheckedConnection } from './connect-common';

/**
 * Connect tries per user and per caller address in 15 minutes: each try makes the server call a gateway, so
 * they are counted when they arrive (parallel tries included) and refused with 429 beyond these.
 */
export const CONNECT_TRIES_PER_USER = 10;
export const CONNECT_TRIES_PER_ADDRESS = 30;
const CONNECT_WINDOW_MS = 15 * 60_000;
const TOO_MANY_TRIES = 'Too many connection attempts; please try again later';

type ApiKeyAdapter = BrokerAdapter & Required<Pick<BrokerAdapter, 'connectWithApiKey'>>;

/** The broker named in the address, when it connects with an API key; otherwise 404 or 400 naming it. */
function apiKeyAdapter(app: FastifyInstance, broker: string): ApiKeyAdapter {
  const adapter = namedAdapter(app, broker);
  if (!adapter.connectWithApiKey)
    throw AppError.badRequest(`${adapter.name} connects through its own sign-in page, not an API key`);
  return adapter as ApiKeyAdapter;
}

/**
 * Connects a broker that signs in with a user name and API key (ProjectX): the broker checks them before
 * anything is stored; the key is then sealed with the connection's credentials and never answered back.
 */
export const apiKeyConnectRoutes: FastifyPluginAsync = async (app) => {
  const tries = new ConnectTries({
    perUser: CONNECT_TRIES_PER_USER,
    perAddress: CONNECT_TRIES_PER_ADDRESS,
    windowMs: CONNECT_WINDOW_MS,
  });
  app.post<{ Params: { broker: string }; Body: ApiKeyConnectPayload }>(
    '/brokers/:broker/connect-key',
    {
      // The broker is checked before the payload's rules: an unknown one answers 404 whatever the body.
      preHandler: [
        app.authenticate,
        async (request) => void apiKeyAdapter(app, (request.params as { broker: string }).broker),
      ],
      schema: { tags: ['brokers'], security: [{ bearer: [] }] },
    },
    async (request, reply): Promise<ApiKeyConnectResponse> => {
      const adapter = apiKeyAdapter(app, request.params.broker);
      const body = request.body;
      const waitSeconds = tries.take(request.user.id, request.ip);
      if (waitSeconds > 0) throw AppError.tooManyRequests(TOO_MANY_TRIES, waitSeconds);
      const hosts = resolveHosts(body);
      let result;
      try {
        result = await adapter.connectWithApiKey({
          userName: body.user_name,
          apiKey: body.api_key,
          environment: body.environment,
          ...hosts,
        });
      } catch (error: unknown) {
        throw brokerFailure(adapter.name, error);
      }
      const connectionId = await storeCheckedConnection(app, request.user.id, {
        adapter,
        name: body.connection_name,
        environment: body.environment,
        result,
      });
      void reply.status(201);
      return { message: PROJECTX_TEXT.connected(body.connection_name), connection_id: connectionId };
    },
  );
};

function resolveHosts(body: { firm: string; custom_host?: string; custom_hub?: string }): {
  restUrl: string;
  hubUrl: string;
} {
  if (body.firm === CUSTOM_FIRM) {
    const restUrl = body.custom_host ?? '';
    // The adapter checks both hosts before calling them; an address that does not parse stops here.
    if (!URL.canParse(restUrl)) throw AppError.badRequest(PROJECTX_VALIDATION.hostInvalid);
    return { restUrl, hubUrl: body.custom_hub || hubFromRest(restUrl) };
  }
  const firm = PROJECTX_FIRMS.find((known) => known.id === body.firm);
  if (!firm) throw AppError.badRequest(PROJECTX_VALIDATION.firmUnknown);
  return { restUrl: firm.restUrl, hubUrl: firm.hubUrl };
}

/** A refused key is the user's to fix (400 with the broker's reason); a broker that did not answer is a 502. */
function brokerFailure(name: string, error: unknown): AppError {
  if (!(error instanceof BrokerError)) return new AppError(502, `${name} did not answer; please try again`);
  if (error.code === 'rate_limited')
    return AppError.tooManyRequests(`${name} is rate limiting this user; try again in a minute`, 60);
  if (error.code === 'unavailable' || error.code === 'uncertain')
    return new AppError(502, `${name} did not answer; please try again`);
  return AppError.badRequest(`Could not connect to ${name}: ${error.message}`);
}
