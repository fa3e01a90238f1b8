import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { clienteCompleteProfileFields } from '@tc/shared';
import { ProfileCompletionDialogs, type ProfileCompletionDialog } from '../../components/profile-completion-dialogs';
import { Button } from '../../components/ui/button';
import { checkImage, ImageField } from '../../components/ui/image-field';
import { usePageTitle } from '../../components/ui/page-title';
import { PhoneField } from '../../components/ui/phone-field';
import { ApiError } from '../../lib/api';
import { getLocal, LOGIN_PATH, setLocal } from '../../lib/session';
import { useSingleFlight } from '../../lib/single-flight';
import { ownClienteId, useCompleteProfile } from './cliente-api';
import './cliente.css';

const formSchema = clienteCompleteProfileFields.pick({ telefone: true });
type FormValues = { telefone: string };

/** The client spelling of the failure text (spec §8 keeps it without accents for the client form). */
const ERRO_CLIENTE = 'O seu registo nao foi concluido, tente novamente!';

export function ClienteCompletarPerfilPage() {
  usePageTitle('Completar Perfil');
  const navigate = useNavigate();
  const mutation = useCompleteProfile();
  const [foto, setFoto] = useState<File | null>(null);
  const [fotoError, setFotoError] = useState<string | undefined>();
  const [dialog, setDialog] = useState<ProfileCompletionDialog>(null);
  const {
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: { telefone: '' },
    mode: 'onTouched',
  });

  const pickFoto = (file: File | null) => {
    setFoto(file);
    setFotoError(checkImage(file, false));
  };

  const [submit, busy] = useSingleFlight(
    handleSubmit(async ({ telefone }) => {
      const imageError = checkImage(foto, false);
      setFotoError(imageError);
      if (imageError) return;
      const id = ownClienteId();
      if (id === null) {
        setDialog('noId');
        return;
      }
      try {
        await mutation.mutateAsync({ id, telefone, foto });
        setDialog('success');
      } catch (e) {
        if (e instanceof ApiError) {
          if (e.fields.foto) setFotoError(e.fields.foto);
          if (e.fields.telefone) setError('telefone', { type: 'server', message: e.fields.telefone });
          else if (e.code.startsWith('IMAGE_')) setFotoError(e.message);
        }
        setDialog('error');
      }
    }),
  );

  const closeDialog = () => {
    const was = dialog;
    setDialog(null);
    if (was === 'success') {
      // The client stays signed in (docs/decisions/0011: the spec cleared storage and asked for a
      // fresh log-in). A project started on the home page opens next, filled in.
      if (getLocal('redirect')) {
        setLocal('redirect', null);
        navigate('/agendamento', { replace: true });
      } else {
        navigate('/areadocliente/menu', { replace: true });
      }
    } else if (was === 'noId') {
      navigate(LOGIN_PATH.cliente, { replace: true });
    }
  };

  return (
    <div className="container">
      <div className="auth-page cliente-perfil">
        <div className="card card-narrow">
          <h1>Completar Perfil</h1>
          <p className="lead">Falta só o seu telemóvel. A fotografia é opcional, mas ajuda os profissionais a reconhecê-lo.</p>
          <form onSubmit={submit} noValidate aria-label="Completar Perfil">
            <ImageField
              label="Fotografia (opcional)"
              name="foto"
              file={foto}
              onChange={pickFoto}
              error={fotoError}
              hint="JPEG, PNG, WebP ou AVIF, até 10 MB."
            />
            <Controller
              control={control}
              name="telefone"
              render={({ field }) => (
                <PhoneField
                  label="Telefone"
                  name={field.name}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={errors.telefone?.message}
                />
              )}
            />
            <Button type="submit" block loading={busy} loadingText="A enviar...">
              Concluir registo
            </Button>
          </form>
        </div>
        <ProfileCompletionDialogs dialog={dialog} errorText={ERRO_CLIENTE} onClose={closeDialog} />
      </div>
    </div>
  );
}
