import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from 'react-router';
import { toast } from '../../components/ui/toast';
import { clienteRegisterBody, M, PASSWORD_MIN, type ClienteRegisterBody } from '@tc/shared';
import { Button } from '../../components/ui/button';
import { PasswordField, TextField } from '../../components/ui/field';
import { usePageTitle } from '../../components/ui/page-title';
import { errorMessage } from '../../lib/api';
import { useSingleFlight } from '../../lib/single-flight';
import { getLocal, saveSession } from '../../lib/session';
import { useRegister } from './auth-api';
import { applyServerErrors } from './use-server-errors';
import { TermsCheckbox } from './terms-checkbox';

export function RegisterClientePage() {
  usePageTitle('Cadastro do Cliente');
  const navigate = useNavigate();
  const mutation = useRegister('cliente');
  const [failure, setFailure] = useState<string | null>(null);
  // A project started on the home page waits through the sign-up (kept in local storage).
  const [draftTitle] = useState(() => (getLocal('redirect') ? getLocal('tituloProjeto') : null));
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<ClienteRegisterBody>({
    resolver: zodResolver(clienteRegisterBody),
    mode: 'onTouched',
  });

  const [submit, busy] = useSingleFlight(
    handleSubmit(async (values) => {
      setFailure(null);
      try {
        const data = await mutation.mutateAsync(values);
        saveSession('cliente', data, values.email);
        reset();
        toast.success(M.clienteRegistered);
        navigate('/areadocliente/completar-perfil', { replace: true });
      } catch (e) {
        applyServerErrors(e, setError, ['nome', 'email', 'senha', 'aceitaTermos']);
        const detail = errorMessage(e, '');
        setFailure(detail ? `${M.registerError} ${detail}` : M.registerError);
      }
    }),
  );

  return (
    <div className="container auth-page">
      <div className="card card-narrow">
        <h1>Cadastro do Cliente</h1>
        <p className="lead">Crie a sua conta grátis e publique o seu projeto em menos de 2 minutos.</p>
        {draftTitle && (
          <p className="alert alert-info" role="status">
            O seu projeto «{draftTitle}» fica guardado: depois de criar a conta, abre já preenchido.
          </p>
        )}
        {failure && (
          <div className="alert alert-error" role="alert">
            {failure}
          </div>
        )}
        <form onSubmit={submit} noValidate aria-label="Cadastro do Cliente">
          <TextField label="Nome" autoComplete="name" error={errors.nome?.message} {...register('nome')} />
          <TextField label="Email" type="email" autoComplete="email" inputMode="email" error={errors.email?.message} {...register('email')} />
          <PasswordField
            label="Senha"
            autoComplete="new-password"
            hint={`Pelo menos ${PASSWORD_MIN} caracteres.`}
            error={errors.senha?.message}
            {...register('senha')}
          />
          <TermsCheckbox error={errors.aceitaTermos?.message} {...register('aceitaTermos')} />
          <Button type="submit" block loading={busy} loadingText="A criar conta...">
            Criar conta
          </Button>
        </form>
        <div className="form-links">
          <Link to="/areadocliente/login">Já tem conta? Entrar</Link>
          <Link to="/cadastro-profissional">É profissional? Registe-se aqui</Link>
        </div>
      </div>
    </div>
  );
}
