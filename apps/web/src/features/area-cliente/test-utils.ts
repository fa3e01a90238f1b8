import { vi } from 'vitest';
import { fakeToken } from '../../test/render';

export const CLIENTE_ID = 3;

/** A logged-in client, as the login screen leaves the storage. */
export function loginCliente({ email = 'ana.sousa@exemplo.pt' }: { email?: string | null } = {}) {
  sessionStorage.setItem('token', fakeToken());
  localStorage.setItem('tipo', 'cliente');
  localStorage.setItem('id', String(CLIENTE_ID));
  localStorage.setItem('clienteId', String(CLIENTE_ID));
  if (email) localStorage.setItem('email', email);
}

export const project = (over: Partial<Record<string, unknown>> = {}) => ({
  id: 10,
  titulo: 'Substituir quadro elétrico',
  descricao: 'O quadro dispara quando ligo o forno e a máquina ao mesmo tempo.',
  cidade: 'Lisboa',
  bairro: 'Lisboa',
  especialidade: 'substituicao-quadros-eletricos',
  contato: '+351912345678',
  tempo: 'NORMAL',
  clienteId: CLIENTE_ID,
  creditos: null,
  status: 'ESPERA',
  criadoEm: '2026-03-02T10:00:00.000Z',
  candidaturas: 0,
  cliente: { nome: 'Ana Sousa', email: 'ana.sousa@exemplo.pt' },
  ...over,
});

/** jsdom lacks what embla-carousel asks the browser for (matchMedia, IntersectionObserver, ResizeObserver). */
export function stubCarouselApis() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }));
  class Observer {
    observe() {}
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return [];
    }
  }
  vi.stubGlobal('IntersectionObserver', Observer);
  vi.stubGlobal('ResizeObserver', Observer);
}
