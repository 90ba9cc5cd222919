import type { FastifyPluginAsync } from 'fastify';
import type { Profile } from '@synctrade/api/types';
import { profileUpdateSchema } from '@synctrade/api/validation';
import { findUserById } from '../auth/users';
import { AppError } from '../http/app-error';
import { validateObject } from '../http/validate';
import { toProfile, updateProfile } from './profile-repo';

export const profileRoutes: FastifyPluginAsync = async (app) => {
  const options = { preHandler: app.authenticate, schema: { tags: ['profile'], security: [{ bearer: [] }] } };

  app.get('/auth/profile', options, async (request): Promise<Profile> => {
    const user = await findUserById(app.db, request.user.id);
    if (!user) throw AppError.unauthorized();
    return toProfile(user);
  });

  app.put('/auth/profile', options, async (request): Promise<Profile> => {
    const input = validateObject(profileUpdateSchema, request.body);
    const user = await updateProfile(app.db, request.user.id, input);
    if (!user) throw AppError.unauthorized();
    return toProfile(user);
  });
};
