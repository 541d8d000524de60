import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { noticesRoutes } from './notices.routes.ts';
import { createNoticeService } from './notices.service.ts';
import { usersRoutes } from './users.routes.ts';
import { createUserService } from './users.service.ts';

/**
 * The signed-in user's own profile, practice, schedule and e-mail notice choices in their own
 * encapsulated context.
 */
export async function usersPlugin(
  app: FastifyInstance,
  { db, config }: { db: Db; config: Pick<Config, 'DIRECTORY_REVIEWERS'> },
) {
  usersRoutes(app, { users: createUserService({ db }), db, reviewers: config.DIRECTORY_REVIEWERS });
  noticesRoutes(app, { notices: createNoticeService({ db }) });
}
