import type { FastifyContextConfig } from 'fastify';

/** Per-IP limit for one route (shared through Redis when REDIS_URL is set); off in API tests. */
export const routeLimit = (enabled: boolean, max: number, timeWindow: string): FastifyContextConfig =>
  (enabled ? { rateLimit: { max, timeWindow } } : {}) as FastifyContextConfig;
