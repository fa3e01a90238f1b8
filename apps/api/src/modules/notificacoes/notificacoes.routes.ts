import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cancelarQuery,
  cancelarResponse,
  errorResponse,
  marcarLidasBody,
  marcarLidasResponse,
  notificacoesPage,
  NOTIFICATIONS_TEXTS,
  pageQuery,
  porLerResponse,
  preferenciasBody,
  preferenciasResponse,
} from '@tc/shared';
import { badRequest } from '../../lib/app-error';
import { requireRole } from '../../plugins/auth';
import { getPreferences, listNotifications, markRead, setPreferences, unreadCount, unsubscribe } from './notificacoes.service';
import { readUnsubscribeToken } from './unsubscribe';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse };
const tags = ['notificacoes'];
const security = [{ bearer: [] }];
const anyone = requireRole('cliente', 'profissional', 'admin');
const me = (u: { tipo: 'cliente' | 'profissional' | 'admin'; id: number }) => ({ tipo: u.tipo, id: u.id });

/** The bell (in-app notifications), the e-mail preferences and the one-click unsubscribe link. */
export const notificacoesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock, hashKey } = app.ctx;

  // Mail clients send the RFC 8058 one-click POST as a form ("List-Unsubscribe=One-Click"): the
  // token is in the address, the body says nothing more.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, _body, done) => done(null, undefined));

  app.get(
    '/notificacoes',
    {
      onRequest: anyone,
      schema: {
        tags,
        security,
        summary: 'As notificações de quem pede, mais recentes primeiro',
        querystring: pageQuery.omit({ q: true }),
        response: { 200: notificacoesPage, ...errors },
      },
    },
    async (request) => listNotifications(db, me(request.user), request.query.page, request.query.pageSize),
  );

  app.get(
    '/notificacoes/por-ler',
    {
      onRequest: anyone,
      schema: { tags, security, summary: 'Quantas notificações estão por ler (até 100)', response: { 200: porLerResponse, ...errors } },
    },
    async (request) => unreadCount(db, me(request.user)),
  );

  app.post(
    '/notificacoes/lidas',
    {
      onRequest: anyone,
      schema: {
        tags,
        security,
        summary: 'Marca como lidas as notificações indicadas (ids), ou todas',
        body: marcarLidasBody,
        response: { 200: marcarLidasResponse, ...errors },
      },
    },
    async (request) => markRead(db, me(request.user), request.body?.ids, clock.now()),
  );

  app.get(
    '/notificacoes/preferencias',
    {
      onRequest: anyone,
      schema: { tags, security, summary: 'Os e-mails que a pessoa recebe, por tipo', response: { 200: preferenciasResponse, ...errors } },
    },
    async (request) => getPreferences(db, me(request.user)),
  );

  app.put(
    '/notificacoes/preferencias',
    {
      onRequest: anyone,
      schema: {
        tags,
        security,
        summary: 'Escolhe os e-mails a receber (e, para profissionais, como chegam os novos projetos)',
        body: preferenciasBody,
        response: { 200: preferenciasResponse, ...errors },
      },
    },
    async (request) => setPreferences(db, me(request.user), request.body, clock.now()),
  );

  /**
   * The link at the foot of every e-mail: no session, the signed token says who and which kinds.
   * A browser is sent to the web page that confirms it; anything else gets JSON.
   */
  const cancel = async (token: string) => {
    const claim = readUnsubscribeToken(hashKey, token);
    if (!claim) throw badRequest('INVALID_TOKEN', NOTIFICATIONS_TEXTS.linkInvalido);
    return unsubscribe(db, claim, clock.now());
  };
  const wantsPage = (accept: string | undefined) => !!accept && accept.includes('text/html');
  app.get(
    '/notificacoes/cancelar',
    {
      schema: {
        tags,
        summary: 'Deixar de receber um tipo de e-mail (link assinado, sem sessão)',
        querystring: cancelarQuery,
        response: { 200: cancelarResponse, 400: errorResponse },
      },
    },
    async (request, reply) => {
      if (!wantsPage(request.headers.accept)) {
        const { tipos } = await cancel(request.query.t);
        return { tipos, message: NOTIFICATIONS_TEXTS.canceladaTitulo };
      }
      try {
        // The page names the kinds from their codes (never text taken from the address).
        const { kinds } = await cancel(request.query.t);
        return reply.header('cache-control', 'no-store').redirect(`/notificacoes/cancelada?tipos=${kinds.join(',')}`, 303);
      } catch {
        return reply.header('cache-control', 'no-store').redirect('/notificacoes/cancelada?erro=link', 303);
      }
    },
  );
  app.post(
    '/notificacoes/cancelar',
    {
      schema: {
        tags,
        summary: 'Cancelamento num clique (RFC 8058), pedido pelo cliente de e-mail',
        querystring: cancelarQuery,
        response: { 200: cancelarResponse, 400: errorResponse },
      },
    },
    async (request) => ({ tipos: (await cancel(request.query.t)).tipos, message: NOTIFICATIONS_TEXTS.canceladaTitulo }),
  );
};
