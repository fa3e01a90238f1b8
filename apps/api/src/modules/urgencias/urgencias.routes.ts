import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse, urgenciasDisponiveis, urgenciasDisponiveisQuery, urgenciasSettings } from '@tc/shared';
import { requireRole } from '../../plugins/auth';
import { lisbonHour } from '../notificacoes/schedule';
import { countUrgencias, getUrgencias, setUrgencias } from './urgencias.service';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };
const sec = [{ bearer: [] }];
const tags = ['urgências'];

/** The 24-hour emergency lane: who takes emergencies, when, and how many there are in a district. */
export const urgenciasRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock, searches } = app.ctx;

  app.get(
    '/profissional/urgencias',
    {
      onRequest: requireRole('profissional'),
      schema: { tags, security: sec, summary: 'As minhas urgências: se aceito e em que horário', response: { 200: urgenciasSettings, ...errors } },
    },
    async (request) => getUrgencias(db, request.user.id),
  );

  app.put(
    '/profissional/urgencias',
    {
      onRequest: requireRole('profissional'),
      schema: {
        tags,
        security: sec,
        summary: 'Aceitar urgências ("Urgente 24h") e em que horário (horas de Lisboa, 0–24 é o dia inteiro)',
        body: urgenciasSettings,
        response: { 200: urgenciasSettings, ...errors },
      },
    },
    async (request) => setUrgencias(db, request.user.id, request.body),
  );

  app.get(
    '/urgencias/disponiveis',
    {
      config: { sharedAnswer: true },
      schema: {
        tags,
        summary: 'Quantos profissionais do distrito (e da especialidade) aceitam urgências, e quantos estão de serviço agora',
        querystring: urgenciasDisponiveisQuery,
        response: { 200: urgenciasDisponiveis, ...errors },
      },
    },
    async (request) => {
      const { bairro, especialidade } = request.query;
      const now = clock.now();
      // The same for everyone for the hour: kept 15 s with the searches (5,800 professionals take
      // emergencies in Lisbon on the generated data), emptied on this instance by any write, so a
      // professional's own change shows at once.
      const key = `urgencias:${JSON.stringify([bairro, especialidade ?? null, lisbonHour(now)])}`;
      return searches.get(key, () => countUrgencias(db, bairro, especialidade, now));
    },
  );
};
