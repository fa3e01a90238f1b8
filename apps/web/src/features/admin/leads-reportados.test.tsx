import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminLeadReport } from '@tc/shared';
import { renderAt } from '../../test/render';
import { json, mockApi, paged, type Handler } from '../../test/server';
import { loginAdmin, stubLayoutApis } from './test-utils';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
  localStorage.clear();
});

const report = (over: Partial<AdminLeadReport>): AdminLeadReport => ({
  id: 1,
  candidaturaId: 31,
  motivo: 'CONTACTO_INVALIDO',
  nota: 'O número não existe.',
  estado: 'ABERTO',
  criadoEm: '2026-03-04T10:00:00.000Z',
  decididoEm: null,
  decididoPorNome: null,
  creditos: 12,
  candidatadoEm: '2026-03-03T09:00:00.000Z',
  reembolsadoEm: null,
  profissional: { id: 5, nome: 'João Ferreira', email: 'joao.ferreira@exemplo.pt' },
  projeto: { id: 40, titulo: 'Trocar quadro elétrico', status: 'ABERTO', contato: '+351912345678', clienteNome: 'Ana Sousa' },
  ...over,
});
const LIST = [
  report({}),
  report({ id: 2, candidaturaId: 32, motivo: 'CLIENTE_NAO_RESPONDE', nota: null, profissional: { id: 6, nome: 'Sofia Almeida', email: 'sofia@exemplo.pt' } }),
  report({
    id: 3,
    candidaturaId: 33,
    motivo: 'DUPLICADO',
    estado: 'REEMBOLSADO',
    decididoEm: '2026-03-05T11:00:00.000Z',
    decididoPorNome: 'Helena Marques',
    reembolsadoEm: '2026-03-05T11:00:00.000Z',
    profissional: null,
    projeto: null,
  }),
  report({ id: 4, candidaturaId: 34, estado: 'RECUSADO', decididoEm: '2026-03-05T12:00:00.000Z', decididoPorNome: 'Helena Marques', nota: 'Sem provas.' }),
];

const table = () => screen.findByRole('table', {}, { timeout: 5000 });
const row = (text: string) => screen.getAllByRole('row').find((r) => r.textContent?.includes(text))!;

function stubPage(list: Handler, extra: Record<string, Handler> = {}) {
  stubLayoutApis();
  mockApi.routes({ 'GET /api/admin/leads-reportados': list, ...extra });
}

describe('Leads reportados (admin)', () => {
  it('is in the admin navigation and lists each report: reason, note, who, which project, credits and state', async () => {
    loginAdmin();
    stubPage(() => json(paged(LIST)));
    renderAt('/leads-reportados');
    expect(await screen.findByRole('heading', { level: 1, name: 'Leads reportados' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Administração' })).toContainElement(screen.getByRole('link', { name: 'Leads reportados' }));
    expect(screen.getByRole('link', { name: 'Leads reportados' })).toHaveAttribute('aria-current', 'page');
    await table();
    expect(mockApi.calls('GET', '/api/admin/leads-reportados')[0]!.query.get('page')).toBe('1');

    const open = row('O número não existe.');
    expect(open).toHaveTextContent('Contacto inválido');
    expect(open).toHaveTextContent('João Ferreira');
    expect(open).toHaveTextContent('Trocar quadro elétrico');
    expect(open).toHaveTextContent('Ana Sousa');
    expect(open).toHaveTextContent('+351 912 345 678');
    expect(open).toHaveTextContent('12 créditos');
    expect(open).toHaveTextContent('Por decidir');
    expect(within(open).getByRole('button', { name: /^Reembolsar/ })).toBeEnabled();
    expect(within(open).getByRole('button', { name: /^Recusar/ })).toBeEnabled();

    expect(row('Sofia Almeida')).toHaveTextContent('Cliente não responde');
    const refunded = row('Duplicado');
    expect(refunded).toHaveTextContent('Reembolsado');
    expect(refunded).toHaveTextContent('Helena Marques');
    expect(refunded).toHaveTextContent('Conta eliminada');
    expect(refunded).toHaveTextContent('Projeto eliminado');
    expect(within(refunded).queryByRole('button')).not.toBeInTheDocument();
    expect(row('Sem provas.')).toHaveTextContent('Recusado');
    expect(within(row('Sem provas.')).queryByRole('button')).not.toBeInTheDocument();
  });

  it('"Reembolsar" is one click: sent once even on a double click, then the row shows the refund', async () => {
    loginAdmin();
    let answer!: () => void;
    const slow = new Promise<void>((r) => (answer = r));
    stubPage(() => json(paged(LIST)), {
      'PATCH /api/admin/leads-reportados/1/reembolsar': async () => {
        await slow;
        return json(
          report({ estado: 'REEMBOLSADO', decididoEm: '2026-03-06T10:00:00.000Z', decididoPorNome: 'Admin Teste', reembolsadoEm: '2026-03-06T10:00:00.000Z' }),
        );
      },
    });
    renderAt('/leads-reportados');
    await table();
    const user = userEvent.setup();
    await user.dblClick(within(row('O número não existe.')).getByRole('button', { name: /^Reembolsar/ }));
    expect(within(row('O número não existe.')).getByRole('button', { name: /A reembolsar/ })).toBeDisabled();
    expect(within(row('O número não existe.')).getByRole('button', { name: /^Recusar/ })).toBeDisabled();
    answer();
    await waitFor(() => expect(row('O número não existe.')).toHaveTextContent('Admin Teste'));
    expect(row('O número não existe.')).toHaveTextContent('Reembolsado');
    expect(within(row('O número não existe.')).queryByRole('button')).not.toBeInTheDocument();
    expect(mockApi.calls('PATCH', '/api/admin/leads-reportados/1/reembolsar')).toHaveLength(1);
    expect(await screen.findByText('Créditos devolvidos.')).toBeInTheDocument();
    expect(screen.getByText('João Ferreira recebeu 12 créditos e foi avisado.')).toBeInTheDocument();
  });

  it('"Recusar" closes the report; a refusal from the server is shown and the list reloaded', async () => {
    loginAdmin();
    let decided = false;
    stubPage(
      () =>
        json(
          paged(
            decided
              ? [
                  report({
                    id: 2,
                    estado: 'REEMBOLSADO',
                    decididoPorNome: 'Outra Admin',
                    nota: null,
                    profissional: { id: 6, nome: 'Sofia Almeida', email: 'sofia@exemplo.pt' },
                  }),
                ]
              : LIST.slice(0, 2),
          ),
        ),
      {
        'PATCH /api/admin/leads-reportados/1/recusar': () =>
          json(report({ estado: 'RECUSADO', decididoEm: '2026-03-06T10:00:00.000Z', decididoPorNome: 'Admin Teste' })),
        'PATCH /api/admin/leads-reportados/2/reembolsar': () => {
          decided = true;
          return json({ code: 'ALREADY_DECIDED', message: 'Este reporte já foi decidido.' }, 409);
        },
      },
    );
    renderAt('/leads-reportados');
    await table();
    const user = userEvent.setup();
    await user.click(within(row('O número não existe.')).getByRole('button', { name: /^Recusar/ }));
    await waitFor(() => expect(row('O número não existe.')).toHaveTextContent('Recusado'));
    expect(await screen.findByText('Reporte recusado.')).toBeInTheDocument();
    expect(mockApi.calls('PATCH', '/api/admin/leads-reportados/1/recusar')).toHaveLength(1);

    await user.click(within(row('Sofia Almeida')).getByRole('button', { name: /^Reembolsar/ }));
    expect(await screen.findByText('Não foi possível reembolsar.')).toBeInTheDocument();
    expect(screen.getByText('Este reporte já foi decidido.')).toBeInTheDocument();
    await waitFor(() => expect(row('Sofia Almeida')).toHaveTextContent('Outra Admin'));
  });

  it('shows a loading state, then an empty state; pages with Anterior / Próxima', async () => {
    loginAdmin();
    let answer!: () => void;
    const wait = new Promise<void>((r) => (answer = r));
    stubPage(async () => {
      await wait;
      return json(paged([]));
    });
    renderAt('/leads-reportados');
    expect(await screen.findByText('A carregar leads reportados...', {}, { timeout: 5000 })).toBeInTheDocument();
    answer();
    expect(await screen.findByText('Não há leads reportados.')).toBeInTheDocument();
    cleanup();

    stubPage((req) => json(paged(req.query.get('page') === '2' ? [LIST[3]!] : LIST.slice(0, 2), Number(req.query.get('page')), req.query.get('page') !== '2')));
    renderAt('/leads-reportados');
    await table();
    await userEvent.setup().click(screen.getByRole('button', { name: /Próxima/ }));
    expect(await screen.findByText('Sem provas.')).toBeInTheDocument();
    expect(mockApi.calls('GET', '/api/admin/leads-reportados').at(-1)!.query.get('page')).toBe('2');
  });
});
