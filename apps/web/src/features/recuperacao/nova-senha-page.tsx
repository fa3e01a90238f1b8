import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from 'react-router';
import { toast } from '../../components/ui/toast';
import { M, PASSWORD_MIN, recoveryPasswordForm } from '@tc/shared';
import { Button } from '../../components/ui/button';
import { PasswordField } from '../../components/ui/field';
import { usePageTitle } from '../../components/ui/page-title';
import { api, errorMessage } from '../../lib/api';
import { getLocal } from '../../lib/session';
import { useSingleFlight } from '../../lib/single-flight';
import { ENTRY, RESET_TOKEN_KEY, useRecoveryRole } from './recovery-shared';

type Form = { novaSenha: string; confirmarSenha: string };

export function NovaSenhaPage() {
  usePageTitle('Nova senha');
  const role = useRecoveryRole();
  const navigate = useNavigate();
  const email = getLocal('email');
  const resetToken = sessionStorage.getItem(RESET_TOKEN_KEY);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<Form>({ resolver: zodResolver(recoveryPasswordForm), mode: 'onTouched' });
  const [submit, busy] = useSingleFlight(
    handleSubmit(async ({ novaSenha }) => {
      setFailure(null);
      try {
        await api('/' + role + '/recovery-password', { method: 'PUT', body: { email, novaSenha, resetToken } });
        sessionStorage.removeItem(RESET_TOKEN_KEY);
        toast.success(M.senhaAlterada);
        navigate(ENTRY[role], { replace: true });
      } catch (e) {
        const detail = errorMessage(e, '');
        setFailure(detail ? `${M.recError} ${detail}` : M.recError);
      }
    }),
  );

  if (!email || !resetToken) {
    return (
      <div className="container auth-page">
        <div className="card card-narrow">
          <h1>Nova senha</h1>
          <div className="alert alert-info" role="status">
            Para definir uma nova senha, valide primeiro o código enviado para o seu e-mail.
          </div>
          <Link className="btn btn-secondary" to={`/${role}/esqueci-senha`}>
            Recuperar senha
          </Link>
        </div>
      </div>
    );
  }
  return (
    <div className="container auth-page">
      <div className="card card-narrow">
        <h1>Nova senha</h1>
        <p className="lead">Escolha uma nova senha para {email}.</p>
        {failure && (
          <div className="alert alert-error" role="alert">
            {failure}
          </div>
        )}
        <form onSubmit={submit} noValidate aria-label="Definir nova senha">
          <PasswordField
            label="Nova senha"
            autoComplete="new-password"
            hint={`Pelo menos ${PASSWORD_MIN} caracteres.`}
            error={errors.novaSenha?.message}
            {...register('novaSenha')}
          />
          <PasswordField label="Confirmar nova senha" autoComplete="new-password" error={errors.confirmarSenha?.message} {...register('confirmarSenha')} />
          <Button type="submit" block loading={busy} loadingText="A guardar...">
            Alterar senha
          </Button>
        </form>
      </div>
    </div>
  );
}
