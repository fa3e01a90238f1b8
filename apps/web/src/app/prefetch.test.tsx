import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { signedInAsClient, renderAt } from '../test/render';
import { mockApi, paged } from '../test/server';

// The profile screen's code is held back until the test lets it through, as a slow network would.
const code = vi.hoisted(() => {
  let release = () => {};
  const arrived = new Promise<void>((resolve) => (release = resolve));
  return { arrived, release: () => release() };
});
vi.mock('../features/profissionais/perfil-page', async (importOriginal) => {
  await code.arrived;
  return importOriginal();
});

signedInAsClient();

describe("a screen's data travels with its code", () => {
  it("a professional's profile is asked for before the profile screen's code has arrived, and only once; the page's bar from index.html stays until then", async () => {
    mockApi.routes({
      'GET /api/profissional/7': {
        id: 7,
        nome: 'João Ferreira',
        fotoUrl: null,
        notaMedia: null,
        especialidades: [],
        especialidadesLabels: [],
        cidade: 'Almada',
        bairro: 'Setúbal',
        verificado: false,
        selos: [],
        telefone: null,
        contato: null,
        descricao: null,
      },
      'GET /api/profissional/7/garantias': { profissionalId: 7, acionadas: 0, aceites: 0, contestadas: 0, semResposta: 0 },
      'GET /api/review/profissional/7': { ...paged([]), pageSize: 5 },
    });
    // The bar index.html paints before any script (#boot-header): it stays while the screen's code
    // is on its way and goes when the page is drawn, so the site's bar is never there twice.
    const boot = document.createElement('header');
    boot.id = 'boot-header';
    document.body.prepend(boot);

    renderAt('/profissionais/7');
    await waitFor(() => expect(mockApi.calls('GET', '/api/profissional/7')).toHaveLength(1));
    expect(screen.queryByRole('heading', { level: 1, name: 'João Ferreira' })).not.toBeInTheDocument();
    expect(document.getElementById('boot-header')).not.toBeNull();

    code.release();
    expect(await screen.findByRole('heading', { level: 1, name: 'João Ferreira' })).toBeInTheDocument();
    expect(document.getElementById('boot-header')).toBeNull();
    expect(mockApi.calls('GET', '/api/profissional/7')).toHaveLength(1);
  });
});
