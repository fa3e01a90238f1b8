import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dialogButton, renderAt } from '../../test/render';
import { json, mockApi, notFound, paged } from '../../test/server';
import { loginAdmin } from './test-utils';

const created: string[] = [];
const revoked: string[] = [];
beforeEach(() => {
  let n = 0;
  URL.createObjectURL = vi.fn(() => {
    const u = `blob:doc-${++n}`;
    created.push(u);
    return u;
  });
  URL.revokeObjectURL = vi.fn((u: string) => {
    revoked.push(u);
  });
  // The guarantee figures on the cards are not what these tests look at: they fail to load.
  mockApi.routes({ 'GET /api/admin/garantias/numeros': notFound });
});
afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
  created.length = 0;
  revoked.length = 0;
});

const prof = (over: Record<string, unknown>) => ({
  id: 9,
  nome: 'Tiago Ribeiro',
  email: 'tiago.ribeiro@exemplo.pt',
  telefone: '+351912000111',
  cidade: 'Braga',
  bairro: 'Braga',
  especialidades: ['instalacao-eletrica-completa'],
  especialidadesLabels: ['Instalação elétrica completa'],
  fotoUrl: null,
  notaMedia: null,
  verificacao: 'PENDENTE',
  verificadoEm: null,
  verificadoPorNome: null,
  temFrente: true,
  temVerso: true,
  criadoEm: '2026-03-02T10:00:00.000Z',
  ...over,
});
const LIST = [
  prof({}),
  prof({
    id: 8,
    nome: 'Catarina Lima',
    email: 'catarina.lima@exemplo.pt',
    verificacao: 'VERIFICADO',
    verificadoPorNome: 'Helena Marques',
    verificadoEm: '2026-03-05T10:00:00.000Z',
    temFrente: false,
    temVerso: false,
  }),
  prof({ id: 7, nome: 'Pedro Gonçalves', email: 'pedro.goncalves@exemplo.pt', verificacao: null, temFrente: false, temVerso: false }),
];
const image = () => new Response('webp-bytes', { status: 200, headers: { 'content-type': 'image/webp' } });
const card = (nome: string) => screen.getByRole('article', { name: nome });

describe('Profissionais (admin)', () => {
  it('lists contacts, specialities and the verification state', async () => {
    loginAdmin();
    mockApi.routes({ 'GET /api/admin/profissionais': () => json(paged(LIST)) });
    renderAt('/listagem-profissionais');
    expect(await screen.findByRole('heading', { level: 1, name: 'Profissionais' })).toBeInTheDocument();
    await screen.findByRole('article', { name: 'Tiago Ribeiro' });
    expect(within(card('Tiago Ribeiro')).getByText('tiago.ribeiro@exemplo.pt')).toBeInTheDocument();
    expect(within(card('Tiago Ribeiro')).getByText('+351912000111')).toBeInTheDocument();
    expect(within(card('Tiago Ribeiro')).getByText('Instalação elétrica completa')).toBeInTheDocument();
    expect(within(card('Tiago Ribeiro')).getByText('Braga, Braga')).toBeInTheDocument();
    expect(within(card('Tiago Ribeiro')).getByText('Pendente')).toBeInTheDocument();
    expect(within(card('Catarina Lima')).getByText(/Verificado por Helena Marques em 05\/03\/2026/)).toBeInTheDocument();
    expect(within(card('Pedro Gonçalves')).getByText('Sem documentos')).toBeInTheDocument();
  });

  it('documents modal: 404 shows the spec text, images come through the admin token and are released on close', async () => {
    loginAdmin();
    mockApi.routes({
      'GET /api/admin/profissionais': () => json(paged(LIST)),
      'GET /api/admin/profissionais/9/documentos/frente': () => json({ code: 'NOT_FOUND', message: 'Foto frente não disponível.' }, 404),
      'GET /api/admin/profissionais/9/documentos/verso': () => image(),
    });
    renderAt('/listagem-profissionais');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Ver Documentos de Tiago Ribeiro' }));
    const dialog = await screen.findByRole('dialog', { name: 'Documentos de Tiago Ribeiro' });
    expect(await within(dialog).findByText('Foto frente não disponível.')).toBeInTheDocument();
    expect(await within(dialog).findByRole('img', { name: /verso/ })).toHaveAttribute('src', 'blob:doc-1');
    expect(dialog).toHaveTextContent('registo de auditoria');
    const docCall = mockApi.calls('GET', '/api/admin/profissionais/9/documentos/verso')[0]!;
    expect(docCall.headers.authorization).toMatch(/^Bearer /);

    await user.click(await dialogButton(dialog, 'Fechar'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(revoked).toEqual(['blob:doc-1']);
  });

  it('shows both spec texts when neither image exists, and no decision buttons without documents', async () => {
    loginAdmin();
    mockApi.routes({
      'GET /api/admin/profissionais': () => json(paged(LIST)),
      'GET /api/admin/profissionais/7/documentos/frente': notFound,
      'GET /api/admin/profissionais/7/documentos/verso': notFound,
    });
    renderAt('/listagem-profissionais');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Ver Documentos de Pedro Gonçalves' }));
    const dialog = await screen.findByRole('dialog', { name: 'Documentos de Pedro Gonçalves' });
    expect(await within(dialog).findByText('Foto frente não disponível.')).toBeInTheDocument();
    expect(await within(dialog).findByText('Foto verso não disponível.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Marcar como verificado' })).not.toBeInTheDocument();
  });

  it('marks as verified after a confirmation that warns the images are deleted', async () => {
    loginAdmin();
    let decided = false;
    mockApi.routes({
      'GET /api/admin/profissionais': () =>
        json(
          paged(
            decided
              ? [
                  prof({
                    verificacao: 'VERIFICADO',
                    verificadoPorNome: 'Helena Marques',
                    verificadoEm: '2026-03-06T10:00:00.000Z',
                    temFrente: false,
                    temVerso: false,
                  }),
                ]
              : LIST,
          ),
        ),
      'GET /api/admin/profissionais/9/documentos/frente': () => image(),
      'GET /api/admin/profissionais/9/documentos/verso': () => image(),
      'POST /api/admin/profissionais/9/verificacao': () => {
        decided = true;
        return json({ id: 9, verificacao: 'VERIFICADO', verificadoEm: '2026-03-06T10:00:00.000Z' });
      },
    });
    renderAt('/listagem-profissionais');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Ver Documentos de Tiago Ribeiro' }));
    const dialog = await screen.findByRole('dialog', { name: 'Documentos de Tiago Ribeiro' });
    await user.click(await dialogButton(dialog, 'Marcar como verificado'));
    const confirm = await screen.findByRole('alertdialog', { name: 'Marcar como verificado?' });
    expect(confirm).toHaveTextContent('eliminadas de forma permanente');
    expect(mockApi.calls('POST', '/api/admin/profissionais/9/verificacao')).toHaveLength(0);
    await user.click(await dialogButton(confirm, 'Sim, verificar'));
    await waitFor(() => expect(mockApi.calls('POST', '/api/admin/profissionais/9/verificacao')).toHaveLength(1));
    expect(mockApi.calls('POST', '/api/admin/profissionais/9/verificacao')[0]!.body).toEqual({ decisao: 'VERIFICADO' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText(/Verificado por Helena Marques em 06\/03\/2026/)).toBeInTheDocument();
  });
});
