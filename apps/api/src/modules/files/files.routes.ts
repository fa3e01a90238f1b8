import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse, fileBytes } from '@tc/shared';
import { notFound } from '../../lib/app-error';

const MIME: Record<string, string> = { webp: 'image/webp', avif: 'image/avif', png: 'image/png', jpg: 'image/jpeg' };

/** Public uploads (profile photos). ID documents live in the private area and are never served here. */
export const filesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/files/:key',
    {
      schema: {
        tags: ['ficheiros'],
        summary: 'Fotografia de perfil (pública)',
        params: z.object({ key: z.string().regex(/^[a-f0-9-]{36}\.(webp|avif|png|jpg)$/) }),
        response: { 200: fileBytes, 404: errorResponse },
      },
    },
    async (request, reply) => {
      const data = await app.ctx.storage.get('public', request.params.key);
      if (!data) throw notFound();
      const ext = request.params.key.split('.').pop()!;
      // Keys are random and never reused, so the bytes behind one never change.
      return reply.type(MIME[ext]!).header('cache-control', 'public, max-age=31536000, immutable').send(data);
    },
  );
};
