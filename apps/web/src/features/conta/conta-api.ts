import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { M, type Account, type DataExport, type MessageResponse, type PasswordChanged } from '@tc/shared';
import { api } from '../../lib/api';
import { getLocal, getToken, LOGIN_PATH, replaceToken } from '../../lib/session';

export type ContaTipo = 'cliente' | 'profissional';

export const MENU_PATH: Record<ContaTipo, string> = {
  cliente: '/areadocliente/menu',
  profissional: '/areadoprofissional/menu',
};
export { LOGIN_PATH };

export type ContaSession = { ok: true; tipo: ContaTipo; email: string } | { ok: false; message: string; tipo?: ContaTipo };

/**
 * Spec §6: the stored `tipo` picks menu, logout target and endpoints; any other value is
 * 'Tipo de usuário inválido'. Without the e-mail or the token: 'Dados de autenticação ausentes'.
 */
export function readContaSession(): ContaSession {
  const raw = getLocal('tipo');
  const email = getLocal('email');
  if (raw !== 'cliente' && raw !== 'profissional') return { ok: false, message: M.tipoInvalido };
  if (!email || !getToken(raw)) return { ok: false, message: M.authMissing, tipo: raw };
  return { ok: true, tipo: raw, email };
}

export const accountKey = (tipo: ContaTipo, email: string) => ['conta', tipo, email.toLowerCase()] as const;

export const useAccount = (tipo: ContaTipo | undefined, email: string | undefined) =>
  useQuery({
    queryKey: accountKey(tipo ?? 'cliente', email ?? ''),
    queryFn: ({ signal }) => api<Account>(`/${tipo}/account/${encodeURIComponent(email!)}`, { as: tipo, signal }),
    enabled: !!tipo && !!email,
  });

export const useEditProfile = (tipo: ContaTipo) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => api<Account>(`/${tipo}/edit-profile`, { method: 'PUT', body: form, as: tipo }),
    onSuccess: (account) => {
      qc.setQueryData(accountKey(tipo, account.email), account);
      return qc.invalidateQueries({ queryKey: ['conta', tipo] });
    },
  });
};

export const useChangePassword = (tipo: ContaTipo) =>
  useMutation({
    mutationFn: (body: { id: number; senhaAtual: string; novaSenha: string }) =>
      api<PasswordChanged>(`/${tipo}/change-password`, { method: 'PUT', body, as: tipo }),
    // The server ends every older session and hands this one a fresh token: keep using it.
    onSuccess: (data) => {
      if (data.access_token) replaceToken(tipo, data.access_token);
    },
  });

export const useDeleteAccount = (tipo: ContaTipo) =>
  useMutation({
    mutationFn: (senha: string) => api<MessageResponse>(`/${tipo}/delete-account`, { method: 'DELETE', body: { senha }, as: tipo }),
  });

/** RGPD: fetch everything the server holds about me (with my token) and save it as a JSON file. */
export async function downloadMyData(tipo: ContaTipo) {
  const data = await api<DataExport>(`/${tipo}/export-data`, { as: tipo });
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = 'os-meus-dados.json';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
