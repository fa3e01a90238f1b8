import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { fakeToken, renderAt } from '../test/render';
import { mockApi, notFound, paged } from '../test/server';

/*
 * A signed-in screen's first reads leave as its route is drawn, while the screen's code is still on
 * its way (app/router.tsx), and the screen then finds them: each is asked for once. A key the router
 * builds differently from the screen's own would show here as a second request.
 */

// Each screen's code is held back until its test lets it through, as a slow network would. A module's
// factory runs at its first import only, so each screen is held in the one test that opens it.
const code = vi.hoisted(() => ({ arrived: Promise.resolve(), release: () => {} }));
const held = async <T,>(load: () => Promise<T>) => {
  await code.arrived;
  return load();
};
vi.mock('../features/area-profissional/buscar-trabalhos-page', (load) => held(load));
vi.mock('../features/area-profissional/menu-page', (load) => held(load));
vi.mock('../features/area-profissional/chamados-agendados-page', (load) => held(load));
vi.mock('../features/area-profissional/detalhes-chamado-page', (load) => held(load));
vi.mock('../features/area-profissional/minhas-avaliacoes-page', (load) => held(load));
vi.mock('../features/area-cliente/menu-page', (load) => held(load));
vi.mock('../features/area-cliente/projetos-page', (load) => held(load));
vi.mock('../features/profissionais/lista-page', (load) => held(load));
vi.mock('../features/reviews/avaliar-page', (load) => held(load));
vi.mock('../features/admin/dashboard-page', (load) => held(load));
vi.mock('../features/admin/projetos-page', (load) => held(load));
vi.mock('../features/admin/clientes-page', (load) => held(load));
vi.mock('../features/admin/reviews-page', (load) => held(load));
vi.mock('../features/admin/profissionais-page', (load) => held(load));
vi.mock('../features/admin/leads-reportados-page', (load) => held(load));
vi.mock('../features/admin/garantias-page', (load) => held(load));

type Role = 'cliente' | 'profissional' | 'admin';
const TOKEN_KEY: Record<Role, string> = { cliente: 'token', profissional: 'token_profissional', admin: 'token_admin' };
const EMAIL: Record<Role, string> = { cliente: 'ana.sousa@exemplo.pt', profissional: 'joao.ferreira@exemplo.pt', admin: 'admin@tecnicocerto.pt' };

function signIn(role: Role) {
  sessionStorage.setItem(TOKEN_KEY[role], fakeToken());
  localStorage.setItem('tipo', role);
  localStorage.setItem('id', '3');
  localStorage.setItem('email', EMAIL[role]);
  if (role === 'cliente') localStorage.setItem('clienteId', '3');
  if (role === 'profissional') localStorage.setItem('profissionalId', '3');
}

beforeEach(() => {
  let release = () => {};
  code.arrived = new Promise<void>((resolve) => (release = resolve));
  code.release = release;
  // jsdom has no layout: the dashboard's charts ask for ResizeObserver.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
  localStorage.clear();
});

const emptyPage = paged([]);
const account = { id: 3, fotoUrl: null, nome: 'Ana Sousa', email: 'ana.sousa@exemplo.pt', telefone: '+351912345678', bio: null, emailConfirmado: true };
const profile = {
  id: 3,
  nome: 'João Ferreira',
  fotoUrl: null,
  notaMedia: null,
  especialidades: ['eletricista'],
  especialidadesLabels: ['Eletricista'],
  cidade: 'Almada',
  bairro: 'Setúbal',
  verificado: false,
  selos: [],
  telefone: '+351912345678',
  contato: null,
  descricao: 'Eletricista em Almada.',
};
const job = {
  id: 42,
  titulo: 'Quadro elétrico novo',
  descricao: 'Trocar o quadro elétrico de um T2.',
  cidade: 'Almada',
  bairro: 'Setúbal',
  especialidade: 'eletricista',
  contato: null,
  tempo: 'NORMAL',
  clienteId: 9,
  creditos: 5,
  status: 'ABERTO',
  criadoEm: '2026-11-30T10:00:00.000Z',
  candidaturas: 1,
  jaCandidatado: false,
  cliente: { nome: 'Ana Sousa', email: null },
};
const stats = {
  valorRecebido: 0,
  valorTotal: 0,
  clientes: 0,
  profissionais: 0,
  projetos: 0,
  pendentes: { projetos: 0, reviews: 0, verificacoes: 0 },
  receitaPorMes: [],
  projetosPorSemana: [],
  registosPorSemana: [],
};

/** A screen, where it is opened, and the reads (path and query) that must leave before its code arrives. */
const screens: { role: Role; heading: string; path: string; reads: Record<string, unknown> }[] = [
  {
    role: 'profissional',
    heading: 'Procurar trabalhos',
    path: '/areadoprofissional/buscar-trabalhos?especialidade=eletricista&bairro=Lisboa&page=2',
    reads: {
      '/api/requests/disponiveis?especialidade=eletricista&bairro=Lisboa&page=2&pageSize=12': { ...emptyPage, page: 2, pageSize: 12 },
      '/api/requests/disponiveis/minhas-candidaturas': { ids: [] },
    },
  },
  {
    role: 'profissional',
    heading: 'Área do Profissional',
    path: '/areadoprofissional/menu',
    reads: {
      '/api/subscriptions/credito/3': { creditosRestantes: 12 },
      '/api/pagamentos/profissional/3?estado=PENDENTE': emptyPage,
      '/api/creditos/historico/3?page=1&pageSize=10': emptyPage,
      '/api/profissional/3': profile,
    },
  },
  {
    role: 'profissional',
    heading: 'Chamados agendados',
    path: '/areadoprofissional/chamados-agendados',
    reads: { '/api/creditos/profissional/3?page=1': emptyPage },
  },
  // A job alert's link: the job and the balance.
  {
    role: 'profissional',
    heading: 'Quadro elétrico novo',
    path: '/areadoprofissional/detalhes-chamado/42',
    reads: { '/api/requests/42': job, '/api/subscriptions/credito/3': { creditosRestantes: 12 } },
  },
  {
    role: 'profissional',
    heading: 'As minhas avaliações',
    path: '/areadoprofissional/minhas-avaliacoes',
    reads: { '/api/profissional/3': profile, '/api/review/profissional/3?page=1&pageSize=3': { ...emptyPage, pageSize: 3 } },
  },
  {
    role: 'cliente',
    heading: 'Área do Cliente',
    path: '/areadocliente/menu',
    reads: { '/api/requests/cliente/3?page=1': emptyPage, '/api/cliente/account/ana.sousa%40exemplo.pt': account },
  },
  {
    role: 'cliente',
    heading: 'Os meus projetos',
    path: '/projetos/3',
    reads: { '/api/requests/cliente/3?page=1': emptyPage, '/api/cliente/account/ana.sousa%40exemplo.pt': account },
  },
  {
    role: 'cliente',
    heading: 'Encontrar profissionais',
    path: '/profissionais?q=silva',
    reads: { '/api/profissional/see-all?page=1&pageSize=10&q=silva': emptyPage },
  },
  {
    role: 'cliente',
    heading: 'Avaliar profissionais',
    path: '/avaliar?q=%20ana%20',
    reads: { '/api/cliente/profissionais-avaliaveis?page=1&pageSize=6&q=ana': { ...emptyPage, pageSize: 6 } },
  },
  { role: 'admin', heading: 'Dashboard', path: '/dashboard', reads: { '/api/admin/stats': stats } },
  {
    role: 'admin',
    heading: 'Projetos',
    path: '/listagem-projetos?status=ESPERA&q=quadro&page=2',
    reads: { '/api/requests/all?q=quadro&status=ESPERA&page=2&pageSize=10': { ...emptyPage, page: 2 } },
  },
  // A status the list does not know is every status, as the screen reads it.
  { role: 'admin', heading: 'Reviews', path: '/listagem-reviews?status=OUTRO', reads: { '/api/review/all?status=TODOS&page=1&pageSize=10': emptyPage } },
  { role: 'admin', heading: 'Clientes', path: '/listagem-clientes?q=ana', reads: { '/api/cliente/see-all?q=ana&page=1&pageSize=10': emptyPage } },
  {
    role: 'admin',
    heading: 'Profissionais',
    path: '/listagem-profissionais?verificacao=PENDENTE&page=600',
    reads: { '/api/admin/profissionais?verificacao=PENDENTE&page=500&pageSize=10': { ...emptyPage, page: 500 } },
  },
  { role: 'admin', heading: 'Leads reportados', path: '/leads-reportados', reads: { '/api/admin/leads-reportados?page=1&pageSize=10': emptyPage } },
  {
    role: 'admin',
    heading: 'Garantias',
    path: '/listagem-garantias?estado=ABERTA&profissional=7',
    reads: { '/api/admin/garantias?page=1&pageSize=10&estado=ABERTA&profissionalId=7': emptyPage },
  },
];

describe("a signed-in screen's data travels with its code", () => {
  it.each(screens)('$path ($role): asked for before the screen arrives, once', async ({ role, heading, path, reads }) => {
    signIn(role);
    const urls = Object.keys(reads);
    // Answers that succeed: a read that failed is asked for again by the screen's own query, by design.
    mockApi.routes(Object.fromEntries(urls.map((url) => [`GET ${url}`, () => reads[url]])));
    // Whatever else the frame or the screen asks for (the bell, side sections): not found.
    mockApi.otherwise(() => notFound());

    renderAt(path);
    await waitFor(() => {
      for (const url of urls) expect(mockApi.calls('GET', url), url).toHaveLength(1);
    });
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();

    code.release();
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    // The screen's own queries found the answers (or the requests under way): nothing asked twice.
    await new Promise((resolve) => setTimeout(resolve, 50));
    for (const url of urls) expect(mockApi.calls('GET', url), url).toHaveLength(1);
  });
});
