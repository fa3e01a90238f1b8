import { fakeToken } from '../../test/render';

export const PROF_ID = 7;

/** A logged-in professional, as the login screen leaves the storage. */
export function loginProfissional() {
  sessionStorage.setItem('token_profissional', fakeToken());
  localStorage.setItem('tipo', 'profissional');
  localStorage.setItem('id', String(PROF_ID));
  localStorage.setItem('profissionalId', String(PROF_ID));
  localStorage.setItem('email', 'joao.ferreira@exemplo.pt');
}

export const payment = (over: Partial<Record<string, unknown>> = {}) => ({
  id: 12,
  plano: 'elite',
  valorCentimos: 12000,
  creditos: 150,
  metodo: 'card',
  provider: 'demo',
  estado: 'PENDENTE',
  criadoEm: '2026-03-02T10:00:00.000Z',
  pagoEm: null,
  ...over,
});
