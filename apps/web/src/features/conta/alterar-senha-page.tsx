import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { toast } from '../../components/ui/toast';
import { changePasswordBody, M, PASSWORD_MIN } from '@tc/shared';
import { Button } from '../../components/ui/button';
import { PasswordField } from '../../components/ui/field';
import { MessageDialog } from '../../components/ui/message-dialog';
import { usePageTitle } from '../../components/ui/page-title';
import { ErrorState } from '../../components/ui/states';
import { errorMessage } from '../../lib/api';
import { useSingleFlight } from '../../lib/single-flight';
import { getToken, storedId, useSession } from '../../lib/session';
import { readContaSession, useChangePassword, type ContaTipo } from './conta-api';
import { applyServerErrors } from './server-errors';
import './conta.css';

const formSchema = changePasswordBody.omit({ id: true });

export function AlterarSenhaPage() {
  usePageTitle('Alterar senha');
  useSession();
  const session = readContaSession();
  // Without a session there is nobody to change the password of (spec §8).
  const tipo: ContaTipo | undefined = session.tipo;
  return (
    <div className="page">
      <div className="container">
        <Link to="/conta" className="back-link">
          <ArrowLeft size={18} aria-hidden /> Minha Conta
        </Link>
        <div className="card card-narrow conta-form-card">
          <h1>Alterar senha</h1>
          {tipo ? <ChangePasswordForm tipo={tipo} /> : <ErrorState text={M.tipoInvalido} />}
        </div>
      </div>
    </div>
  );
}

function ChangePasswordForm({ tipo }: { tipo: ContaTipo }) {
  const navigate = useNavigate();
  const mutation = useChangePassword(tipo);
  const [dialog, setDialog] = useState<string | null>(null);
  const [dialogText, setDialogText] = useState<string | undefined>();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(formSchema),
    mode: 'onTouched',
    defaultValues: { senhaAtual: '', novaSenha: '' },
  });

  const [submit, busy] = useSingleFlight(
    handleSubmit(async (values) => {
      const id = storedId('id');
      if (!getToken(tipo) || id === null) {
        setDialogText('Inicie sessão novamente para alterar a sua senha.');
        setDialog(M.naoAutenticado);
        return;
      }
      try {
        await mutation.mutateAsync({ id, ...values });
        toast.success(M.senhaAlterada);
        navigate('/conta');
      } catch (e) {
        applyServerErrors(e, setError, ['senhaAtual', 'novaSenha']);
        const detail = errorMessage(e, '');
        setDialogText(detail && detail !== M.senhaErro ? detail : undefined);
        setDialog(M.senhaErro);
      }
    }),
  );

  return (
    <form onSubmit={submit} noValidate aria-label="Alterar senha">
      <p className="muted">Por segurança, confirme a sua senha atual antes de escolher uma nova.</p>
      <PasswordField label="Senha Atual" autoComplete="current-password" error={errors.senhaAtual?.message} {...register('senhaAtual')} />
      <PasswordField
        label="Nova Senha"
        autoComplete="new-password"
        hint={`Pelo menos ${PASSWORD_MIN} caracteres. Evite senhas comuns.`}
        error={errors.novaSenha?.message}
        {...register('novaSenha')}
      />
      <div className="conta-form-actions">
        <Link to="/conta" className="btn btn-outline">
          Voltar
        </Link>
        <Button type="submit" loading={busy} loadingText="A alterar...">
          Alterar senha
        </Button>
      </div>
      <MessageDialog open={!!dialog} kind="error" title={dialog ?? ''} text={dialogText} onClose={() => setDialog(null)} />
    </form>
  );
}
