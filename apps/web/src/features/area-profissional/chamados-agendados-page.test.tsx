import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dialogButton, dialogReady, renderAt } from '../../test/render';
import { json, mockApi } from '../../test/server';
import { loginProfissional, paged, PROF_ID } from './test-utils';

configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const application = (id: number, titulo: string) => ({
  id,
  criadoEm: '2026-03-02T10:00:00.000Z',
  creditos: 10,
  request: {
    id: 100 + id,
    titulo,
    descricao: 'Descrição do trabalho.',
    cidade: 'Matosinhos',
    bairro: 'Porto',
    especialidade: 'reparacao-fugas-agua',
    status: 'ABERTO',
    tempo: 'NORMAL',
    contato: '+351912000111',
    cliente: { nome: 'Rui Costa', email: 'rui@exemplo.pt' },
  },
});

describe('Chamados agendados', () => {
  it('lists my applications with the client contact, 20 a page', async () => {
    loginProfissional();
    mockApi.routes({
      [`GET /api/creditos/profissional/${PROF_ID}`]: (req) =>
        req.url.endsWith('page=2')
          ? json(paged([application(1, 'Um trabalho antigo')], { page: 2, pageSize: 20 }))
          : json(paged([application(2, 'Fuga na cozinha')], { page: 1, pageSize: 20, hasMore: true })),
    });
    renderAt('/areadoprofissional/chamados-agendados');
    const card = (await screen.findByRole('heading', { name: 'Fuga na cozinha' })).closest('article')!;
    expect(within(card).getByText('Rui Costa')).toBeInTheDocument();
    expect(screen.getByText('Página 1')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: /Próxima/ }));
    expect(await screen.findByRole('heading', { name: 'Um trabalho antigo' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Próxima/ })).toBeDisabled();
    expect(mockApi.calls('GET', `/api/creditos/profissional/${PROF_ID}`).map((c) => c.url.split('?')[1])).toEqual(['page=1', 'page=2']);
  });

  it('says when there is nothing yet', async () => {
    loginProfissional();
    mockApi.routes({ [`GET /api/creditos/profissional/${PROF_ID}`]: () => json(paged([], { pageSize: 20 })) });
    renderAt('/areadoprofissional/chamados-agendados');
    expect(await screen.findByText('Nenhum chamado encontrado.')).toBeInTheDocument();
  });
});

describe('"Reportar contacto"', () => {
  const DAY = 24 * 60 * 60 * 1000;
  const recent = (id: number, titulo: string, over: Record<string, unknown> = {}) => ({
    ...application(id, titulo),
    criadoEm: new Date(Date.now() - 2 * DAY).toISOString(),
    reembolsadoEm: null,
    reporte: null,
    ...over,
  });
  const list = (...items: unknown[]) => ({ [`GET /api/creditos/profissional/${PROF_ID}`]: () => json(paged(items, { pageSize: 20 })) });
  const cardOf = async (titulo: string) => (await screen.findByRole('heading', { name: titulo })).closest('article')!;

  it('is offered within 7 days of applying, not later, and shows the state of a report', async () => {
    loginProfissional();
    mockApi.routes(
      list(
        recent(1, 'Contacto fresco'),
        recent(2, 'Candidatura antiga', { criadoEm: new Date(Date.now() - 8 * DAY).toISOString() }),
        recent(3, 'Já reportado', { reporte: { id: 9, motivo: 'DUPLICADO', estado: 'ABERTO', criadoEm: new Date().toISOString() } }),
        recent(4, 'Devolvido', {
          reembolsadoEm: new Date().toISOString(),
          reporte: { id: 10, motivo: 'CONTACTO_INVALIDO', estado: 'REEMBOLSADO', criadoEm: new Date().toISOString() },
        }),
        recent(5, 'Recusado', { reporte: { id: 11, motivo: 'CLIENTE_NAO_RESPONDE', estado: 'RECUSADO', criadoEm: new Date().toISOString() } }),
        recent(6, 'Fui escolhido', { resultado: 'ESCOLHIDO' }),
      ),
    );
    renderAt('/areadoprofissional/chamados-agendados');
    const fresh = await cardOf('Contacto fresco');
    expect(within(fresh).getByRole('button', { name: /^Reportar contacto\s*:\s*Contacto fresco$/ })).toBeInTheDocument();
    expect(within(fresh).getByText(/Pode reportar até \d{2}\/\d{2}\/\d{4}\./)).toBeInTheDocument();
    expect(within(await cardOf('Candidatura antiga')).queryByRole('button', { name: /Reportar contacto/ })).not.toBeInTheDocument();
    expect(within(await cardOf('Fui escolhido')).queryByRole('button', { name: /Reportar contacto/ })).not.toBeInTheDocument();
    expect(within(await cardOf('Já reportado')).getByText('Contacto reportado: em análise')).toBeInTheDocument();
    expect(within(await cardOf('Devolvido')).getByText(/Reembolsado: 10 créditos devolvidos/)).toBeInTheDocument();
    expect(within(await cardOf('Recusado')).getByText('Reporte recusado')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /Reportar contacto/ })).toHaveLength(1);
  });

  it('opens an accessible dialog: a reason is required, the note optional; sends once and closes', async () => {
    loginProfissional();
    let answer!: () => void;
    const slow = new Promise<void>((r) => (answer = r));
    let reported = false;
    mockApi.routes({
      [`GET /api/creditos/profissional/${PROF_ID}`]: () =>
        json(
          paged(
            [
              recent(
                1,
                'Contacto fresco',
                reported ? { reporte: { id: 5, motivo: 'CONTACTO_INVALIDO', estado: 'ABERTO', criadoEm: new Date().toISOString() } } : {},
              ),
            ],
            { pageSize: 20 },
          ),
        ),
      'POST /api/candidaturas/1/reportar': async () => {
        await slow;
        reported = true;
        return json({ id: 5, motivo: 'CONTACTO_INVALIDO', estado: 'ABERTO', criadoEm: new Date().toISOString() }, 201);
      },
    });
    renderAt('/areadoprofissional/chamados-agendados');
    const user = userEvent.setup();
    await user.click(within(await cardOf('Contacto fresco')).getByRole('button', { name: /Reportar contacto/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Reportar contacto' });
    expect(dialog).toHaveAccessibleDescription(/«Contacto fresco»: se o contacto não serviu, a nossa equipa analisa e devolve os 10 créditos que pagou\./);
    const reasons = within(dialog).getByRole('group', { name: 'Motivo' });
    expect(
      within(reasons)
        .getAllByRole('radio')
        .map((r) => r.closest('label')!.querySelector('.report-option-name')!.textContent),
    ).toEqual(['Contacto inválido', 'Cliente não responde', 'Duplicado']);

    // Without a reason: a message, nothing sent.
    await user.click(await dialogButton(dialog, 'Enviar reporte'));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Escolha o motivo do reporte.');
    expect(mockApi.calls('POST', '/api/candidaturas/1/reportar')).toHaveLength(0);

    await user.click(within(dialog).getByRole('radio', { name: /Contacto inválido/ }));
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    const note = within(dialog).getByLabelText('Nota para a equipa (opcional)');
    expect(note).toHaveAttribute('maxLength', '500');
    await user.type(note, 'O número não existe.');
    expect(within(dialog).getByText('20/500 caracteres')).toBeInTheDocument();
    await user.dblClick(within(dialog).getByRole('button', { name: 'Enviar reporte' }));
    expect(within(dialog).getByRole('button', { name: /A enviar/ })).toBeDisabled();
    answer();
    expect(await screen.findByText('Contacto reportado: em análise')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const sent = mockApi.calls('POST', '/api/candidaturas/1/reportar');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toEqual({ motivo: 'CONTACTO_INVALIDO', nota: 'O número não existe.' });
    expect(await screen.findByText('Contacto reportado.')).toBeInTheDocument();
  });

  it("shows the server's refusal in the dialog and keeps it open", async () => {
    loginProfissional();
    mockApi.routes({
      ...list(recent(1, 'Contacto fresco')),
      'POST /api/candidaturas/1/reportar': () =>
        json({ code: 'REPORT_WINDOW_CLOSED', message: 'Só pode reportar um contacto nos 7 dias seguintes à candidatura.' }, 409),
    });
    renderAt('/areadoprofissional/chamados-agendados');
    const user = userEvent.setup();
    await user.click(within(await cardOf('Contacto fresco')).getByRole('button', { name: /Reportar contacto/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Reportar contacto' });
    await user.click((await dialogReady(dialog)).getByRole('radio', { name: /Duplicado/ }));
    await user.click(await dialogButton(dialog, 'Enviar reporte'));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Só pode reportar um contacto nos 7 dias seguintes à candidatura.');
    await user.click(await dialogButton(dialog, 'Cancelar'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
