import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { toast } from '../../components/ui/toast';
import { editProfileFields, M, type Account } from '@tc/shared';
import { Button } from '../../components/ui/button';
import { PasswordField, TextAreaField, TextField } from '../../components/ui/field';
import { checkImage, ImageField } from '../../components/ui/image-field';
import { MessageDialog } from '../../components/ui/message-dialog';
import { usePageTitle } from '../../components/ui/page-title';
import { PhoneField } from '../../components/ui/phone-field';
import { ErrorState, Loading } from '../../components/ui/states';
import { errorMessage } from '../../lib/api';
import { useSingleFlight } from '../../lib/single-flight';
import { getLocal, setLocal, storedId, useSession } from '../../lib/session';
import { readContaSession, useAccount, useEditProfile, type ContaTipo } from './conta-api';
import { applyServerErrors } from './server-errors';
import './conta.css';

const formSchema = editProfileFields.omit({ id: true });
const MAX_BIO = 1000;

type Dialog = { title: string; text: string } | null;

export function EditarPerfilPage() {
  usePageTitle('Editar perfil');
  useSession();
  const session = readContaSession();
  const account = useAccount(session.ok ? session.tipo : undefined, session.ok ? session.email : undefined);

  let body;
  if (!session.ok) body = <ErrorState text={session.message} />;
  else if (account.isPending) body = <Loading text="A carregar o seu perfil..." />;
  else if (account.isError) body = <ErrorState text={M.accountLoadError} onRetry={() => void account.refetch()} />;
  else body = <EditForm tipo={session.tipo} account={account.data} />;

  return (
    <div className="page">
      <div className="container">
        <Link to="/conta" className="back-link">
          <ArrowLeft size={18} aria-hidden /> Minha Conta
        </Link>
        <div className="card conta-form-card">
          <h1>Editar perfil</h1>
          {body}
        </div>
      </div>
    </div>
  );
}

function EditForm({ tipo, account }: { tipo: ContaTipo; account: Account }) {
  const navigate = useNavigate();
  const mutation = useEditProfile(tipo);
  const [foto, setFoto] = useState<File | null>(null);
  const [fotoError, setFotoError] = useState<string | undefined>();
  const [dialog, setDialog] = useState<Dialog>(null);
  const isPro = tipo === 'profissional';
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    watch,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(formSchema),
    mode: 'onTouched',
    defaultValues: { nome: account.nome, email: account.email, telefone: account.telefone ?? '', bio: account.bio ?? '', senhaAtual: '' },
  });
  // A refetch of the account (another tab saved) refreshes the untouched form.
  useEffect(() => {
    reset({ nome: account.nome, email: account.email, telefone: account.telefone ?? '', bio: account.bio ?? '' }, { keepDirtyValues: true });
  }, [account, reset]);
  const bio = (watch('bio') as string | undefined) ?? '';
  // Changing the e-mail (what password recovery trusts) asks for the current password.
  const emailChanged = ((watch('email') as string | undefined) ?? '').trim().toLowerCase() !== account.email.toLowerCase();

  const [submit, busy] = useSingleFlight(
    handleSubmit(async (values) => {
      const id = storedId('id');
      if (id === null) {
        setDialog({ title: 'ID inválido', text: 'Faça login novamente.' });
        return;
      }
      const imgError = checkImage(foto, false);
      setFotoError(imgError);
      if (imgError) return;
      const form = new FormData();
      form.append('id', String(id));
      form.append('nome', values.nome);
      form.append('email', values.email);
      form.append('telefone', values.telefone ?? '');
      if (isPro) form.append('bio', values.bio ?? '');
      if (emailChanged && values.senhaAtual) form.append('senhaAtual', values.senhaAtual);
      if (foto) form.append('foto', foto);
      try {
        const saved = await mutation.mutateAsync(form);
        if (saved.email && saved.email !== getLocal('email')) setLocal('email', saved.email);
        // A client's new e-mail must be confirmed again (a link was sent to it).
        toast.success(
          M.perfilUpdated,
          saved.emailConfirmado === false && emailChanged
            ? { description: `Enviámos um link de confirmação para ${saved.email}: abra-o para os seus próximos projetos seguirem para aprovação.` }
            : undefined,
        );
        navigate('/conta');
      } catch (e) {
        applyServerErrors(e, setError, ['nome', 'email', 'telefone', 'bio', 'senhaAtual']);
        const detail = errorMessage(e, '');
        setDialog({
          title: M.perfilUpdateErrorTitle,
          text: detail && detail !== M.perfilUpdateError ? `${M.perfilUpdateError} ${detail}` : M.perfilUpdateError,
        });
      }
    }),
  );

  return (
    <form onSubmit={submit} noValidate aria-label="Editar perfil">
      <ImageField
        label="Fotografia"
        file={foto}
        onChange={(f) => {
          setFoto(f);
          setFotoError(checkImage(f, false));
        }}
        currentUrl={account.fotoUrl}
        error={fotoError}
        hint="Opcional. JPEG, PNG, WebP ou AVIF, até 10 MB."
        name="foto"
      />
      <TextField label="Nome" autoComplete="name" error={errors.nome?.message} {...register('nome')} />
      <TextField label="Email" type="email" autoComplete="email" inputMode="email" error={errors.email?.message} {...register('email')} />
      {emailChanged && (
        <PasswordField
          label="Senha atual"
          autoComplete="current-password"
          hint="Para mudar o e-mail, confirme a sua senha atual."
          error={(errors as { senhaAtual?: { message?: string } }).senhaAtual?.message}
          {...register('senhaAtual')}
        />
      )}
      <Controller
        control={control}
        name="telefone"
        render={({ field }) => (
          <PhoneField
            label="Telefone (opcional)"
            name={field.name}
            value={field.value as string | undefined}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={errors.telefone?.message}
          />
        )}
      />
      {isPro && (
        <TextAreaField
          label="Bio"
          placeholder="Fale da sua experiência, da zona onde trabalha e do tipo de serviços que faz."
          maxLength={MAX_BIO}
          rows={5}
          error={errors.bio?.message}
          hint={`${bio.length}/${MAX_BIO} caracteres`}
          {...register('bio')}
        />
      )}
      <div className="conta-form-actions">
        <Link to="/conta" className="btn btn-outline">
          Voltar
        </Link>
        <Button type="submit" loading={busy} loadingText="Salvando...">
          Guardar
        </Button>
      </div>

      <MessageDialog open={!!dialog} kind="error" title={dialog?.title ?? ''} text={dialog?.text} onClose={() => setDialog(null)} />
    </form>
  );
}
