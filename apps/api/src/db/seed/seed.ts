import { eq, sql } from 'drizzle-orm';
import { CREDIT_PLANS } from '@tc/shared';
import type { Db } from '../client';
import { admins, candidaturas, clientes, creditLedger, garantias, payments, profissionais, requests, reviews, subscriptions } from '../schema';
import { hashPassword } from '../../lib/passwords';
import { initialsAvatar } from '../../lib/avatar';
import type { Storage } from '../../lib/storage';
import { DEMO_ADMIN, DEMO_CLIENTES, DEMO_PASSWORD, DEMO_PROFISSIONAIS, DEMO_PROJETOS, DEMO_REVIEWS } from './demo-data';
import { acceptDemoTerms } from './demo-terms';
import { sweepSelos } from '../../modules/selos/selos.service';

/**
 * A day `n` days before the seed's "today", at an hour (UTC). The seed's times of day go up to 18:40,
 * so before 19:00 "today" is yesterday: a project "published today at 09:00" is never in the future
 * when the demo is seeded at night, and every time keeps its order with the others.
 */
const daysAgo = (n: number, hour = 10) => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() - n - (d.getUTCHours() < 19 ? 1 : 0));
  d.setUTCHours(hour, 0, 0, 0);
  return d;
};

/**
 * Seeds the demo once. Returns the demo log-ins to print. A second start finds the demo admin and
 * changes nothing. The photos go to `storage`: the app's own (storageFromEnv), so they are where it reads.
 */
export async function seedDemo(db: Db, opts: { storage: Storage; baseUrl?: string }): Promise<string[]> {
  const base = opts.baseUrl ?? '';
  const logins = [
    `admin         ${DEMO_ADMIN.email} / ${DEMO_PASSWORD}   ${base}/login`,
    `cliente       ${DEMO_CLIENTES[0].email} / ${DEMO_PASSWORD}   ${base}/areadocliente/login`,
    `profissional  ${DEMO_PROFISSIONAIS[0].email} / ${DEMO_PASSWORD}   ${base}/areadoprofissional/login  (com créditos)`,
  ];
  const [existing] = await db.select({ id: admins.id }).from(admins).where(eq(admins.email, DEMO_ADMIN.email)).limit(1);
  if (existing) {
    await acceptDemoTerms(db);
    return logins;
  }
  // Only seed an empty database: never mix demo people into real data.
  const [anyAdmin] = await db.select({ id: admins.id }).from(admins).limit(1);
  if (anyAdmin) return [];

  const { storage } = opts;
  const senhaHash = await hashPassword(DEMO_PASSWORD);

  await db.transaction(async (tx) => {
    const [admin] = await tx
      .insert(admins)
      .values({ ...DEMO_ADMIN, senhaHash })
      .returning({ id: admins.id });

    const clienteIds: number[] = [];
    for (const [i, c] of DEMO_CLIENTES.entries()) {
      const fotoKey = i < 3 ? await storage.put('public', await initialsAvatar(c.nome), 'webp') : null;
      const [row] = await tx
        .insert(clientes)
        // Demo clients have confirmed their e-mail: their projects go straight to approval.
        .values({ ...c, senhaHash, fotoKey, criadoEm: daysAgo(60 - i * 7), emailConfirmadoEm: daysAgo(60 - i * 7) })
        .returning({ id: clientes.id });
      clienteIds.push(row.id);
    }

    const prof: { id: number; sub: number }[] = [];
    for (const [i, p] of DEMO_PROFISSIONAIS.entries()) {
      const fotoKey = await storage.put('public', await initialsAvatar(p.nome), 'webp');
      const [row] = await tx
        .insert(profissionais)
        .values({
          nome: p.nome,
          email: p.email,
          senhaHash,
          cidade: p.cidade,
          bairro: p.bairro,
          telefone: p.telefone,
          bio: p.bio,
          fotoKey,
          especialidades: p.especialidades,
          criadoEm: daysAgo(90 - i * 5),
          verificacao: p.verificado ? 'VERIFICADO' : null,
          verificadoEm: p.verificado ? daysAgo(40) : null,
          verificadoPor: p.verificado ? admin.id : null,
        })
        .returning({ id: profissionais.id });
      const [sub] = await tx.insert(subscriptions).values({ profissionalId: row.id }).returning({ id: subscriptions.id });
      prof.push({ id: row.id, sub: sub.id });
    }

    // One professional bought the Elite plan: a paid purchase and its ledger line.
    const balances = new Map<number, number>();
    const elite = CREDIT_PLANS.find((p) => p.value === 'elite')!;
    const buyer = prof[0];
    const [pay] = await tx
      .insert(payments)
      .values({
        profissionalId: buyer.id,
        plano: elite.value,
        valorCentimos: elite.precoEuros * 100,
        creditos: elite.creditos,
        metodo: 'card',
        provider: 'demo',
        providerSessionId: 'demo_seed_1',
        estado: 'PAGO',
        criadoEm: daysAgo(35),
        pagoEm: daysAgo(35),
      })
      .returning({ id: payments.id });
    balances.set(buyer.id, elite.creditos);
    await tx.insert(creditLedger).values({
      subscriptionId: buyer.sub,
      profissionalId: buyer.id,
      tipo: 'COMPRA',
      delta: elite.creditos,
      saldoApos: elite.creditos,
      paymentId: pay.id,
      descricao: `Plano ${elite.nome}`,
      criadoEm: daysAgo(35),
    });
    // Another has a Multibanco reference waiting to be paid (counts in "Valor Total" only).
    const poupanca = CREDIT_PLANS.find((p) => p.value === 'poupanca')!;
    await tx.insert(payments).values({
      profissionalId: prof[3].id,
      plano: poupanca.value,
      valorCentimos: poupanca.precoEuros * 100,
      creditos: poupanca.creditos,
      metodo: 'multibanco',
      provider: 'demo',
      providerSessionId: 'demo_seed_2',
      estado: 'PENDENTE',
      criadoEm: daysAgo(2),
    });
    // Sofia (index 3) and Marta (index 1) had credits granted by an admin so their applications in the demo add up.
    for (const [i, creditos, dias] of [
      [3, 60, 40],
      [1, 40, 80],
    ] as const) {
      balances.set(prof[i].id, creditos);
      await tx.insert(creditLedger).values({
        subscriptionId: prof[i].sub,
        profissionalId: prof[i].id,
        tipo: 'AJUSTE',
        delta: creditos,
        saldoApos: creditos,
        adminId: admin.id,
        descricao: 'Oferta de boas-vindas',
        criadoEm: daysAgo(dias),
      });
    }

    const projetoIds: number[] = [];
    const applications: { requestId: number; prof: (typeof prof)[number]; creditos: number; titulo: string; when: Date }[] = [];
    for (const p of DEMO_PROJETOS) {
      const criadoEm = daysAgo(p.diasAtras, 9);
      const [row] = await tx
        .insert(requests)
        .values({
          titulo: p.titulo,
          descricao: p.descricao,
          cidade: p.cidade,
          bairro: p.bairro,
          especialidade: p.especialidade,
          contato: DEMO_CLIENTES[p.cliente].telefone,
          tempo: p.tempo,
          clienteId: clienteIds[p.cliente],
          creditos: p.creditos,
          status: p.status,
          criadoEm,
          aprovadoEm: p.status === 'ESPERA' ? null : criadoEm,
          concluidoEm: p.status === 'CONCLUIDO' ? daysAgo(Math.max(p.diasAtras - 7, 0)) : null,
          escolhidoId: p.escolhido === undefined ? null : prof[p.escolhido].id,
          escolhidoEm: p.escolhido === undefined ? null : daysAgo(Math.max(p.diasAtras - 2, 0)),
        })
        .returning({ id: requests.id });
      projetoIds.push(row.id);
      for (const idx of p.candidatos) {
        // "Resposta rápida": some apply 40 minutes after the approval, the others the next afternoon.
        const when = p.rapidos?.includes(idx) ? new Date(criadoEm.getTime() + 40 * 60_000) : daysAgo(Math.max(p.diasAtras - 1, 0), 14);
        applications.push({ requestId: row.id, prof: prof[idx], creditos: p.creditos!, titulo: p.titulo, when });
      }
    }
    // In date order, so each ledger line's running balance reads right, newest first.
    applications.sort((a, b) => a.when.getTime() - b.when.getTime());
    for (const a of applications) {
      const saldo = (balances.get(a.prof.id) ?? 0) - a.creditos;
      balances.set(a.prof.id, saldo);
      await tx
        .insert(candidaturas)
        .values({ requestId: a.requestId, profissionalId: a.prof.id, subscriptionId: a.prof.sub, creditos: a.creditos, criadoEm: a.when });
      await tx.insert(creditLedger).values({
        subscriptionId: a.prof.sub,
        profissionalId: a.prof.id,
        tipo: 'CANDIDATURA',
        delta: -a.creditos,
        saldoApos: saldo,
        requestId: a.requestId,
        descricao: a.titulo,
        criadoEm: a.when,
      });
    }
    // Each project's count of applications: only applying keeps it as it writes (migration 0024).
    await tx.execute(sql`
      update ${requests} r set candidaturas_n = x.n
      from (select request_id, count(*)::int n from ${candidaturas} group by request_id) x
      where r.id = x.request_id`);
    for (const [id, saldo] of balances) {
      await tx.update(subscriptions).set({ creditosRestantes: saldo }).where(eq(subscriptions.profissionalId, id));
    }

    for (const [pi, fi, nota, comentario, status] of DEMO_REVIEWS) {
      await tx.insert(reviews).values({
        profissionalId: prof[fi].id,
        clienteId: clienteIds[DEMO_PROJETOS[pi].cliente],
        requestId: projetoIds[pi],
        nota,
        comentario,
        status,
        criadoEm: daysAgo(Math.max(DEMO_PROJETOS[pi].diasAtras - 8, 0), 18),
      });
    }
    // Guarantee claims (docs/decisions/0014) on two projects concluded within the last 14 days:
    // one waiting for the professional, one he accepted with a visit.
    for (const [titulo, dias, aceite] of [
      ['Trocar disjuntores antigos', 2, false],
      ['Quadro a disparar à noite', 4, true],
    ] as const) {
      const pi = DEMO_PROJETOS.findIndex((x) => x.titulo === titulo);
      const p = DEMO_PROJETOS[pi];
      if (!p || p.escolhido === undefined) continue;
      await tx.insert(garantias).values({
        requestId: projetoIds[pi],
        clienteId: clienteIds[p.cliente],
        profissionalId: prof[p.escolhido].id,
        titulo,
        criadoEm: daysAgo(dias, 11),
        descricao: aceite
          ? 'O quadro voltou a disparar duas noites seguidas quando liguei o forno e a máquina.'
          : 'Um dos disjuntores novos aquece e faz um zumbido quando a máquina de lavar está ligada.',
        ...(aceite
          ? {
              estado: 'ACEITE' as const,
              agendadoPara: daysAgo(-2, 9),
              respondidoEm: daysAgo(dias - 1, 15),
              resposta: 'Passo aí na quinta de manhã para rever o diferencial, sem custos.',
            }
          : {}),
      });
    }
    // Average and number of approved reviews only.
    await tx.execute(sql`
      update profissionais p set nota_media = r.media, total_avaliacoes = r.n
      from (select profissional_id, avg(nota)::float8 as media, count(*)::int as n from reviews where status = 'APROVADO' group by profissional_id) r
      where r.profissional_id = p.id`);
  });
  // Badges and the ranking's Bayesian average, by the same rules as the running app.
  await sweepSelos(db, new Date(), { all: true });
  await acceptDemoTerms(db);
  return logins;
}
