import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from '../../components/ui/toast';
import { adminLoginFormSchema, loginFormSchema, M, type Role } from '@tc/shared';
import { Button } from '../../components/ui/button';
import { PasswordField, TextField } from '../../components/ui/field';
import { usePageTitle } from '../../components/ui/page-title';
import { errorMessage } from '../../lib/api';
import { useSingleFlight } from '../../lib/single-flight';
import { getLocal, saveSession, setLocal } from '../../lib/session';
import { useLogin } from './auth-api';

const COPY: Record<Role, { title: string; lead: string; register: string; registerLabel: string; forgot: string; home: string }> = {
  cliente: {
    title: 'Área do Cliente',
    lead: 'Entre para publicar projetos e acompanhar os profissionais.',
    register: '/cadastro-cliente',
    registerLabel: 'Ainda não tem conta? Registe-se',
    forgot: '/cliente/esqueci-senha',
    home: '/areadocliente/menu',
  },
  profissional: {
    title: 'Área do Profissional',
    lead: 'Entre para encontrar trabalhos e gerir os seus créditos.',
    register: '/cadastro-profissional',
    registerLabel: 'Ainda não tem conta? Registe-se grátis',
    forgot: '/profissional/esqueci-senha',
    home: '/areadoprofissional/menu',
  },
  admin: {
    title: 'Administrador',
    lead: 'Acesso reservado à equipa de moderação.',
    register: '/cadastro',
    registerLabel: 'Criar conta de administrador',
    forgot: '/admin/esqueci-senha',
    home: '/dashboard',
  },
};

type Form = { email: string; senha: string };

/** Why a visitor who pressed "Publicar projeto" (or chose a service) lands on the client log-in. */
export const PUBLISH_LOGIN_REASON = 'Inicie sessão ou crie uma conta para publicar o seu projeto.';

export function LoginPage({ role }: { role: Role }) {
  const copy = COPY[role];
  usePageTitle(role === 'admin' ? 'Login do Administrador' : `Entrar: ${copy.title}`);
  const navigate = useNavigate();
  const location = useLocation();
  const login = useLogin();
  const [failure, setFailure] = useState<string | null>(null);
  // A known e-mail is filled in: one passed along (after registering) or the one this browser kept for this role.
  const knownEmail = (location.state as { email?: string } | null)?.email ?? (getLocal('tipo') === role ? getLocal('email') : null) ?? '';
  // A visitor who started a project on the home page: say why they are here, and keep the project.
  const startedProject = role === 'cliente' && !!getLocal('redirect');
  const draftTitle = startedProject ? getLocal('tituloProjeto') : null;
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<Form>({
    resolver: zodResolver(role === 'admin' ? adminLoginFormSchema : loginFormSchema),
    defaultValues: { email: knownEmail, senha: '' },
    mode: 'onTouched',
  });

  const [submit, busy] = useSingleFlight(
    handleSubmit(async (values) => {
      setFailure(null);
      try {
        const data = await login.mutateAsync({ ...values, tipo: role });
        saveSession(role, data, values.email.trim().toLowerCase());
        toast.success(M.loginSuccess);
        const from = (location.state as { from?: string } | null)?.from;
        // Spec §2: a client who started a project while logged out goes straight back to it.
        if (role === 'cliente' && getLocal('redirect')) {
          setLocal('redirect', null);
          navigate('/agendamento', { replace: true });
        } else {
          navigate(from && from !== location.pathname ? from : copy.home, { replace: true });
        }
      } catch (e) {
        const msg = errorMessage(e, M.loginError);
        setFailure(msg === M.loginError || !msg ? M.loginError : msg);
        toast.error(M.loginError);
      }
    }),
  );

  return (
    <div className="container auth-page">
      <div className="card card-narrow">
        <h1>{copy.title}</h1>
        {startedProject ? (
          <div className="alert alert-info draft-note" role="status">
            <p>
              <strong>{PUBLISH_LOGIN_REASON}</strong>
            </p>
            {draftTitle && <p>O seu projeto «{draftTitle}» fica guardado e abre já preenchido a seguir.</p>}
          </div>
        ) : (
          <p className="lead">{copy.lead}</p>
        )}
        {failure && (
          <div className="alert alert-error" role="alert">
            {failure}
          </div>
        )}
        <form onSubmit={submit} noValidate aria-label={`Entrar: ${copy.title}`}>
          <TextField label="Email" type="email" autoComplete="email" inputMode="email" error={errors.email?.message} {...register('email')} />
          <PasswordField label="Senha" autoComplete="current-password" error={errors.senha?.message} {...register('senha')} />
          <Button type="submit" block loading={busy} loadingText="A entrar...">
            Entrar
          </Button>
        </form>
        {startedProject && (
          <div className="draft-register">
            <span className="muted">Ainda não tem conta?</span>
            <Link to={copy.register} className="btn btn-outline btn-block">
              Criar conta
            </Link>
          </div>
        )}
        <div className="form-links">
          {!startedProject && <Link to={copy.register}>{copy.registerLabel}</Link>}
          <Link to={copy.forgot}>Esqueci-me da senha</Link>
        </div>
      </div>
    </div>
  );
}
