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
import { useAdminRegister, useAdminSignupStatus } from './auth-api';
import { applyServerErrors } from './use-server-errors';

type Form = { nome: string; email: string; senha: string; confirmarSenha: string };

/** First run: anyone may create the first admin. Afterwards only a logged-in admin adds others. */
export function AdminSignupPage() {
  usePageTitle('Cadastro de Administrador');
  const navigate = useNavigate();
  const status = useAdminSignupStatus();
  const mutation = useAdminRegister();
  const isAdmin = !!getToken('admin');
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, reset, setError, formState: { errors } } = useForm<Form>({
    resolver: zodResolver(adminRegisterForm),
    mode: 'onTouched',
  });

  const [submit, busy] = useSingleFlight(handleSubmit(async ({ nome, email, senha }) => {
    setFailure(null);
    try {
      await mutation.mutateAsync({ nome, email, senha });
      reset();
      toast.success(M.adminSignupSuccess);
      navigate(isAdmin ? '/dashboard' : '/login', { replace: true });
    } catch (e) {
      applyServerErrors(e, setError, ['nome', 'email', 'senha']);
      const detail = errorMessage(e, '');
      setFailure(detail ? `${M.adminSignupError} ${detail}` : M.adminSignupError);
    }
  }));

  const closed = status.data && !status.data.aberto && !isAdmin;
  return (
    <div className="container auth-page">
      <div className="card card-narrow">
        <h1>Cadastro de Administrador</h1>
        {status.isPending && <p className="lead" role="status"><span className="spinner" aria-hidden /> A verificar…</p>}
        {closed && (
          <div className="alert alert-info" role="status">
            {M.adminSignupClosed} <Link to="/login">Ir para o login</Link>
          </div>
        )}
        {!status.isPending && !closed && (
          <>
            <p className="lead">{isAdmin ? 'Adicione outro membro à equipa de administração.' : 'Crie a primeira conta de administração da plataforma.'}</p>
            {failure && <div className="alert alert-error" role="alert">{failure}</div>}
            <form onSubmit={submit} noValidate aria-label="Cadastro de Administrador">
              <TextField label="Nome" autoComplete="name" error={errors.nome?.message} {...register('nome')} />
              <TextField label="E-mail" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
              <PasswordField label="Senha" autoComplete="new-password" hint={`Pelo menos ${PASSWORD_MIN} caracteres.`} error={errors.senha?.message} {...register('senha')} />
              <PasswordField label="Confirmar senha" autoComplete="new-password" error={errors.confirmarSenha?.message} {...register('confirmarSenha')} />
              <Button type="submit" block loading={busy} loadingText="A registar...">Registar</Button>
            </form>
          </>
        )}
        <div className="form-links"><Link to="/login">Já tem conta? Entrar</Link></div>
      </div>
    </div>
  );
}
