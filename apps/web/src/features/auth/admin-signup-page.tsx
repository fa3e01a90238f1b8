import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from 'react-router';
import { toast } from '../../components/ui/toast';
import { adminRegisterForm, M, PASSWORD_MIN } from '@tc/shared';
import { Button } from '../../components/ui/button';
import { PasswordField, TextField } from '../../components/ui/field';
import { usePageTitle } from '../../components/ui/page-title';
import { errorMessage } from '../../lib/api';
import { useSingleFlight } from '../../lib/single-flight';
import { getToken } from '../../lib/session';
import { AdminLayout } from '../admin';
import { useAdminRegister } from './auth-api';
import { applyServerErrors } from './use-server-errors';

type Form = { nome: string; email: string; senha: string; confirmarSenha: string };

/**
 * "Novo administrador": only a logged-in admin adds others, inside the back office (sidebar, no public
 * header or footer); the first admin is created on the server (npm run admin:create).
 */
export function AdminSignupPage() {
  const isAdmin = !!getToken('admin');
  usePageTitle(isAdmin ? 'Novo administrador' : 'Registo de administrador');
  const navigate = useNavigate();
  const mutation = useAdminRegister();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<Form>({
    resolver: zodResolver(adminRegisterForm),
    mode: 'onTouched',
  });

  const [submit, busy] = useSingleFlight(
    handleSubmit(async ({ nome, email, senha }) => {
      setFailure(null);
      try {
        await mutation.mutateAsync({ nome, email, senha });
        reset();
        toast.success(M.adminSignupSuccess);
        navigate('/dashboard', { replace: true });
      } catch (e) {
        applyServerErrors(e, setError, ['nome', 'email', 'senha']);
        const detail = errorMessage(e, '');
        setFailure(detail ? `${M.adminSignupError} ${detail}` : M.adminSignupError);
      }
    }),
  );

  if (!isAdmin) {
    return (
      <div className="container auth-page">
        <div className="card card-narrow">
          <h1>Registo de administrador</h1>
          <div className="alert alert-info" role="status">
            {M.adminSignupClosed} <Link to="/login">Ir para o login</Link>
          </div>
        </div>
      </div>
    );
  }
  return (
    <AdminLayout title="Novo administrador" lead="Adicione outro membro à equipa de administração.">
      <div className="card admin-form-card">
        {failure && (
          <div className="alert alert-error" role="alert">
            {failure}
          </div>
        )}
        <form onSubmit={submit} noValidate aria-label="Registo de administrador">
          <TextField label="Nome" autoComplete="name" error={errors.nome?.message} {...register('nome')} />
          <TextField label="E-mail" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
          <PasswordField
            label="Senha"
            autoComplete="new-password"
            hint={`Pelo menos ${PASSWORD_MIN} caracteres.`}
            error={errors.senha?.message}
            {...register('senha')}
          />
          <PasswordField label="Confirmar senha" autoComplete="new-password" error={errors.confirmarSenha?.message} {...register('confirmarSenha')} />
          <Button type="submit" loading={busy} loadingText="A registar...">
            Registar
          </Button>
        </form>
      </div>
    </AdminLayout>
  );
}
