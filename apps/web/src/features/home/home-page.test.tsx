import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeToken, renderAt } from '../../test/render';
import { json, mockApi } from '../../test/server';

const REVIEWS = [
  {
    id: 3,
    comentario: 'Veio no mesmo dia e resolveu o problema do quadro.',
    nota: 5,
    criadoEm: '2026-11-10T18:00:00.000Z',
    profissionalId: 4,
    nome: 'Sofia Almeida',
    fotoUrl: '/api/files/sofia.webp',
    cliente: { nome: 'Carla Mendes', fotoUrl: null },
  },
  {
    id: 2,
    comentario: 'Orçamento claro e rápido.',
    nota: 4,
    criadoEm: '2026-10-31T18:00:00.000Z',
    profissionalId: 1,
    nome: 'João Ferreira',
    fotoUrl: null,
    cliente: { nome: 'Ana Sousa', fotoUrl: null },
  },
];
const TOP = [
  {
    id: 1,
    nome: 'João Ferreira',
    fotoUrl: null,
    notaMedia: 4.75,
    especialidades: ['certificacao-eletrica'],
    especialidadesLabels: ['Certificação elétrica'],
    cidade: 'Lisboa',
    bairro: 'Lisboa',
    verificado: true,
    selos: ['VERIFICADO'],
  },
  {
    id: 2,
    nome: 'Rui Pereira',
    fotoUrl: null,
    notaMedia: null,
    especialidades: [],
    especialidadesLabels: [],
    cidade: 'Porto',
    bairro: 'Porto',
    verificado: false,
    selos: [],
  },
];

beforeEach(() => {
  // jsdom lacks what the testimonials carousel (embla) observes.
  class Observer {
    observe(_target?: Element) {}
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return [];
    }
  }
  // jsdom has no layout: every observed element counts as in view (the sections below the fold render).
  class InView extends Observer {
    constructor(private readonly callback: IntersectionObserverCallback) {
      super();
    }
    override observe(target: Element) {
      queueMicrotask(() =>
        this.callback(
          [{ target, isIntersecting: true, intersectionRatio: 1 } as unknown as IntersectionObserverEntry],
          this as unknown as IntersectionObserver,
        ),
      );
    }
  }
  vi.stubGlobal('ResizeObserver', Observer);
  vi.stubGlobal('IntersectionObserver', InView);
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener() {},
    removeListener() {},
    addEventListener() {},
    removeEventListener() {},
    dispatchEvent: () => false,
  }));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
  localStorage.clear();
});

const serviceCard = async (title: string) => screen.findByRole('article', { name: title });

describe('home: service cards', () => {
  it('shows the six cards, each with the empty choice first and the spec option values', async () => {
    renderAt('/');
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Serviços mais Procurados' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /Lisboa, Setúbal, Porto e Algarve/ })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Escolher Projeto' })).toHaveLength(6);
    const card = await serviceCard('Canalização Profissional');
    const options = within(card).getAllByRole('option') as HTMLOptionElement[];
    expect(options[0]).toHaveTextContent('Selecione uma opção');
    expect(options[0]!.value).toBe('');
    expect(options.slice(1).map((o) => o.value)).toEqual([
      'reparacao',
      'desentupimento',
      'instalacao',
      'substituicao',
      'maquinas',
      'autoclismos',
      'montagem',
      'canalizacoes',
      'verificacao',
      'certificacao',
    ]);
  });

  it('logged out: keeps the chosen option as the project and sends the client to log in', async () => {
    const { router } = renderAt('/');
    const user = userEvent.setup();
    const card = await serviceCard('Serviços Elétricos');
    await user.selectOptions(within(card).getByRole('combobox'), 'tomadas');
    // The other cards keep their own choice.
    expect(within(await serviceCard('Domótica / Casa Inteligente')).getByRole('combobox')).toHaveValue('');
    await user.click(within(card).getByRole('button', { name: 'Escolher Projeto' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/areadocliente/login'));
    expect(localStorage.getItem('tituloProjeto')).toBe('Tomadas e interruptores');
    expect(localStorage.getItem('especialidadeProjeto')).toBe('tomadas-interruptores');
    expect(localStorage.getItem('redirect')).toBe('true');
  });

  it('logged-in client goes straight to the project form', async () => {
    sessionStorage.setItem('token', fakeToken());
    localStorage.setItem('tipo', 'cliente');
    const { router } = renderAt('/');
    const user = userEvent.setup();
    const card = await serviceCard('Emergências 24 horas');
    await user.selectOptions(within(card).getByRole('combobox'), 'Quadro elétrico a disparar');
    await user.click(within(card).getByRole('button', { name: 'Escolher Projeto' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/agendamento'));
    expect(localStorage.getItem('tituloProjeto')).toBe('Quadro elétrico a disparar');
    expect(localStorage.getItem('especialidadeProjeto')).toBe('quadro-eletrico-dispara');
    expect(localStorage.getItem('redirect')).toBeNull();
  });

  it('without an option shows the message under that card and does nothing', async () => {
    const { router } = renderAt('/');
    const user = userEvent.setup();
    const card = await serviceCard('Manutenção e Pequenas Reparações');
    await user.click(within(card).getByRole('button', { name: 'Escolher Projeto' }));
    expect(await within(card).findByText('Selecione uma opção.')).toBeInTheDocument();
    expect(within(card).getByRole('combobox')).toHaveAttribute('aria-invalid', 'true');
    expect(within(card).getByRole('combobox')).toHaveFocus();
    expect(screen.getAllByText('Selecione uma opção.')).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/');
    expect(localStorage.getItem('tituloProjeto')).toBeNull();
    expect(localStorage.getItem('redirect')).toBeNull();
    // Choosing an option clears the message.
    await user.selectOptions(within(card).getByRole('combobox'), 'reparos');
    expect(within(card).queryByText('Selecione uma opção.')).not.toBeInTheDocument();
  });

  it('the technicians card leads to the professional registration', async () => {
    const { router } = renderAt('/');
    const user = userEvent.setup();
    const card = await serviceCard('Vantagens para Técnicos');
    await user.click(within(card).getByRole('button', { name: 'Escolher Projeto' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cadastro-profissional'));
    expect(localStorage.getItem('tituloProjeto')).toBeNull();
  });
});

describe('home: testimonials and top professionals', () => {
  it('render from the API', async () => {
    mockApi.routes({ 'GET /api/review/recent': REVIEWS, 'GET /api/profissional/top-avaliados': TOP });
    renderAt('/');
    const section = (await screen.findByRole('heading', { name: 'O que dizem os nossos clientes' })).closest('section')!;
    expect(await within(section).findByText('Veio no mesmo dia e resolveu o problema do quadro.')).toBeInTheDocument();
    expect(within(section).getByText('Carla Mendes')).toBeInTheDocument();
    expect(within(section).getByText('Sofia Almeida')).toBeInTheDocument();
    expect(within(section).getByRole('img', { name: 'Fotografia de Sofia Almeida' })).toHaveAttribute('src', '/api/files/sofia.webp');
    expect(within(section).getByRole('img', { name: 'Nota: 4 de 5' })).toHaveTextContent('★★★★☆');

    const top = (await screen.findByRole('heading', { name: 'Profissionais mais bem avaliados' })).closest('section')!;
    const joao = (await within(top).findByRole('heading', { name: 'João Ferreira' })).closest('li')!;
    expect(within(joao).getByText(/4,8/)).toBeInTheDocument();
    expect(within(joao).getByText('Verificado')).toBeInTheDocument();
    const rui = within(top).getByRole('heading', { name: 'Rui Pereira' }).closest('li')!;
    expect(within(rui).getByText(/N\/A/)).toBeInTheDocument();
    expect(within(rui).queryByText('Verificado')).not.toBeInTheDocument();
  });

  it('hide silently when the API fails or has nothing to show', async () => {
    // (The top professionals answer an empty list: the default handler.)
    mockApi.routes({ 'GET /api/review/recent': () => json({ code: 'INTERNAL', message: 'Erro interno.' }, 500) });
    renderAt('/');
    expect(await screen.findByRole('heading', { name: 'Serviços mais Procurados' })).toBeInTheDocument();
    await waitFor(() => {
      expect(screen.queryByRole('heading', { name: 'O que dizem os nossos clientes' })).not.toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Profissionais mais bem avaliados' })).not.toBeInTheDocument();
    });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('home: project-title start box', () => {
  it('requires a title, then stores it and goes to the client area', async () => {
    localStorage.setItem('especialidadeProjeto', 'desentupimentos');
    const { router } = renderAt('/');
    const user = userEvent.setup();
    const input = await screen.findByLabelText('Qual é o título do seu projeto?');
    await user.click(screen.getByRole('button', { name: /Publicar projeto/ }));
    expect(await screen.findByText('Escreva o título do seu projeto.')).toBeInTheDocument();
    expect(input).toHaveFocus();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(router.state.location.pathname).toBe('/');
    await user.type(input, '  Trocar o esquentador  ');
    // After a failed submit every change is checked again: the message goes as soon as the title is there.
    await waitFor(() => expect(screen.queryByText('Escreva o título do seu projeto.')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: /Publicar projeto/ }));
    // Logged out: /areadocliente sends on to the client login, which then lands on /agendamento.
    await waitFor(() => expect(router.state.location.pathname).toBe('/areadocliente/login'));
    expect(localStorage.getItem('tituloProjeto')).toBe('Trocar o esquentador');
    expect(localStorage.getItem('especialidadeProjeto')).toBeNull();
    expect(localStorage.getItem('redirect')).toBe('true');
  });

  it('with a client session goes to the project form', async () => {
    sessionStorage.setItem('token', fakeToken());
    const { router } = renderAt('/');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Qual é o título do seu projeto?'), 'Instalar câmaras{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/agendamento'));
    expect(localStorage.getItem('tituloProjeto')).toBe('Instalar câmaras');
  });
});

describe('como funciona', () => {
  it('shows both journeys, the six benefits and the registration links', async () => {
    renderAt('/comofunciona');
    expect(await screen.findByRole('heading', { level: 1, name: 'Como funciona' })).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Passos para clientes' })).getAllByRole('listitem')).toHaveLength(3);
    expect(within(screen.getByRole('list', { name: 'Passos para técnicos' })).getAllByRole('listitem')).toHaveLength(4);
    const benefits = screen.getByRole('heading', { name: 'Vantagens para técnicos' }).closest('section')!;
    expect(within(benefits).getAllByRole('listitem')).toHaveLength(6);
    expect(screen.getByText(/Garantia técnica até 14 dias/)).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Criar conta de cliente' })).toHaveAttribute('href', '/cadastro-cliente');
    expect(within(main).getByRole('link', { name: 'Registar como profissional' })).toHaveAttribute('href', '/cadastro-profissional');
  });
});
