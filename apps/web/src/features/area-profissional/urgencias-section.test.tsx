import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, configure, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Providers } from '../../app/providers';
import { EmergencyAvailability } from '../area-cliente/emergency-availability';
import { UrgenciasSection } from './urgencias-section';
import { json, mockApi } from '../../test/server';
import { loginProfissional } from './test-utils';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
});

describe('"Urgências 24h" in the professional\'s account', () => {
  it('takes emergencies in chosen hours, refuses equal hours, and saves', async () => {
    loginProfissional();
    let saved: unknown;
    mockApi.routes({
      'GET /api/profissional/urgencias': () => json({ aceitaUrgencias: false, inicio: 0, fim: 24 }),
      'PUT /api/profissional/urgencias': (req) => {
        saved = req.body;
        return json(saved);
      },
    });
    render(
      <Providers>
        <UrgenciasSection />
      </Providers>,
    );
    const take = await screen.findByRole('checkbox', { name: /Aceito urgências/ });
    expect(screen.getByLabelText('Das')).toBeDisabled();
    await userEvent.click(take);
    await userEvent.selectOptions(screen.getByLabelText('Das'), '20');
    await userEvent.selectOptions(screen.getByLabelText('Às'), '20');
    expect(await screen.findByText('Escolha uma hora de fim diferente da de início.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Guardar urgências' })).toBeDisabled();
    await userEvent.selectOptions(screen.getByLabelText('Às'), '8');
    expect(screen.getByText('Passa a meia-noite (por exemplo, das 20:00 às 08:00).')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Guardar urgências' }));
    await waitFor(() => expect(saved).toEqual({ aceitaUrgencias: true, inicio: 20, fim: 8 }));
    expect(await screen.findByText('Passa a receber urgências no horário escolhido.')).toBeInTheDocument();
  });
});

describe('before publishing an emergency, the client sees who takes them', () => {
  it('asks only for an emergency with a district, and says how many are on call', async () => {
    mockApi.routes({
      'GET /api/urgencias/disponiveis': (req) => json(req.query.get('bairro') === 'Faro' ? { total: 3, agora: 1 } : { total: 0, agora: 0 }),
    });
    const { rerender } = render(
      <Providers>
        <EmergencyAvailability tempo="NORMAL" bairro="Faro" especialidade="" />
      </Providers>,
    );
    expect(screen.queryByRole('status')).toBeNull();
    rerender(
      <Providers>
        <EmergencyAvailability tempo="AVARIA" bairro="Faro" especialidade="quadro-eletrico-dispara" />
      </Providers>,
    );
    expect(await screen.findByText(/3 profissionais de Faro desta especialidade aceitam urgências \(1 de serviço agora\)/)).toBeInTheDocument();
    expect(mockApi.calls('GET', '/api/urgencias/disponiveis')[0].url).toContain('especialidade=quadro-eletrico-dispara');
    rerender(
      <Providers>
        <EmergencyAvailability tempo="PIQUETE" bairro="Beja" especialidade="" />
      </Providers>,
    );
    expect(await screen.findByText(/Ainda nenhum profissional de Beja aceita urgências/)).toBeInTheDocument();
  });
});
