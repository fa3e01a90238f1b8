import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from 'react-router';
import { toast } from '../../components/ui/toast';
import { M, otpSendBody, type MessageResponse } from '@tc/shared';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { usePageTitle } from '../../components/ui/page-title';
import { api, errorMessage } from '../../lib/api';
import { setLocal } from '../../lib/session';
import { useSingleFlight } from '../../lib/single-flight';
import { LOGIN, useRecoveryRole } from './recovery-shared';

export function EsqueciSenhaPage() {
  usePageTitle('Recuperar senha');
  const role = useRecoveryRole();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<{ email: string }>({ resolver: zodResolver(otpSendBody), mode: 'onTouched' });
  const [submit, busy] = useSingleFlight(
    handleSubmit(async ({ email }) => {
      setFailure(null);
      try {
        const r = await api<MessageResponse>('/otp/send', { method: 'POST', body: { email, tipo: role } });
        setLocal('email', email);
        toast.success(r.message);
        navigate(`/${role}/otp`);
      } catch (e) {
        setFailure(errorMessage(e, M.otpSendError));
      }
    }),
  );
  return (
    <div className="container auth-page">
      <div className="card card-narrow">
        <h1>Recuperar senha</h1>
        <p className="lead">Indique o e-mail da sua conta. Enviamos um código de 6 dígitos, válido durante 10 minutos.</p>
        {failure && (
          <div className="alert alert-error" role="alert">
            {failure}
          </div>
        )}
        <form onSubmit={submit} noValidate aria-label="Recuperar senha">
          <TextField label="E-mail" type="email" autoComplete="email" inputMode="email" error={errors.email?.message} {...register('email')} />
          <Button type="submit" block loading={busy} loadingText="A enviar...">
            Enviar código
          </Button>
        </form>
        <div className="form-links">
          <Link to={LOGIN[role]}>Voltar ao login</Link>
        </div>
      </div>
    </div>
  );
}
