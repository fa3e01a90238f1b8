import * as Dialog from '@radix-ui/react-dialog';
import { useReturnFocus } from '../../components/ui/return-focus';
import { AlertTriangle } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { M } from '@tc/shared';
import { Button } from '../../components/ui/button';
import { PasswordField } from '../../components/ui/field';
import { ApiError, errorMessage } from '../../lib/api';
import { useSingleFlight } from '../../lib/single-flight';
import { useDeleteAccount, type ContaTipo } from './conta-api';

const schema = z.object({ senha: z.string().min(1, M.senhaRequired) });

interface Props {
  tipo: ContaTipo;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDeleted: () => void;
}

/** RGPD: permanent deletion, confirmed with the password (the server checks it). */
export function DeleteAccountDialog({ tipo, open, onOpenChange, onDeleted }: Props) {
  const mutation = useDeleteAccount(tipo);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(schema),
    defaultValues: { senha: '' },
  });
  const [submit, busy] = useSingleFlight(
    handleSubmit(async ({ senha }) => {
      try {
        await mutation.mutateAsync(senha);
        onDeleted();
      } catch (e) {
        const field = e instanceof ApiError ? e.fields.senha : undefined;
        setError('senha', { type: 'server', message: field ?? errorMessage(e, 'Não foi possível eliminar a conta. Tente novamente.') }, { shouldFocus: true });
      }
    }),
  );

  const returnFocus = useReturnFocus(open);
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(o) => {
        if (busy) return;
        if (!o) reset();
        onOpenChange(o);
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content onCloseAutoFocus={returnFocus} className="dialog-content conta-delete-dialog" role="alertdialog">
          <span className="dialog-icon error" aria-hidden="true">
            <AlertTriangle size={32} />
          </span>
          <Dialog.Title asChild>
            <h2>Eliminar conta</h2>
          </Dialog.Title>
          <Dialog.Description asChild>
            <div className="conta-delete-text">
              <p>
                Esta ação é <strong>permanente</strong> e não pode ser desfeita. A sua conta, o seu perfil e as suas fotografias serão apagados
                {tipo === 'profissional' ? ', tal como os créditos que ainda não usou' : ''}.
              </p>
              <p>Se quiser guardar uma cópia, descarregue primeiro os seus dados. Para confirmar, escreva a sua senha.</p>
            </div>
          </Dialog.Description>
          <form onSubmit={submit} noValidate className="conta-delete-form">
            <PasswordField label="Senha" autoComplete="current-password" error={errors.senha?.message} {...register('senha')} />
            <div className="dialog-actions">
              <Dialog.Close asChild>
                <Button variant="outline" disabled={busy}>
                  Cancelar
                </Button>
              </Dialog.Close>
              <Button type="submit" variant="danger" loading={busy} loadingText="A eliminar...">
                Eliminar conta
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
