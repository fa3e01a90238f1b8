import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { adminSession, createTestApp, describeOnPostgres, openProject, projectPayload, registerAndLogin, type TestApp } from '../../test/harness';
import { clientes } from '../../db/schema';
import { grantCredits } from '../creditos/creditos.service';

/**
 * A choice and a completion read the project's applicants in the statement that locks the project.
 * An application that commits while they wait for that lock must still be seen: its professional is
 * told he was not chosen, or that the project closed (each test fails without the applications'
 * count check of escolha.service, `applicantsSeen`).
 */
let t: TestApp;
let admin: Awaited<ReturnType<typeof adminSession>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminSession(t.app);
});
afterAll(() => t.close());

type Session = Awaited<ReturnType<typeof registerAndLogin>>;
const give = (id: number, n: number) => t.db.transaction((tx) => grantCredits(tx, id, n, 'AJUSTE', { descricao: 'teste' }));
/** The bell's lines of one kind, as the professional reads them. */
const lines = async (s: Session, tipo: string) =>
  (
    (await t.app.inject({ method: 'GET', url: '/api/notificacoes?pageSize=50', headers: s.auth })).json().items as {
      tipo: string;
      titulo: string;
      corpo: string;
    }[]
  )
    .filter((n) => n.tipo === tipo)
    .map((n) => `${n.titulo}: ${n.corpo}`);
const TITULO = projectPayload().titulo;

describeOnPostgres('a choice or a completion while an application commits', () => {
  for (const what of ['choice', 'completion'] as const) {
    it(`${what}: the professional whose application commits while it waits for the project is told`, async () => {
      const c = await registerAndLogin(t.app, 'cliente', { nome: 'Cliente Corrida' });
      await t.db.update(clientes).set({ emailConfirmadoEm: new Date() }).where(eq(clientes.id, c.id));
      const id = await openProject(t.app, c, admin, 10);
      const first = await registerAndLogin(t.app, 'profissional');
      await give(first.id, 30);
      expect((await t.app.inject({ method: 'POST', url: '/api/creditos/usar', headers: first.auth, payload: { requestId: id } })).statusCode).toBe(201);
      const late = await registerAndLogin(t.app, 'profissional');
      await give(late.id, 30);

      let answer: Awaited<ReturnType<typeof t.app.inject>> | undefined;
      let waited = false;
      // An application written as applying writes it: the project's row locked by raising its count,
      // then the application; the choice (or completion) starts and waits for that row.
      await t.db.transaction(async (tx) => {
        await tx.execute(sql`update requests set candidaturas_n = candidaturas_n + 1 where id = ${id}`);
        await tx.execute(sql`
          insert into candidaturas (request_id, profissional_id, subscription_id, creditos)
          select ${id}, ${late.id}, s.id, 10 from subscriptions s where s.profissional_id = ${late.id}`);
        const request =
          what === 'choice'
            ? t.app.inject({ method: 'POST', url: `/api/requests/${id}/escolher`, headers: c.auth, payload: { profissionalId: first.id } })
            : t.app.inject({ method: 'PATCH', url: `/api/requests/${id}/concluir`, headers: c.auth, payload: { profissionalId: first.id } });
        void request.then((r) => (answer = r));
        for (let i = 0; i < 200 && !waited; i++) {
          const { rows } = await t.db.execute<{ n: number }>(
            sql`select count(*)::int n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query ~ '^\\s*with cur as'`,
          );
          waited = rows[0].n > 0;
          if (!waited) await new Promise((r) => setTimeout(r, 10));
        }
        expect(waited, `the ${what} waits for the project`).toBe(true);
        expect(answer).toBeUndefined();
      });
      for (let i = 0; i < 300 && !answer; i++) await new Promise((r) => setTimeout(r, 10));
      expect(answer?.statusCode, answer?.body).toBe(200);
      if (what === 'choice') {
        expect(await lines(late, 'nao_escolhido')).toEqual([`Outro profissional escolhido: O cliente de "${TITULO}" escolheu outro profissional.`]);
      } else {
        expect(await lines(late, 'projeto_fechado')).toEqual([`Projeto fechado: "${TITULO}" foi fechado ou removido.`]);
      }
      expect(await lines(first, 'escolhido')).toEqual([`Foi escolhido!: Cliente Corrida escolheu-o para "${TITULO}".`]);
    });
  }
});
