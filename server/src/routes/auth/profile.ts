import type { FastifyPluginAsync } from 'fastify';
import type { Profile, ProfileUpdatePayload } from '@synctrade/api/types';
import { readUserById } from '../../auth/users';
import { AppError } from '../../http/app-error';
import { receivedBody } from '../../http/payload-rules';
import { toProfile, updateProfile, USERNAME_TAKEN, usernameTaken } from '../../profile/profile-repo';

export const profileRoutes: FastifyPluginAsync = async (app) => {
  const options = { preHandler: app.authenticate, schema: { tags: ['profile'], security: [{ bearer: [] }] } };

  app.get('/auth/profile', options, async (request): Promise<Profile> => {
    const user = await readUserById(app.db, request.user.id);
    if (!user) throw AppError.unauthorized();
    return toProfile(user);
  });

  app.put<{ Body: ProfileUpdatePayload }>('/auth/profile', options, async (request): Promise<Profile> => {
    const input = request.body;
    // The shared schema defaults missing fields to '': only the fields actually sent are written.
    const body = receivedBody(request);
    const sent = (body !== null && typeof body === 'object' ? body : {}) as Record<string, unknown>;
    const only = <K extends keyof typeof input>(key: K) => (key in sent ? input[key] : undefined);
    const username = only('username');
    if (username !== undefined && (await usernameTaken(app.db, username, request.user.id)))
      throw AppError.conflict(USERNAME_TAKEN);
    const user = await updateProfile(app.db, request.user.id, {
      username,
      first_name: only('first_name'),
      last_name: only('last_name'),
      bio: only('bio'),
    });
    if (!user) throw AppError.unauthorized();
    return toProfile(user);
  });
};
