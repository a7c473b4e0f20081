/** The users module's public face (ADR 025): other modules and the composition root import only this file. */
export { usersRoutes } from './users.routes';
export { createUsersService, NEW_USER_ROLES, type UsersService } from './users.service';
export { createUsersRepository } from './users.repository';
export { seedAccounts } from './accounts.seed';
