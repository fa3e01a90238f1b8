import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeToken, renderAt } from '../../test/render';
import { mockApi, notFound, type ApiCall } from '../../test/server';

/** The bell's routes answer what the test says (instead of the default handlers'); every call is recorded. */
function stubBell(opts: { unread?: number[]; items?: object[]; extra?: Record<string, (body: unknown) => unknown> } = {}) {
  const unread = [...(opts.unread ?? [0])];
  mockApi.routes({
    'GET /api/notificacoes/por-ler': () => ({ total: unread.length > 1 ? unread.shift() : unread[0] }),
    'GET /api/notificacoes': () => ({ items: opts.items ?? [], page: 1, pageSize: 10, hasMore: false }),
    'POST /api/notificacoes/lidas': (req) => ({ atualizadas: req.json<{ ids?: number[] }>().ids?.length ?? 0 }),
    ...Object.fromEntries(Object.entries(opts.extra ?? {}).map(([key, answer]) => [key, (req: ApiCall) => answer(req.body)])),
  });
  return { count: (method: string, path: string) => mockApi.calls(method, path).length };
}

function login(tipo: 'cliente' | 'profissional' | 'admin', email = 'ana.sousa@exemplo.pt') {
  const key = { cliente: 'token', profissional: 'token_profissional', admin: 'token_admin' }[tipo];
  sessionStorage.setItem(key, fakeToken());
  localStorage.setItem('tipo', tipo);
  localStorage.setItem('email', email);
  localStorage.setItem('id', '5');
}

const items = [
  {
    id: 3,
    tipo: 'nova_candidatura',
    titulo: 'Novo candidato',
    corpo: 'João Ferreira candidatou-se a "Quadro elétrico".',
    link: '/projetos/5',
    lida: false,
    criadoEm: '2026-11-23T10:15:00.000Z',
  },
  {
    id: 2,
    tipo: 'projeto_lotado',
    titulo: 'Projeto completo',
    corpo: '"Tomadas" tem 5 candidatos.',
    link: '/projetos/5',
    lida: false,
    criadoEm: '2026-11-22T09:00:00.000Z',
  },
  {
    id: 1,
    tipo: 'projeto_aprovado',
    titulo: 'Projeto aprovado',
    corpo: '"Tomadas" já está visível para os profissionais.',
    link: '/projetos/5',
    lida: true,
    criadoEm: '2026-11-20T08:00:00.000Z',
  },
];

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  sessionStorage.clear();
  localStorage.clear();
});

describe('the bell', () => {
  it('is not there for a visitor', async () => {
    const api = stubBell();
    renderAt('/comofunciona');
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Notificações/ })).not.toBeInTheDocument();
    expect(api.count('GET', '/api/notificacoes/por-ler')).toBe(0);
  });

  it('shows the unread count, opens on the latest notifications with their links, marks them read; Escape closes and gives focus back', async () => {
    login('cliente');
    stubBell({ unread: [2, 0], items });
    const user = userEvent.setup();
    renderAt('/comofunciona');
    const bell = await screen.findByRole('button', { name: 'Notificações, 2 por ler' });
    expect(bell).toHaveAttribute('aria-expanded', 'false');
    expect(within(bell).getByText('2')).toBeInTheDocument();

    await user.click(bell);
    const panel = await screen.findByRole('dialog', { name: 'Notificações' });
    expect(bell).toHaveAttribute('aria-expanded', 'true');
    expect(panel).toHaveFocus();
    const links = await within(panel).findAllByRole('link', { name: /candidat|visível/ });
    expect(links[0]).toHaveAccessibleName(/Novo candidato \(nova\).*João Ferreira candidatou-se a "Quadro elétrico"\..*23\/11\/2026, 10:15/);
    expect(links[0]).toHaveAttribute('href', '/projetos/5');
    expect(within(panel).getByRole('link', { name: /Preferências/ })).toHaveAttribute('href', '/conta#notificacoes');

    // What the panel shows unread is now read; the badge follows.
    await waitFor(() => expect(mockApi.calls('POST')[0]?.body).toEqual({ ids: [3, 2] }));
    expect(await screen.findByRole('button', { name: 'Notificações, 0 por ler' })).toBeInTheDocument();
    expect(within(bell).queryByText('2')).not.toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Notificações' })).not.toBeInTheDocument();
    expect(bell).toHaveFocus();
    expect(bell).toHaveAttribute('aria-expanded', 'false');

    // Keyboard only: Enter opens it again, Tab reaches the links.
    await user.keyboard('{Enter}');
    const again = await screen.findByRole('dialog', { name: 'Notificações' });
    await within(again).findAllByRole('link', { name: /candidat/ });
    await user.tab();
    expect(within(again).getByRole('link', { name: /Preferências/ })).toHaveFocus();
    await user.click(document.body);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says when there is nothing', async () => {
    login('profissional', 'joao.ferreira@exemplo.pt');
    stubBell({ unread: [0], items: [] });
    const user = userEvent.setup();
    renderAt('/comofunciona');
    await user.click(await screen.findByRole('button', { name: 'Notificações, 0 por ler' }));
    expect(await screen.findByText('Sem notificações')).toBeInTheDocument();
  });

  it('asks for the count again every 30 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    login('admin', 'admin@tecnicocerto.pt');
    const api = stubBell({ unread: [0, 4] });
    renderAt('/comofunciona');
    await waitFor(() => expect(api.count('GET', '/api/notificacoes/por-ler')).toBe(1));
    await act(() => vi.advanceTimersByTimeAsync(29_000));
    expect(api.count('GET', '/api/notificacoes/por-ler')).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(1_500));
    expect(await screen.findByRole('button', { name: 'Notificações, 4 por ler' })).toBeInTheDocument();
    expect(api.count('GET', '/api/notificacoes/por-ler')).toBe(2);
  });

  it('shows 99+ past the cap', async () => {
    login('cliente');
    stubBell({ unread: [100] });
    renderAt('/comofunciona');
    const bell = await screen.findByRole('button', { name: 'Notificações, mais de 99 por ler' });
    expect(within(bell).getByText('99+')).toBeInTheDocument();
  });
});

describe('Minha Conta: Notificações por e-mail', () => {
  const account = { id: 5, fotoUrl: null, nome: 'João Ferreira', email: 'joao.ferreira@exemplo.pt', telefone: null, bio: null };
  const prefs = {
    email: [
      { tipo: 'novo_projeto_na_zona', label: 'Novos projetos na minha zona e especialidade', ativo: true },
      { tipo: 'escolhido', label: 'Fui escolhido por um cliente', ativo: false },
    ],
    novosProjetos: 'INSTANTANEO',
  };

  it('shows the switches and, for a professional, how new projects arrive; saves them', async () => {
    login('profissional', 'joao.ferreira@exemplo.pt');
    const saved: unknown[] = [];
    stubBell({
      extra: {
        'GET /api/profissional/account/joao.ferreira%40exemplo.pt': () => account,
        'GET /api/notificacoes/preferencias': () => prefs,
        // The emergencies section of the page is tested elsewhere: here it fails to load.
        'GET /api/profissional/urgencias': () => notFound(),
        'PUT /api/notificacoes/preferencias': (body) => {
          saved.push(body);
          return { ...prefs, novosProjetos: 'DIARIO' };
        },
      },
    });
    const user = userEvent.setup();
    renderAt('/conta#notificacoes');
    const section = await screen.findByRole('region', { name: 'Notificações por e-mail' });
    const novos = await within(section).findByRole('checkbox', { name: 'Novos projetos na minha zona e especialidade' });
    expect(novos).toBeChecked();
    expect(within(section).getByRole('checkbox', { name: 'Fui escolhido por um cliente' })).not.toBeChecked();
    const group = within(section).getByRole('group', { name: 'Novos projetos:' });
    expect(within(group).getByRole('radio', { name: 'De imediato' })).toBeChecked();
    await user.click(novos);
    await user.click(within(section).getByRole('checkbox', { name: 'Fui escolhido por um cliente' }));
    await user.click(within(group).getByRole('radio', { name: 'Resumo diário (às 8h)' }));
    await user.click(within(section).getByRole('button', { name: 'Guardar preferências' }));
    await waitFor(() => expect(saved).toEqual([{ desligados: ['novo_projeto_na_zona'], novosProjetos: 'DIARIO' }]));
    expect(await screen.findByText('Preferências guardadas.')).toBeInTheDocument();
  });

  it('a client has no "Novos projetos" choice', async () => {
    login('cliente');
    stubBell({
      extra: {
        'GET /api/cliente/account/ana.sousa%40exemplo.pt': () => ({ ...account, nome: 'Ana Sousa', email: 'ana.sousa@exemplo.pt' }),
        'GET /api/notificacoes/preferencias': () => ({
          email: [{ tipo: 'nova_candidatura', label: 'Novo candidato a um projeto meu', ativo: true }],
          novosProjetos: null,
        }),
      },
    });
    renderAt('/conta');
    const section = await screen.findByRole('region', { name: 'Notificações por e-mail' });
    expect(await within(section).findByRole('checkbox', { name: 'Novo candidato a um projeto meu' })).toBeChecked();
    expect(within(section).queryByRole('group', { name: 'Novos projetos:' })).not.toBeInTheDocument();
  });
});

describe('/notificacoes/cancelada (the unsubscribe link lands here)', () => {
  it('names what was switched off, from the codes only, and links to the preferences', async () => {
    stubBell();
    renderAt('/notificacoes/cancelada?tipos=novo_projeto_na_zona,inventado');
    expect(await screen.findByRole('heading', { level: 1, name: 'Deixou de receber estes e-mails' })).toBeInTheDocument();
    expect(screen.getByText('Novos projetos na minha zona e especialidade')).toBeInTheDocument();
    expect(screen.queryByText('inventado')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Preferências de notificação' })).toHaveAttribute('href', '/conta#notificacoes');
  });

  it('says when the link was not valid', async () => {
    stubBell();
    renderAt('/notificacoes/cancelada?erro=link');
    expect(await screen.findByRole('heading', { level: 1, name: 'Link inválido' })).toBeInTheDocument();
    expect(screen.getByText(/Este link para deixar de receber e-mails não é válido/)).toBeInTheDocument();
  });
});
