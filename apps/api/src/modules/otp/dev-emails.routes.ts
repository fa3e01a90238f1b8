import type { FastifyPluginAsync } from 'fastify';
import { formatDateTime, htmlPage, PRODUCT_NAME } from '@tc/shared';
import { isDemo } from '../../config/env';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Without SMTP, e-mails go to a local outbox; this page lists them so the demo's password recovery
 * can be followed. It does not exist once SMTP_URL is set.
 */
export const devEmailsRoutes: FastifyPluginAsync = async (app) => {
  const mailer = app.ctx.mailer;
  // It shows recovery codes to anyone who can reach it: demo mode only, never on a real deployment.
  if (!isDemo(app.ctx.env) || mailer.kind !== 'outbox' || !('list' in mailer)) return;
  const list = (mailer as unknown as { list(): Promise<{ to: string; subject: string; text: string; sentAt: string }[]> }).list;
  app.get('/dev/emails', { schema: { hide: true, response: { 200: htmlPage } } }, async (_request, reply) => {
    const mails = await list();
    const items = mails
      .map(
        (m) =>
          `<article><h2>${esc(m.subject)}</h2><p><b>Para:</b> ${esc(m.to)} · <time>${esc(formatDateTime(m.sentAt))}</time></p><pre>${esc(m.text)}</pre></article>`,
      )
      .join('');
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store')
      .send(`<!doctype html><html lang="pt-PT"><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Caixa de saída (demonstração) · ${PRODUCT_NAME}</title>
<style>body{font-family:system-ui,sans-serif;max-width:760px;margin:32px auto;padding:0 16px;color:#0f172a}article{border:1px solid #e2e8f0;border-radius:12px;padding:16px;margin:16px 0}pre{white-space:pre-wrap;font:inherit}h1{color:#172554}.note{background:#fef3c7;padding:12px;border-radius:8px}</style>
<h1>Caixa de saída local</h1><p class="note">Sem SMTP configurado (SMTP_URL), os e-mails não saem do servidor: ficam aqui. Últimos 50.</p>${items || '<p>Ainda não foi enviado nenhum e-mail.</p>'}</html>`);
  });
};
