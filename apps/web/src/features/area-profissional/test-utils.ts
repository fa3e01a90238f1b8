import { vi } from 'vitest';
import { fakeToken } from '../../test/render';
import { notFound, type Handler } from '../../test/server';

export const PROF_ID = 1;

/** A logged-in professional, as the login screen leaves the storage. */
export function loginProfissional({ id = PROF_ID as number | null } = {}) {
  sessionStorage.setItem('token_profissional', fakeToken());
  localStorage.setItem('tipo', 'profissional');
  localStorage.setItem('email', 'joao.ferreira@exemplo.pt');
  if (id !== null) {
    localStorage.setItem('id', String(id));
    localStorage.setItem('profissionalId', String(id));
  }
}

/**
 * Everything the professional's dashboard (/areadoprofissional/menu) asks for, answering 404 (the
 * section says it could not load). A test spreads it first, then gives what it looks at.
 */
export const dashboardNotFound = (id: number = PROF_ID): Record<string, Handler> => ({
  [`GET /api/profissional/${id}`]: notFound,
  [`GET /api/subscriptions/credito/${id}`]: notFound,
  [`GET /api/creditos/historico/${id}`]: notFound,
  [`GET /api/pagamentos/profissional/${id}`]: notFound,
  [`GET /api/creditos/profissional/${id}`]: notFound,
  'GET /api/profissional/retorno': notFound,
  'GET /api/profissional/selos': notFound,
  'GET /api/profissional/garantias': notFound,
});

export const job = (over: Partial<Record<string, unknown>> = {}) => ({
  id: 3,
  titulo: 'Fuga de água na casa de banho',
  descricao: 'Há água a escorrer por baixo do lavatório. Preciso de reparação rápida.',
  cidade: 'Matosinhos',
  bairro: 'Porto',
  especialidade: 'reparacao-fugas-agua',
  contato: null,
  tempo: 'URGENTE',
  clienteId: 2,
  creditos: 10,
  status: 'ABERTO',
  criadoEm: '2026-03-02T10:00:00.000Z',
  candidaturas: 2,
  jaCandidatado: false,
  cliente: { nome: 'Rui Costa', email: null },
  ...over,
});

export const paged = <T>(items: T[], over: Partial<{ page: number; hasMore: boolean; pageSize: number }> = {}) => ({
  items,
  page: 1,
  pageSize: 12,
  hasMore: false,
  ...over,
});

/** A stand-in for XMLHttpRequest that records what was sent and answers with `FakeXhr.reply`. */
export class FakeXhr {
  static sent: FakeXhr[] = [];
  static reply: { status: number; body: unknown } = { status: 200, body: {} };
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = null;
  status = 0;
  responseText = '';
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(k: string, v: string) {
    this.headers[k.toLowerCase()] = v;
  }
  send(body: unknown) {
    this.body = body;
    FakeXhr.sent.push(this);
    setTimeout(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 40, total: 100 });
      this.status = FakeXhr.reply.status;
      this.responseText = JSON.stringify(FakeXhr.reply.body);
      this.onload?.();
    }, 0);
  }
  static install(reply: { status: number; body: unknown } = { status: 200, body: {} }) {
    FakeXhr.sent = [];
    FakeXhr.reply = reply;
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  }
}
