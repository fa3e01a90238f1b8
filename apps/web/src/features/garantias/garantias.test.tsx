import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { M } from '@tc/shared';
import { dialogButton, renderAt } from '../../test/render';
import { json, mockApi, notFound, type Handler } from '../../test/server';
import { CLIENTE_ID, loginCliente, project } from '../area-cliente/test-utils';
import { dashboardNotFound, FakeXhr, loginProfissional } from '../area-profissional/test-utils';

// Lazy route chunks and user-event typing are slow on a loaded 2-core machine.
configure({ asyncUtilTimeout: 10_000 });

const DAY = 24 * 60 * 60 * 1000;
beforeEach(() => {
  // jsdom has no object URLs: the previews and the private photos ask for them.
  let n = 0;
  URL.createObjectURL = vi.fn(() => `blob:foto-${++n}`);
  URL.revokeObjectURL = vi.fn();
  // Nor scrolling: pages bring a #section into view.
  Element.prototype.scrollIntoView = vi.fn();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
  localStorage.clear();
});

const png = (name: string, size = 3) => new File([new Uint8Array(size)], name, { type: 'image/png' });
const LIST = `GET /api/requests/cliente/${CLIENTE_ID}?page=1`;
/** The applicants of the concluded projects are not what is tested: they answer 404. */
const noApplicants = Object.fromEntries([12, 13, 14, 15].map((id) => [`GET /api/requests/${id}/profissionais`, notFound]));
const ago = (days: number) => new Date(Date.now() - days * DAY).toISOString();
const card = (title: string) => screen.getByRole('article', { name: title });

/** Concluded projects: within the window, past it, without a chosen professional, with a claim. */
const concluded = () => [
  project({ id: 12, titulo: 'Tomadas novas', status: 'CONCLUIDO', candidaturas: 1, escolhidoId: 7, concluidoEm: ago(3), garantia: null }),
  project({ id: 13, titulo: 'Quadro antigo', status: 'CONCLUIDO', candidaturas: 1, escolhidoId: 7, concluidoEm: ago(20), garantia: null }),
  project({ id: 14, titulo: 'Sem escolha', status: 'CONCLUIDO', candidaturas: 1, escolhidoId: null, concluidoEm: ago(1), garantia: null }),
  project({
    id: 15,
    titulo: 'Autoclismo',
    status: 'CONCLUIDO',
    candidaturas: 1,
    escolhidoId: 7,
    concluidoEm: ago(5),
    garantia: {
      id: 40,
      estado: 'ACEITE',
      agendadoPara: '2026-11-20T14:30:00.000Z',
      resposta: 'Passo lá para trocar a boia.',
      resolucao: null,
      criadoEm: ago(2),
    },
  }),
];

async function openDialog() {
  loginCliente({ email: null });
  mockApi.routes({ [LIST]: () => json({ items: concluded(), page: 1, pageSize: 20, hasMore: false }), ...noApplicants });
  renderAt(`/projetos/${CLIENTE_ID}`);
  const user = userEvent.setup({ delay: null, applyAccept: false });
  await user.click(await within(await screen.findByRole('article', { name: 'Tomadas novas' })).findByRole('button', { name: /Acionar garantia/ }));
  const dialog = await screen.findByRole('dialog', { name: 'Acionar garantia' });
  return { user, dialog };
}

describe('"Acionar garantia" on the client\'s projects', { timeout: 30_000 }, () => {
  it('is offered only on a concluded project with a chosen professional, within the 14 days; a claim shows its state', async () => {
    loginCliente({ email: null });
    mockApi.routes({ [LIST]: () => json({ items: concluded(), page: 1, pageSize: 20, hasMore: false }), ...noApplicants });
    renderAt(`/projetos/${CLIENTE_ID}`);
    await screen.findByRole('article', { name: 'Tomadas novas' });
    expect(within(card('Tomadas novas')).getByRole('button', { name: /^Acionar garantia\s*:\s*Tomadas novas$/ })).toBeInTheDocument();
    expect(within(card('Tomadas novas')).getByText(/Garantia técnica até/)).toBeInTheDocument();
    expect(within(card('Quadro antigo')).queryByRole('button', { name: /Acionar garantia/ })).not.toBeInTheDocument();
    expect(within(card('Quadro antigo')).getByText(/A garantia técnica de 14 dias terminou a/)).toBeInTheDocument();
    expect(within(card('Sem escolha')).queryByRole('button', { name: /Acionar garantia/ })).not.toBeInTheDocument();
    const claim = within(card('Autoclismo')).getByRole('region', { name: 'Pedido de garantia' });
    expect(within(claim).getByText('Aceite pelo profissional')).toBeInTheDocument();
    expect(within(claim).getByText('20/11/2026, 14:30')).toBeInTheDocument();
    expect(within(claim).getByText('Passo lá para trocar a boia.')).toBeInTheDocument();
    expect(within(card('Autoclismo')).queryByRole('button', { name: /Acionar garantia/ })).not.toBeInTheDocument();
  });

  it('checks the description and the photos before sending anything', async () => {
    FakeXhr.install();
    const { user, dialog } = await openDialog();
    expect(dialog).toHaveAccessibleDescription(
      /«Tomadas novas»: descreva o que não ficou bem\..*Pode acionar a garantia até \d{2}\/\d{2}\/\d{4} \(14 dias depois da conclusão\)\./,
    );
    await user.click(await dialogButton(dialog, 'Enviar pedido'));
    expect(await within(dialog).findByText('Descreva o problema.')).toBeInTheDocument();
    const text = within(dialog).getByLabelText('O que está mal?');
    expect(text).toHaveFocus();
    expect(text).toHaveAttribute('aria-invalid', 'true');
    await user.type(text, 'Aquece');
    await user.click(await dialogButton(dialog, 'Enviar pedido'));
    expect(await within(dialog).findByText('Descreva o problema com pelo menos 10 caracteres.')).toBeInTheDocument();

    const input = within(dialog).getByLabelText(/Fotografias \(opcional, até 3\)/);
    await user.upload(input, [new File(['%PDF'], 'fatura.pdf', { type: 'application/pdf' })]);
    expect(await within(dialog).findByText(M.imagemTipo)).toBeInTheDocument();
    await user.upload(input, [png('a.png'), png('b.png')]);
    expect(within(dialog).getByRole('img', { name: 'Fotografia 1: a.png' })).toBeInTheDocument();
    await user.upload(within(dialog).getByLabelText(/Fotografias \(opcional/), [png('c.png'), png('d.png')]);
    expect(await within(dialog).findByText('Pode juntar no máximo 3 fotografias.')).toBeInTheDocument();
    expect(within(dialog).getAllByRole('button', { name: /^Remover a fotografia/ })).toHaveLength(2);
    await user.upload(within(dialog).getByLabelText(/Fotografias \(opcional/), [png('grande.png', 10 * 1024 * 1024 + 1)]);
    expect(await within(dialog).findByText(M.imagemMax)).toBeInTheDocument();
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it('sends the description and photos with a progress bar, then closes and refreshes the list', async () => {
    FakeXhr.install({ status: 201, body: { id: 41, estado: 'ABERTA' } });
    // Holds the answer until the test has seen the progress.
    let finish = () => {};
    vi.stubGlobal(
      'XMLHttpRequest',
      class extends FakeXhr {
        send(body: unknown) {
          this.body = body;
          FakeXhr.sent.push(this);
          setTimeout(() => this.upload.onprogress?.({ lengthComputable: true, loaded: 40, total: 100 }), 0);
          finish = () => {
            this.status = 201;
            this.responseText = JSON.stringify({ id: 41, estado: 'ABERTA' });
            this.onload?.();
          };
        }
      },
    );
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('O que está mal?'), '  A tomada da cozinha voltou a aquecer.  ');
    await user.upload(within(dialog).getByLabelText(/Fotografias \(opcional/), [png('a.png'), png('b.png')]);
    await user.click(await dialogButton(dialog, 'Remover a fotografia 1 (a.png)'));
    await user.upload(within(dialog).getByLabelText(/Fotografias \(opcional/), [png('c.png')]);
    const before = mockApi.calls().length;
    await user.click(await dialogButton(dialog, 'Enviar pedido'));
    const bar = await within(dialog).findByRole('progressbar', { name: 'A enviar: 40%' });
    expect(bar).toHaveAttribute('value', '40');
    expect(within(dialog).getByRole('button', { name: 'A enviar...' })).toBeDisabled();
    finish();
    expect(await screen.findByText('Pedido de garantia enviado.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Acionar garantia' })).not.toBeInTheDocument());
    expect(FakeXhr.sent).toHaveLength(1);
    const xhr = FakeXhr.sent[0]!;
    expect([xhr.method, xhr.url]).toEqual(['POST', '/api/requests/12/garantia']);
    expect(xhr.headers.authorization).toMatch(/^Bearer /);
    const form = xhr.body as FormData;
    expect(form.get('descricao')).toBe('A tomada da cozinha voltou a aquecer.');
    expect((form.getAll('fotos') as File[]).map((f) => f.name)).toEqual(['b.png', 'c.png']);
    // The project list is asked again (the card then shows the claim).
    await waitFor(() => expect(mockApi.calls().length).toBeGreaterThan(before));
  });

  it("shows the server's refusal in the dialog and keeps what was written", async () => {
    const prazo = 'O prazo da garantia terminou: a garantia só pode ser acionada até 14 dias depois de o projeto ser concluído.';
    FakeXhr.install({ status: 409, body: { code: 'GUARANTEE_EXPIRED', message: prazo } });
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('O que está mal?'), 'O disjuntor continua a disparar.');
    await user.click(await dialogButton(dialog, 'Enviar pedido'));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(prazo);
    expect(within(dialog).getByLabelText('O que está mal?')).toHaveValue('O disjuntor continua a disparar.');
    expect(screen.getByRole('dialog', { name: 'Acionar garantia' })).toBeInTheDocument();
  });
});

const claim = (over: Record<string, unknown> = {}) => ({
  id: 5,
  requestId: 12,
  titulo: 'Tomadas novas',
  descricao: 'A tomada da cozinha voltou a aquecer.',
  fotos: 1,
  estado: 'ABERTA',
  resposta: null,
  agendadoPara: null,
  respondidoEm: null,
  resolucao: null,
  fechadoEm: null,
  fechadoPorNome: null,
  criadoEm: '2026-03-05T10:00:00.000Z',
  concluidoEm: '2026-03-02T10:00:00.000Z',
  cliente: { id: 3, nome: 'Ana Sousa', contacto: '+351912345678', email: null },
  profissional: { id: 1, nome: 'João Ferreira', contacto: null, email: null },
  ...over,
});
/** "2026-11-20T14:30" in the test's time zone, as a datetime-local input holds it. */
const localInput = (d: Date) => new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);

function proStubs(extra: Record<string, Handler> = {}) {
  let answered: Record<string, unknown> | null = null;
  mockApi.routes({
    ...dashboardNotFound(),
    'GET /api/profissional/garantias': () => json({ items: [claim(answered ?? {})], page: 1, pageSize: 5, hasMore: false }),
    'GET /api/garantias/5/fotos/1': () => new Response(new Blob([new Uint8Array([1, 2, 3])], { type: 'image/webp' }), { status: 200 }),
    'PATCH /api/garantias/5/aceitar': (req) => {
      const body = req.json();
      answered = { estado: 'ACEITE', agendadoPara: body.agendadoPara, resposta: body.resposta ?? null };
      return json(claim(answered));
    },
    'PATCH /api/garantias/5/contestar': (req) => {
      answered = { estado: 'CONTESTADA', resposta: req.json().resposta };
      return json(claim(answered));
    },
    ...extra,
  });
}

describe('"Garantias" on the professional\'s dashboard', { timeout: 30_000 }, () => {
  it("lists the claim with the client's contact and the private photo; accepts it with a date", async () => {
    loginProfissional();
    proStubs();
    renderAt('/areadoprofissional/menu');
    const section = await screen.findByRole('region', { name: /Garantias/ });
    const item = await within(section).findByRole('article', { name: 'Tomadas novas' });
    expect(within(section).getByText('1 por responder')).toBeInTheDocument();
    expect(within(item).getByText('A tomada da cozinha voltou a aquecer.')).toBeInTheDocument();
    expect(within(item).getByRole('link', { name: /Contacto/ })).toHaveAttribute('href', 'tel:+351912345678');
    // The photo comes through the authorised route, with the professional's token.
    expect(await within(item).findByRole('img', { name: 'Fotografia 1 do problema: Tomadas novas' })).toHaveAttribute('src', 'blob:foto-1');
    const photoCall = mockApi.calls('GET', '/api/garantias/5/fotos/1')[0]!;
    expect(photoCall.headers.authorization).toMatch(/^Bearer /);

    const user = userEvent.setup({ delay: null });
    await user.click(within(item).getByRole('button', { name: /^Aceitar e marcar visita\s*:\s*Tomadas novas$/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Aceitar e marcar visita' });
    await user.click(await dialogButton(dialog, 'Aceitar e avisar o cliente'));
    expect(await within(dialog).findByText('Indique a data e a hora da visita.')).toBeInTheDocument();
    const when = within(dialog).getByLabelText('Data e hora da visita');
    fireEvent.change(when, { target: { value: localInput(new Date(Date.now() - DAY)) } });
    await user.click(await dialogButton(dialog, 'Aceitar e avisar o cliente'));
    expect(await within(dialog).findByText('A data da visita tem de ser no futuro.')).toBeInTheDocument();
    expect(mockApi.calls('PATCH', '/api/garantias/5/aceitar')).toHaveLength(0);

    const visit = new Date(Date.now() + 2 * DAY);
    visit.setSeconds(0, 0);
    fireEvent.change(when, { target: { value: localInput(visit) } });
    await user.type(within(dialog).getByLabelText('Mensagem para o cliente (opcional)'), 'Levo um disjuntor novo.');
    await user.click(await dialogButton(dialog, 'Aceitar e avisar o cliente'));
    expect(await screen.findByText('Garantia aceite: o cliente foi avisado da visita.')).toBeInTheDocument();
    const sent = mockApi.calls('PATCH', '/api/garantias/5/aceitar');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toEqual({ agendadoPara: visit.toISOString(), resposta: 'Levo um disjuntor novo.' });
    // The list is read again: the claim is now accepted, without the answer buttons.
    expect(await within(section).findByText('Aceite: visita marcada')).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: /Aceitar e marcar visita/ })).not.toBeInTheDocument();
  });

  it('disputes with a required message; a refusal from the server shows in the dialog', async () => {
    loginProfissional();
    proStubs({
      'PATCH /api/garantias/5/contestar': () => json({ code: 'ALREADY_ANSWERED', message: 'Esta garantia já foi respondida.' }, 409),
    });
    renderAt('/areadoprofissional/menu');
    const item = await screen.findByRole('article', { name: 'Tomadas novas' });
    const user = userEvent.setup({ delay: null });
    await user.click(within(item).getByRole('button', { name: /^Contestar\s*:\s*Tomadas novas$/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Contestar o pedido' });
    await user.click(await dialogButton(dialog, 'Enviar contestação'));
    expect(await within(dialog).findByText('Explique ao cliente porque contesta o pedido.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Porque contesta?')).toHaveFocus();
    expect(mockApi.calls('PATCH', '/api/garantias/5/contestar')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('Porque contesta?'), 'A avaria é na máquina, que não fez parte do serviço.');
    await user.click(await dialogButton(dialog, 'Enviar contestação'));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Esta garantia já foi respondida.');
    expect(mockApi.calls('PATCH', '/api/garantias/5/contestar')[0]!.body).toEqual({ resposta: 'A avaria é na máquina, que não fez parte do serviço.' });
  });
});

describe('the guarantee rules on the public pages', { timeout: 30_000 }, () => {
  it('the home page and "Como funciona" explain the 14 days, how to open a claim and what happens', async () => {
    const { unmount } = renderAt('/');
    const home = await screen.findByRole('region', { name: 'Garantia técnica até 14 dias após a conclusão' });
    expect(home).toHaveTextContent('tem 14 dias para carregar em «Acionar garantia» em «Os meus projetos»');
    expect(home).toHaveTextContent('O profissional que escolheu é avisado e aceita marcar uma visita ou explica porque discorda');
    expect(within(home).getByRole('link', { name: 'Saiba como funciona a garantia' })).toHaveAttribute('href', '/comofunciona#garantia');
    unmount();
    renderAt('/comofunciona#garantia');
    const hiw = (await screen.findByRole('heading', { name: 'Garantia técnica até 14 dias após a conclusão' })).closest('div')!;
    // The page scrolls to the section in an effect, which may run a moment after the heading is there.
    await waitFor(() => expect(Element.prototype.scrollIntoView).toHaveBeenCalled());
    expect(hiw).toHaveTextContent('junte até 3 fotografias');
    expect(hiw).toHaveTextContent('Aplica-se aos trabalhos feitos pelo profissional que escolheu no projeto, um pedido por projeto.');
  });
});
