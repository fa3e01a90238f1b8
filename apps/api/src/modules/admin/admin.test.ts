import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import {
  adminSession,
  completeWith,
  createTestApp,
  openProject,
  projectPayload,
  registerAndLogin,
  TEST_DB,
  watchStatements,
  type TestApp,
} from '../../test/harness';
import { jpegWithGps, multipart, pngBytes } from '../../test/images';
import { grantCredits } from '../creditos/creditos.service';

let t: TestApp;
let skew = 0;
let admin: Awaited<ReturnType<typeof adminSession>>;
beforeAll(async () => {
  // Real time, moved forward where a test needs the short caches to expire.
  t = await createTestApp({ clock: { now: () => new Date(Date.now() + skew) } });
  admin = await adminSession(t.app);
});
afterAll(() => t.close());

const give = (id: number, n: number) => t.db.transaction((tx) => grantCredits(tx, id, n, 'AJUSTE', { descricao: 'teste' }));
const balance = async (p: { id: number; auth: Record<string, string> }) =>
  (await t.app.inject({ method: 'GET', url: `/api/subscriptions/credito/${p.id}`, headers: p.auth })).json().creditosRestantes as number;

const ADMIN_ROUTES: [string, string, unknown?][] = [
  ['GET', '/api/admin/stats'],
  ['GET', '/api/requests/all'],
  ['GET', '/api/requests/total'],
  ['GET', '/api/cliente/total'],
  ['GET', '/api/profissional/total'],
  ['GET', '/api/subscriptions/valorPagoTotal'],
  ['PATCH', '/api/requests/1/aprovar'],
  ['PUT', '/api/requests/atualiza-creditos/1', { creditos: 5 }],
  ['DELETE', '/api/requests/delete/1'],
  ['GET', '/api/review/all'],
  ['PUT', '/api/review/accept/1'],
  ['PUT', '/api/review/deny/1'],
  ['DELETE', '/api/review/delete/1'],
  ['GET', '/api/cliente/see-all'],
  ['GET', '/api/admin/profissionais'],
  ['GET', '/api/admin/profissionais/1/documentos/frente'],
  ['POST', '/api/admin/profissionais/1/verificacao', { decisao: 'VERIFICADO' }],
  ['GET', '/api/admin/pagamentos'],
  ['GET', '/api/admin/audit'],
  ['GET', '/api/admin/leads-reportados'],
  ['PATCH', '/api/admin/leads-reportados/1/reembolsar'],
  ['PATCH', '/api/admin/leads-reportados/1/recusar'],
];

describe('admin routes are for admins only', () => {
  it.each(ADMIN_ROUTES)('%s %s refuses anonymous (401), clients and professionals (403)', async (method, url, payload) => {
    const c = await registerAndLogin(t.app, 'cliente');
    const p = await registerAndLogin(t.app, 'profissional');
    const call = (headers: Record<string, string>) => t.app.inject({ method: method as 'GET', url, headers, payload: payload as object });
    expect((await call({})).statusCode).toBe(401);
    expect((await call(c.auth)).statusCode).toBe(403);
    expect((await call(p.auth)).statusCode).toBe(403);
  });
});

describe('projects moderation', () => {
  it('approves only ESPERA, sets credits only while ABERTO (answer creditos and status), refuses 0 or less', async () => {
    const c = await registerAndLogin(t.app, 'cliente');
    const id = (await t.app.inject({ method: 'POST', url: '/api/requests/create', headers: c.auth, payload: projectPayload() })).json().id;
    const early = await t.app.inject({ method: 'PUT', url: `/api/requests/atualiza-creditos/${id}`, headers: admin.auth, payload: { creditos: 5 } });
    expect(early.statusCode).toBe(409);
    expect((await t.app.inject({ method: 'PATCH', url: `/api/requests/${id}/aprovar`, headers: admin.auth })).json()).toMatchObject({ status: 'ABERTO' });
    expect((await t.app.inject({ method: 'PATCH', url: `/api/requests/${id}/aprovar`, headers: admin.auth })).statusCode).toBe(409);
    const zero = await t.app.inject({ method: 'PUT', url: `/api/requests/atualiza-creditos/${id}`, headers: admin.auth, payload: { creditos: 0 } });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().message).toBe('Insira um valor válido de créditos.');
    const ok = await t.app.inject({ method: 'PUT', url: `/api/requests/atualiza-creditos/${id}`, headers: admin.auth, payload: { creditos: 7 } });
    expect(ok.json()).toEqual({ creditos: 7, status: 'ABERTO' });

    const list = await t.app.inject({ method: 'GET', url: '/api/requests/all?status=ABERTO&q=quadro', headers: admin.auth });
    expect(list.json().items.map((r: { id: number }) => r.id)).toContain(id);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/requests/all?status=ESPERA', headers: admin.auth })).json().items.map((r: { id: number }) => r.id),
    ).not.toContain(id);
    expect((await t.app.inject({ method: 'GET', url: '/api/requests/all?status=TODOS', headers: admin.auth })).json().items.length).toBeGreaterThan(0);
  });

  it('deleting a project refunds every professional who paid for it, in the same transaction', async () => {
    const c = await registerAndLogin(t.app, 'cliente');
    const [p1, p2] = [await registerAndLogin(t.app, 'profissional'), await registerAndLogin(t.app, 'profissional')];
    await give(p1.id, 30);
    await give(p2.id, 30);
    const id = await openProject(t.app, c, admin, 12);
    for (const p of [p1, p2]) await t.app.inject({ method: 'POST', url: '/api/creditos/usar', headers: p.auth, payload: { requestId: id } });
    expect([await balance(p1), await balance(p2)]).toEqual([18, 18]);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/requests/delete/${id}`, headers: admin.auth });
    expect(del.statusCode).toBe(200);
    expect(del.json().reembolsos).toHaveLength(2);
    expect([await balance(p1), await balance(p2)]).toEqual([30, 30]);
    const hist = (await t.app.inject({ method: 'GET', url: `/api/creditos/historico/${p1.id}`, headers: p1.auth })).json();
    expect(hist.items[0]).toMatchObject({ tipo: 'REEMBOLSO', delta: 12, saldoApos: 30 });
    expect((await t.app.inject({ method: 'GET', url: `/api/requests/${id}`, headers: c.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/requests/delete/${id}`, headers: admin.auth })).statusCode).toBe(404);
  });
});

describe('reviews moderation', () => {
  it('approves or rejects only pending reviews and recomputes the average from approved ones', async () => {
    const c1 = await registerAndLogin(t.app, 'cliente', { nome: 'Cliente Um' });
    const c2 = await registerAndLogin(t.app, 'cliente', { nome: 'Cliente Dois' });
    const p = await registerAndLogin(t.app, 'profissional');
    await give(p.id, 100);
    const ids: number[] = [];
    for (const [c, nota] of [
      [c1, 5],
      [c2, 2],
    ] as const) {
      const rid = await openProject(t.app, c, admin, 5);
      await t.app.inject({ method: 'POST', url: '/api/creditos/usar', headers: p.auth, payload: { requestId: rid } });
      // Only the professional the client chose for a completed project can be reviewed.
      await completeWith(t.app, c, rid, p.id);
      ids.push(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/review/create',
            headers: c.auth,
            payload: { profissionalId: p.id, nota, comentario: `Nota ${nota}` },
          })
        ).json().id,
      );
    }
    const rating = async () => (await t.app.inject({ method: 'GET', url: `/api/profissional/${p.id}`, headers: c1.auth })).json().notaMedia;
    expect(await rating()).toBeNull();
    const accepted = await t.app.inject({ method: 'PUT', url: `/api/review/accept/${ids[0]}`, headers: admin.auth });
    expect(accepted.json()).toMatchObject({ status: 'APROVADO', notaMedia: 5 });
    const denied = await t.app.inject({ method: 'PUT', url: `/api/review/deny/${ids[1]}`, headers: admin.auth });
    expect(denied.json()).toMatchObject({ status: 'NEGADO', notaMedia: 5 });
    expect((await t.app.inject({ method: 'PUT', url: `/api/review/accept/${ids[1]}`, headers: admin.auth })).statusCode).toBe(409);
    expect(await rating()).toBe(5);
    const filtered = await t.app.inject({ method: 'GET', url: '/api/review/all?status=NEGADO&q=cliente%20dois', headers: admin.auth });
    expect(filtered.json().items.map((r: { id: number }) => r.id)).toEqual([ids[1]]);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/review/delete/${ids[0]}`, headers: admin.auth })).statusCode).toBe(200);
    expect(await rating()).toBeNull();
  });
});

type Account = { id: number; auth: Record<string, string> };
/** A pending review by `c` of `p` (who has credits), after a project of `c`'s that `p` applied to and completed. */
async function pendingReview(p: Account, c: Account, nota: number, comentario: string): Promise<number> {
  const rid = await openProject(t.app, c, admin, 5);
  expect((await t.app.inject({ method: 'POST', url: '/api/creditos/usar', headers: p.auth, payload: { requestId: rid } })).statusCode).toBe(201);
  await completeWith(t.app, c, rid, p.id);
  const review = await t.app.inject({ method: 'POST', url: '/api/review/create', headers: c.auth, payload: { profissionalId: p.id, nota, comentario } });
  expect(review.statusCode).toBe(201);
  return review.json().id as number;
}

describe(`reviews moderation at once (${TEST_DB})`, () => {
  it("approving a professional's reviews at once counts each once, with one audit line and one message each", async () => {
    // On PostgreSQL the approvals run at once. Each locks the professional's row before its average
    // is recomputed, so the recompute sees every approval committed before it (without the lock, one
    // approval's recompute missed the other's review: 3 reviews counted of 4).
    const p = await registerAndLogin(t.app, 'profissional', { nome: 'Paulo Concorrido' });
    await give(p.id, 100);
    const notas = [5, 4, 3, 5];
    const clients: { auth: Record<string, string> }[] = [];
    const ids: number[] = [];
    for (const [i, nota] of notas.entries()) {
      const c = await registerAndLogin(t.app, 'cliente', { nome: `Cliente Concorrente ${i}` });
      ids.push(await pendingReview(p, c, nota, `Nota ${nota} de ${i}`));
      clients.push(c);
    }
    // Every review approved twice at once, and all of them at once.
    const accept = (id: number) => t.app.inject({ method: 'PUT', url: `/api/review/accept/${id}`, headers: admin.auth });
    const answers = await Promise.all(ids.flatMap((id) => [accept(id), accept(id)]));
    for (let i = 0; i < ids.length; i++) {
      const pair = [answers[2 * i]!, answers[2 * i + 1]!];
      expect(pair.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      expect(pair.find((a) => a.statusCode === 409)!.json()).toEqual({
        code: 'INVALID_STATUS',
        message: 'Só uma review pendente pode ser aprovada ou reprovada.',
      });
    }
    const { rows } = await t.db.execute<{ n: number; media: number; audit: number; mails: number }>(sql`
      select total_avaliacoes as n, nota_media::float8 as media,
        (select count(*)::int from audit_log where acao = 'REVIEW_APROVADA' and alvo_id = any(${`{${ids.join(',')}}`}::int[])) as audit,
        (select count(*)::int from email_outbox where chave like 'avaliacao_%' and chave = any(${`{${ids.flatMap((id) => [`avaliacao_aprovada:v${id}`, `avaliacao_publicada:v${id}`]).join(',')}}`}::text[])) as mails
      from profissionais where id = ${p.id}`);
    expect(rows[0]).toEqual({ n: 4, media: 4.25, audit: 4, mails: 8 });
    // What each reads in the bell: the professional, one line per review; each client, his own.
    const bell = async (auth: Record<string, string>, titulo: string) =>
      ((await t.app.inject({ method: 'GET', url: '/api/notificacoes?pageSize=50', headers: auth })).json().items as { titulo: string; corpo: string }[]).filter(
        (n) => n.titulo === titulo,
      );
    const proLines = await bell(p.auth, 'Nova avaliação publicada');
    expect(proLines.map((n) => n.corpo).sort()).toEqual(notas.map((nota, i) => `Cliente Concorrente ${i} deu-lhe ${nota} de 5.`).sort());
    for (const c of clients)
      expect((await bell(c.auth, 'Avaliação publicada')).map((n) => n.corpo)).toEqual(['A sua avaliação de Paulo Concorrido já está pública.']);
    // The answer of the approval that counted last says the average of all four.
    const last = answers.filter((a) => a.statusCode === 200).map((a) => a.json().notaMedia as number);
    expect(last).toContain(4.25);
  });
});

describe.runIf(TEST_DB === 'postgres')('a review approved in one round trip', () => {
  it('writes BEGIN, the decision, the recompute and COMMIT before the first answer, and answers the new average', async () => {
    const p = await registerAndLogin(t.app, 'profissional', { nome: 'Paulo Numa Viagem' });
    await give(p.id, 20);
    const c = await registerAndLogin(t.app, 'cliente', { nome: 'Cliente Numa Viagem' });
    const id = await pendingReview(p, c, 4, 'Rápido e limpo.');
    const watch = watchStatements();
    let res;
    try {
      res = await t.app.inject({ method: 'PUT', url: `/api/review/accept/${id}`, headers: admin.auth });
    } finally {
      watch.restore();
    }
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'APROVADO', profissionalId: p.id, notaMedia: 4 });
    const begin = watch.events.indexOf('sent begin');
    expect(begin).toBeGreaterThanOrEqual(0);
    const trip = watch.events.slice(begin, begin + 4);
    expect(trip[1]).toMatch(/^sent\s+with cur as \(\s+select v\.id, v\.status, v\.profissional_id from reviews v/);
    expect(trip[2]).toMatch(/^sent\s+with alvo as \(select v\.profissional_id as id from reviews v/);
    expect(trip[3]).toBe('sent commit');
    expect(watch.events.slice(begin + 4)).toEqual([
      'answered begin',
      expect.stringMatching(/^answered/),
      expect.stringMatching(/^answered/),
      'answered commit',
    ]);
    // ...and the professional's row says so.
    const { rows } = await t.db.execute<{ n: number; media: number }>(
      sql`select total_avaliacoes as n, nota_media::float8 as media from profissionais where id = ${p.id}`,
    );
    expect(rows[0]).toEqual({ n: 1, media: 4 });
  });
});

describe("the back office's searches by a client's name", () => {
  const ids = (res: { json(): { items: { id: number }[] } }) => res.json().items.map((r) => r.id);
  const search = async (what: 'requests' | 'review', q: string) =>
    ids(await t.app.inject({ method: 'GET', url: `/api/${what}/all?q=${encodeURIComponent(q)}`, headers: admin.auth }));

  /** A client's project done by a professional and reviewed: the rows the searches should find. */
  const reviewedProject = async (cliente: { nome: string; email?: string }, profissional: { nome?: string }, comentario: string) => {
    const c = await registerAndLogin(t.app, 'cliente', cliente);
    const p = await registerAndLogin(t.app, 'profissional', profissional);
    await give(p.id, 100);
    const rid = await openProject(t.app, c, admin, 5);
    await t.app.inject({ method: 'POST', url: '/api/creditos/usar', headers: p.auth, payload: { requestId: rid } });
    await completeWith(t.app, c, rid, p.id);
    const review = await t.app.inject({ method: 'POST', url: '/api/review/create', headers: c.auth, payload: { profissionalId: p.id, nota: 4, comentario } });
    return { c, p, rid, reviewId: review.json().id as number };
  };

  it('find the projects and reviews of a client by any part of the name, accents aside, and follow a change of name', async () => {
    const { c, rid, reviewId } = await reviewedProject({ nome: 'Graça Assunção Brandão' }, {}, 'Trabalho limpo e rápido');
    const other = await registerAndLogin(t.app, 'cliente', { nome: 'Rui Matos' });
    const otherRid = await openProject(t.app, other, admin, 5);

    expect(await search('requests', 'assuncao')).toEqual([rid]);
    expect(await search('requests', 'GRAÇA ASS')).toEqual([rid]);
    expect(await search('review', 'brandao')).toEqual([reviewId]);
    // The comment and the project's own text are still searched.
    expect(await search('review', 'limpo e rápido')).toContain(reviewId);
    expect(await search('requests', 'rui matos')).toEqual([otherRid]);

    const form = multipart({ id: String(c.id), nome: 'Graça Vilaverde', email: c.email });
    const renamed = await t.app.inject({ method: 'PUT', url: '/api/cliente/edit-profile', headers: { ...c.auth, ...form.headers }, payload: form.payload });
    expect(renamed.statusCode).toBe(200);
    expect(await search('requests', 'assuncao')).toEqual([]);
    expect(await search('review', 'brandao')).toEqual([]);
    expect(await search('requests', 'vilaverde')).toEqual([rid]);
    expect(await search('review', 'vilaverde')).toEqual([reviewId]);
  });

  it("keep a project's and a review's search text apart from their rows: applying, choosing, completing and deciding leave it unwritten (migration 0033)", async () => {
    // xmin: the transaction that wrote the row's current version. Writing the text again would also
    // put every trigram of it in the GIN again, which is what the text's own table is for.
    const written = async (table: 'requests_busca' | 'reviews_busca', key: 'request_id' | 'review_id', id: number) =>
      ((await t.db.execute(sql`select xmin::text as x, texto from ${sql.identifier(table)} where ${sql.identifier(key)} = ${id}`)).rows[0] as
        { x: string; texto: string } | undefined) ?? null;
    const c = await registerAndLogin(t.app, 'cliente', { nome: 'Leonor Quintanilha' });
    const p = await registerAndLogin(t.app, 'profissional', {});
    await give(p.id, 100);
    const rid = await openProject(t.app, c, admin, 5);
    const before = await written('requests_busca', 'request_id', rid);
    expect(before?.texto).toContain('quintanilha');
    expect((await t.app.inject({ method: 'POST', url: '/api/creditos/usar', headers: p.auth, payload: { requestId: rid } })).statusCode).toBe(201);
    expect((await t.app.inject({ method: 'POST', url: `/api/requests/${rid}/escolher`, headers: c.auth, payload: { profissionalId: p.id } })).statusCode).toBe(
      200,
    );
    await completeWith(t.app, c, rid, p.id);
    expect(await written('requests_busca', 'request_id', rid)).toEqual(before);
    expect(await search('requests', 'quintanilha')).toEqual([rid]);

    const review = await t.app.inject({
      method: 'POST',
      url: '/api/review/create',
      headers: c.auth,
      payload: { profissionalId: p.id, nota: 5, comentario: 'Impecável' },
    });
    const reviewId = review.json().id as number;
    const pending = await written('reviews_busca', 'review_id', reviewId);
    expect(pending?.texto).toBe('impecavel leonor quintanilha');
    expect((await t.app.inject({ method: 'PUT', url: `/api/review/accept/${reviewId}`, headers: admin.auth })).statusCode).toBe(200);
    expect(await written('reviews_busca', 'review_id', reviewId)).toEqual(pending);
    expect(await search('review', 'impecavel quintanilha')).toEqual([reviewId]);
  });

  it('find each word of a search on its own, in any order (projects, reviews, clients, professionals)', async () => {
    const { c, p, rid, reviewId } = await reviewedProject(
      { nome: 'Olívia Serafim Quaresma', email: 'oq.palavras@exemplo.pt' },
      { nome: 'Teodoro Vasques Lameirinho' },
      'Pontual e muito cuidadoso',
    );
    const list = async (url: string, q: string) => ids(await t.app.inject({ method: 'GET', url: `${url}?q=${encodeURIComponent(q)}`, headers: admin.auth }));

    // Not next to each other ("Serafim" between), reversed, and across the title, the city and the name.
    expect(await search('requests', 'olivia quaresma')).toEqual([rid]);
    expect(await search('requests', 'Quaresma, Olívia')).toEqual([rid]);
    expect(await search('requests', 'quadro quaresma lisboa')).toEqual([rid]);
    expect(await search('review', 'cuidadoso quaresma')).toEqual([reviewId]);
    expect(await list('/api/cliente/see-all', 'quaresma olivia')).toEqual([c.id]);
    expect(await list('/api/admin/profissionais', 'lameirinho teodoro')).toEqual([p.id]);
    // Every word must be found: one that is not leaves nothing.
    expect(await search('requests', 'olivia quaresma canalizacao')).toEqual([]);
    expect(await search('review', 'cuidadoso atrasado')).toEqual([]);
    expect(await list('/api/cliente/see-all', 'quaresma zuleica')).toEqual([]);
    expect(await list('/api/admin/profissionais', 'lameirinho ana')).toEqual([]);
    // A short word is the start of a word, as in a one-word search.
    expect(await list('/api/admin/profissionais', 'la teo')).toEqual([p.id]);
    expect(await list('/api/admin/profissionais', 'eiri teo')).toEqual([p.id]);
    expect(await list('/api/admin/profissionais', 'ei teo')).toEqual([]);
  });
});

describe('professionals: documents and verification', () => {
  it('serves ID images only to admins, logs every view, and deletes them once verified', async () => {
    const p = await registerAndLogin(t.app, 'profissional', { nome: 'Verificável' });
    const form = multipart({ id: String(p.id), telefone: '+351916000222', consentimento: 'true', 'especialidades[]': ['falta-energia'] }, [
      { field: 'fotoPerfil', filename: 'f.jpg', type: 'image/jpeg', data: await jpegWithGps() },
      { field: 'ccFrente', filename: 'a.jpg', type: 'image/jpeg', data: await jpegWithGps() },
      { field: 'ccVerso', filename: 'b.png', type: 'image/png', data: await pngBytes() },
    ]);
    expect(
      (await t.app.inject({ method: 'PUT', url: '/api/profissional/complete-profile', headers: { ...p.auth, ...form.headers }, payload: form.payload }))
        .statusCode,
    ).toBe(200);
    const listed = (await t.app.inject({ method: 'GET', url: '/api/admin/profissionais?q=verificavel', headers: admin.auth })).json();
    expect(listed.items[0]).toMatchObject({ id: p.id, email: p.email, telefone: '+351916000222', verificacao: 'PENDENTE', temFrente: true, temVerso: true });

    const front = await t.app.inject({ method: 'GET', url: `/api/admin/profissionais/${p.id}/documentos/frente`, headers: admin.auth });
    expect(front.statusCode).toBe(200);
    expect(front.headers['content-type']).toBe('image/webp');
    expect(front.headers['cache-control']).toContain('no-store');
    const audit = (await t.app.inject({ method: 'GET', url: '/api/admin/audit', headers: admin.auth })).json();
    expect(audit.items[0]).toMatchObject({ acao: 'DOCUMENTO_VISTO', alvoId: p.id, actorId: admin.id, detalhes: { lado: 'frente' } });
    // The professional itself cannot fetch them through the admin route.
    expect((await t.app.inject({ method: 'GET', url: `/api/admin/profissionais/${p.id}/documentos/frente`, headers: p.auth })).statusCode).toBe(403);

    const privateDir = join(t.dataDir, 'uploads', 'private');
    const before = readdirSync(privateDir).length;
    const verified = await t.app.inject({
      method: 'POST',
      url: `/api/admin/profissionais/${p.id}/verificacao`,
      headers: admin.auth,
      payload: { decisao: 'VERIFICADO' },
    });
    expect(verified.json()).toMatchObject({ verificacao: 'VERIFICADO' });
    expect(readdirSync(privateDir).length).toBe(before - 2);
    const gone = await t.app.inject({ method: 'GET', url: `/api/admin/profissionais/${p.id}/documentos/verso`, headers: admin.auth });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe('Foto verso não disponível.');
    const c = await registerAndLogin(t.app, 'cliente');
    expect((await t.app.inject({ method: 'GET', url: `/api/profissional/${p.id}`, headers: c.auth })).json().verificado).toBe(true);
    const after = (await t.app.inject({ method: 'GET', url: '/api/admin/profissionais?q=verificavel', headers: admin.auth })).json().items[0];
    expect(after).toMatchObject({ verificacao: 'VERIFICADO', temFrente: false, temVerso: false, verificadoPorNome: 'Admin Teste' });
    expect(existsSync(privateDir)).toBe(true);
  });
});

describe('figures', () => {
  it('Valor Recebido counts paid payments; Valor Total adds pending ones; the lists behind them match', async () => {
    const p = await registerAndLogin(t.app, 'profissional');
    const before = (await t.app.inject({ method: 'GET', url: '/api/admin/stats', headers: admin.auth })).json();
    const paid = (await t.app.inject({ method: 'POST', url: '/api/stripe/checkout', headers: p.auth, payload: { pacote: 'Elite' } })).json();
    await t.app.inject({ method: 'POST', url: `/api/pagamentos/demo/${paid.pagamentoId}/confirmar`, headers: p.auth });
    await t.app.inject({ method: 'POST', url: '/api/stripe/checkout', headers: p.auth, payload: { pacote: 'Poupança', metodo: 'multibanco' } });
    const cancelled = (await t.app.inject({ method: 'POST', url: '/api/stripe/checkout', headers: p.auth, payload: { pacote: 'Básico' } })).json();
    await t.app.inject({ method: 'POST', url: `/api/pagamentos/demo/${cancelled.pagamentoId}/cancelar`, headers: p.auth });
    const after = (await t.app.inject({ method: 'GET', url: '/api/admin/stats', headers: admin.auth })).json();
    expect(after.valorRecebido - before.valorRecebido).toBe(120);
    expect(after.valorTotal - before.valorTotal).toBe(180);
    // The charts are whole-table reads, kept 30 s even across writes: this month shows once the view
    // that finds them older has them recomputed (in the background: that view still gets the old ones).
    skew += 31_000;
    const received = (s: { receitaPorMes: { recebido: number }[] }) => s.receitaPorMes.reduce((sum, m) => sum + m.recebido, 0);
    expect(received((await t.app.inject({ method: 'GET', url: '/api/admin/stats', headers: admin.auth })).json())).toBeCloseTo(received(before), 2);
    const later = await vi.waitFor(
      async () => {
        const s = (await t.app.inject({ method: 'GET', url: '/api/admin/stats', headers: admin.auth })).json();
        expect(received(s)).toBeCloseTo(s.valorRecebido, 2);
        return s;
      },
      { timeout: 5000 },
    );
    expect(later.receitaPorMes.length).toBeGreaterThan(0);
    expect(after.projetosPorSemana.every((w: { semana: string }) => /^\d{4}-\d{2}-\d{2}$/.test(w.semana))).toBe(true);
    const recebido = (await t.app.inject({ method: 'GET', url: '/api/admin/pagamentos?tipo=recebido&plano=elite', headers: admin.auth })).json();
    expect(recebido.items.every((x: { estado: string }) => x.estado === 'PAGO')).toBe(true);
    const total = (await t.app.inject({ method: 'GET', url: '/api/admin/pagamentos?tipo=total', headers: admin.auth })).json();
    expect(total.somaEuros).toBe(after.valorTotal);
    const { rows } = await t.db.execute<{ n: number }>(sql`select count(*)::int n from audit_log where acao = 'PROJETO_APROVADO'`);
    expect(rows[0].n).toBeGreaterThan(0);
  });

  it("a month filter follows Lisbon's calendar: 23:30 UTC on 30 June is July (summer time), on 31 October still October", async () => {
    const p = await registerAndLogin(t.app, 'profissional');
    const pay = async () => {
      const { pagamentoId } = (await t.app.inject({ method: 'POST', url: '/api/stripe/checkout', headers: p.auth, payload: { pacote: 'Elite' } })).json();
      await t.app.inject({ method: 'POST', url: `/api/pagamentos/demo/${pagamentoId}/confirmar`, headers: p.auth });
      return pagamentoId as number;
    };
    const june30 = await pay();
    const oct31 = await pay();
    await t.db.execute(sql`update payments set criado_em = '2026-06-30T23:30:00Z' where id = ${june30}`);
    await t.db.execute(sql`update payments set criado_em = '2026-10-31T23:30:00Z' where id = ${oct31}`);
    const ids = async (mes: string) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/admin/pagamentos?tipo=recebido&plano=elite&mes=${mes}`, headers: admin.auth });
      expect(res.statusCode).toBe(200);
      return (res.json().items as { id: number }[]).map((x) => x.id);
    };
    expect(await ids('2026-07')).toContain(june30);
    expect(await ids('2026-06')).not.toContain(june30);
    expect(await ids('2026-10')).toContain(oct31);
    expect(await ids('2026-11')).not.toContain(oct31);
    for (const bad of ['2026-13', '2026-00', '0000-01', '2026-1']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/admin/pagamentos?mes=${bad}`, headers: admin.auth });
      expect(res.statusCode, bad).toBe(400);
      expect(JSON.stringify(res.json()), bad).toContain('Mês inválido: use o formato AAAA-MM.');
    }
  });

  it('figures come from a 30 s cache; a write on this instance empties the totals, money and queues, not the charts, recomputed in the background once 30 s old', async () => {
    const stats = async () => (await t.app.inject({ method: 'GET', url: '/api/admin/stats', headers: admin.auth })).json();
    const week = (s: { projetosPorSemana: { total: number }[] }) => s.projetosPorSemana.reduce((n, w) => n + w.total, 0);
    const c = await registerAndLogin(t.app, 'cliente');
    const pending = (await stats()).pendentes.projetos;
    // A row written behind the API's back (another instance, say) shows once the cache expires...
    await t.db.execute(sql`insert into requests (titulo, descricao, cidade, bairro, especialidade, contato, cliente_id)
      values ('Por trás', 'x', 'Porto', 'Porto', 'desentupimentos', '912345678', ${c.id})`);
    const cached = await stats();
    expect(cached.pendentes.projetos).toBe(pending);
    skew += 31_000;
    const expired = await stats();
    expect(expired.pendentes.projetos).toBe(pending + 1);
    // ...in the charts too: the view that finds them 30 s old gets them at once, as they were, and has
    // them recomputed in the background; the views after that get the new ones.
    expect(week(expired)).toBe(week(cached));
    const recomputed = await vi.waitFor(
      async () => {
        const s = await stats();
        expect(week(s)).toBe(week(cached) + 1);
        return s;
      },
      { timeout: 5000 },
    );
    // ...and a write through this instance shows at once in the queues an admin works through...
    await t.app.inject({ method: 'POST', url: '/api/requests/create', headers: c.auth, payload: projectPayload() });
    const written = await stats();
    expect(written.pendentes.projetos).toBe(pending + 2);
    // ...and so do the totals...
    expect(written.projetos).toBe(expired.projetos + 1);
    expect((await t.app.inject({ method: 'GET', url: '/api/requests/total', headers: admin.auth })).json()).toBe(expired.projetos + 1);
    // ...while the charts (a pass over whole tables) keep their 30 s: writes do not empty them.
    expect(week(written)).toBe(week(recomputed));
    skew += 31_000;
    expect(week(await stats())).toBe(week(recomputed));
    await vi.waitFor(async () => expect(week(await stats())).toBe(week(recomputed) + 1), { timeout: 5000 });
  });

  it('lists clients with search by name or e-mail, with their number of projects', async () => {
    const zelia = await registerAndLogin(t.app, 'cliente', { nome: 'Zélia Procurada', email: 'zp.unica@exemplo.pt' });
    for (let i = 0; i < 3; i++) await t.app.inject({ method: 'POST', url: '/api/requests/create', headers: zelia.auth, payload: projectPayload() });
    const res = (await t.app.inject({ method: 'GET', url: '/api/cliente/see-all?q=zelia', headers: admin.auth })).json();
    expect(res.items.map((c: { nome: string }) => c.nome)).toEqual(['Zélia Procurada']);
    expect(res.items[0].projetos).toBe(3);
    const byEmail = (await t.app.inject({ method: 'GET', url: '/api/cliente/see-all?q=ZP.UNICA', headers: admin.auth })).json();
    expect(byEmail.items.map((c: { id: number }) => c.id)).toEqual([zelia.id]);
    expect(res.items[0]).toHaveProperty('email');
    expect(res.items[0]).toHaveProperty('criadoEm');
  });
});

describe('reviews outlive deleted projects', () => {
  it('deleting a project keeps its approved review and the average; a deleted client takes its reviews and the average is recomputed', async () => {
    const c = await registerAndLogin(t.app, 'cliente');
    const p = await registerAndLogin(t.app, 'profissional');
    await give(p.id, 20);
    const id = await openProject(t.app, c, admin, 5);
    await t.app.inject({ method: 'POST', url: '/api/creditos/usar', headers: p.auth, payload: { requestId: id } });
    await completeWith(t.app, c, id, p.id);
    const rid = (
      await t.app.inject({ method: 'POST', url: '/api/review/create', headers: c.auth, payload: { profissionalId: p.id, nota: 4, comentario: 'Bom' } })
    ).json().id;
    await t.app.inject({ method: 'PUT', url: `/api/review/accept/${rid}`, headers: admin.auth });
    await t.app.inject({ method: 'DELETE', url: `/api/requests/delete/${id}`, headers: admin.auth });
    const rating = async () => (await t.app.inject({ method: 'GET', url: `/api/review/profissional/${p.id}` })).json();
    expect((await rating()).items.map((r: { comentario: string }) => r.comentario)).toEqual(['Bom']);
    const other = await registerAndLogin(t.app, 'cliente');
    expect((await t.app.inject({ method: 'GET', url: `/api/profissional/${p.id}`, headers: other.auth })).json().notaMedia).toBe(4);

    await t.app.inject({ method: 'DELETE', url: '/api/cliente/delete-account', headers: c.auth, payload: { senha: 'Segura#123' } });
    expect((await rating()).items).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: `/api/profissional/${p.id}`, headers: other.auth })).json().notaMedia).toBeNull();
  });
});

describe("the back office's later pages (ids first from the order's index, then the rows)", () => {
  type Card = { id: number; status?: string; tempo?: string; verificacao?: string; criadoEm: string };
  const items = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: admin.auth });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { items: Card[] }).items;
  };
  /** Pages 1..n of `size` read one by one, joined: the same cards, in the same order, as one page of n × size. */
  const samePages = async (path: string, size: number, n: number) => {
    const sep = path.includes('?') ? '&' : '?';
    const whole = await items(`${path}${sep}pageSize=${size * n}`);
    expect(whole).toHaveLength(size * n);
    const pages: Card[] = [];
    for (let page = 1; page <= n; page++) pages.push(...(await items(`${path}${sep}pageSize=${size}&page=${page}`)));
    expect(pages).toEqual(whole);
    return whole;
  };

  it('projects: pending first, then emergencies, then newest, the same page by page as in one page, client included', async () => {
    const c = await registerAndLogin(t.app, 'cliente');
    // Pending and open projects of every urgency, newer than any other test's, a minute apart.
    await t.db.execute(sql`insert into requests (titulo, descricao, cidade, bairro, especialidade, contato, cliente_id, tempo, status, creditos, criado_em)
      select 'Página ' || g, 'Teste de páginas', 'Porto', 'Porto', 'substituicao-quadros-eletricos', '+351912345678', ${c.id},
        (array['NORMAL', 'PIQUETE', 'URGENTE', 'AVARIA'])[1 + g % 4]::time_option,
        (array['ESPERA', 'ABERTO', 'CONCLUIDO'])[1 + g % 3]::project_status, 5, now() + interval '1 minute' * g
      from generate_series(1, 24) g`);
    const rank = { ESPERA: 0, ABERTO: 1, CONCLUIDO: 2 } as Record<string, number>;
    const urgent = (x: Card) => (x.tempo === 'PIQUETE' || x.tempo === 'AVARIA' ? 0 : 1);
    const key = (x: Card) => [rank[x.status!]!, urgent(x), -Date.parse(x.criadoEm), -x.id];
    const compare = (a: number[], b: number[]) => a.reduce((d, v, i) => d || v - b[i]!, 0);
    const all = await samePages('/api/requests/all', 3, 5);
    expect(all.map((x) => x.status).slice(0, 8)).toEqual(Array(8).fill('ESPERA'));
    expect(all.every((_, i) => i === 0 || compare(key(all[i - 1]!), key(all[i]!)) <= 0)).toBe(true);
    expect((all[0] as unknown as { cliente: { nome: string } }).cliente.nome).toBeTruthy();
    const open = await samePages('/api/requests/all?status=ABERTO', 2, 4);
    expect(open.every((x) => x.status === 'ABERTO')).toBe(true);
    expect(open.every((_, i) => i === 0 || compare(key(open[i - 1]!), key(open[i]!)) <= 0)).toBe(true);
  });

  it("the audit log: newest first, with the admin's name, the same page by page as in one page", async () => {
    await t.db.execute(sql`insert into audit_log (actor_tipo, actor_id, acao, alvo_tipo, alvo_id, criado_em)
      select (array['admin', 'cliente']::user_role[])[1 + g % 2], case when g % 2 = 0 then ${admin.id} else 1 end, 'TESTE_PAGINAS', 'request', g,
        now() + interval '1 day' + interval '1 second' * (g / 2)
      from generate_series(1, 12) g`);
    const all = (await samePages('/api/admin/audit', 3, 4)) as unknown as {
      acao: string;
      actorTipo: string;
      adminNome: string | null;
      criadoEm: string;
      id: number;
    }[];
    expect(all.map((x) => x.acao)).toEqual(Array(12).fill('TESTE_PAGINAS'));
    // Newest first; two entries of one second by id, newest id first.
    expect(all.every((x, i) => i === 0 || Date.parse(all[i - 1]!.criadoEm) > Date.parse(x.criadoEm) || all[i - 1]!.id > x.id)).toBe(true);
    expect(all.filter((x) => x.actorTipo === 'admin').every((x) => x.adminNome === 'Admin Teste')).toBe(true);
    expect(all.filter((x) => x.actorTipo !== 'admin').every((x) => x.adminNome === null)).toBe(true);
  });

  it('professionals: pending verifications first, then newest, the same page by page as in one page', async () => {
    const pros = [];
    for (let i = 0; i < 6; i++) pros.push(await registerAndLogin(t.app, 'profissional'));
    const ids = pros.map((p) => p.id);
    await t.db
      .execute(sql`update profissionais set verificacao = case when id % 2 = 0 then 'VERIFICADO'::verification_status else 'PENDENTE'::verification_status end,
      criado_em = now() + interval '1 hour' + interval '1 minute' * id where id = any(${`{${ids.join(',')}}`}::int[])`);
    const all = await samePages('/api/admin/profissionais', 2, 3);
    const pending = all.map((x) => x.verificacao === 'PENDENTE');
    // Pending ones first (a pending one never after one that is not), newest first within each.
    expect(pending.indexOf(false) === -1 || pending.lastIndexOf(true) < pending.indexOf(false)).toBe(true);
    const verified = await samePages('/api/admin/profissionais?verificacao=VERIFICADO', 1, 3);
    expect(verified.every((x) => x.verificacao === 'VERIFICADO')).toBe(true);
    expect(verified.map((x) => x.id)).toEqual(
      ids
        .filter((id) => id % 2 === 0)
        .sort((a, b) => b - a)
        .slice(0, 3),
    );
  });
});
