import type { FastifyPluginAsync } from 'fastify';
import { passwordRoutes } from './password';
import { photoUploadRoutes } from './profile-photo';
import { profileRoutes } from './profile';
import { authRoutes } from './session';
import { twoFactorRoutes } from './two-factor';

/** `/auth/*`: sign-up and sessions, passwords, two-factor, the profile and its photo. */
export const authPrefix: FastifyPluginAsync = async (app) => {
  await app.register(authRoutes);
  await app.register(passwordRoutes);
  await app.register(twoFactorRoutes);
  await app.register(profileRoutes);
  await app.register(photoUploadRoutes);
};
