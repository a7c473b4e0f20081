/** The auth module's public face (ADR 025): other modules and the composition root import only this file. */
export { authRoutes } from './auth.routes';
export { createAuthService, PASSWORD_RESET_MAIL_JOB, type AuthService } from './auth.service';
export { createAuthRepository } from './auth.repository';
export { createSessionRepository } from './session.repository';
export { createRateLimiter, type RateLimiter, type RateRule } from './rate-limiter';
export { hashPassword, unusablePasswordHash } from './passwords';
export { approvedMail, deniedMail, registrationNoticeMail, type MailBrand } from './account-mail';
