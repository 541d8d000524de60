import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { usersRoutes } from './users.routes.ts';
import { createUserService } from './users.service.ts';

/** The signed-in user's own profile, practice and schedule in their own encapsulated context. */
export async function usersPlugin(app: FastifyInstance, { db }: { db: Db }) {
  usersRoutes(app, { users: createUserService({ db }), db });
}
