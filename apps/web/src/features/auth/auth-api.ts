import { useMutation } from '@tanstack/react-query';
import type { LoginResponse, Registered, RegisterResponse, Role } from '@tc/shared';
import { api } from '../../lib/api';

export const useLogin = () =>
  useMutation({
    mutationFn: (body: { email: string; senha: string; tipo: Role }) => api<LoginResponse>('/auth/login', { method: 'POST', body }),
  });

export const useRegister = (tipo: 'cliente' | 'profissional') =>
  useMutation({
    mutationFn: (body: Record<string, string | boolean>) => api<Registered>(`/${tipo}/register`, { method: 'POST', body }),
  });

export const useAdminRegister = () =>
  useMutation({
    mutationFn: (body: { nome: string; email: string; senha: string }) => api<RegisterResponse>('/admin/register', { method: 'POST', body, as: 'admin' }),
  });
