import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, ClipboardList } from 'lucide-react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { createReviewBody, M } from '@tc/shared';
import { Avatar } from '../../components/ui/avatar';
import { Button } from '../../components/ui/button';
import { TextAreaField } from '../../components/ui/field';
import { MessageDialog } from '../../components/ui/message-dialog';
import { usePageTitle } from '../../components/ui/page-title';
import { StarInput } from '../../components/ui/stars';
import { EmptyState, ErrorState, Loading } from '../../components/ui/states';
import { ApiError, errorMessage } from '../../lib/api';
import { useSingleFlight } from '../../lib/single-flight';
import { storedId } from '../../lib/session';
import { localidade, parseId, useProfissional, type ProfissionalPerfil } from '../profissionais';
import { useCreateReview, useTituloProjeto } from './reviews-api';
import './reviews.css';

const reviewForm = createReviewBody.pick({ nota: true, comentario: true });
const MAX_COMENTARIO = 1000;
const NOTA_TEXTO = ['', 'Muito mau', 'Mau', 'Razoável', 'Bom', 'Excelente'];

type Dialog = { kind: 'success' | 'error'; title: string; text?: string } | null;

export function AvaliacaoPage() {
  usePageTitle('Avaliar profissional');
  const id = parseId(useParams().id);
  const query = useProfissional(id);

  let body;
  if (id === null || (query.error instanceof ApiError && query.error.status === 404)) {
    body = (
      <EmptyState text="Profissional não encontrado.">
        <Link to="/avaliar" className="btn btn-secondary">
          Ver profissionais para avaliar
        </Link>
      </EmptyState>
    );
  } else if (query.isPending) {
    body = <Loading text="A carregar o profissional..." />;
  } else if (query.isError) {
    body = <ErrorState text="Erro ao carregar os dados do profissional." onRetry={() => void query.refetch()} />;
  } else {
    body = <ReviewForm p={query.data} />;
  }

  return (
    <div className="page">
      <div className="container">
        <Link to="/avaliar" className="back-link">
          <ArrowLeft size={18} aria-hidden /> Voltar a Avaliar profissionais
        </Link>
        <div className="card card-narrow rv-form-card">
          <h1>Avaliar profissional</h1>
          {body}
        </div>
      </div>
    </div>
  );
}

function ReviewForm({ p }: { p: ProfissionalPerfil }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const requestId = parseId(params.get('projeto') ?? undefined);
  const fromList = (useLocation().state as { requestTitulo?: string | null } | null)?.requestTitulo;
  // Opened from a link without the title (e.g. My projects): look it up, it is only a label.
  const lookedUp = useTituloProjeto(requestId, storedId('clienteId') ?? storedId('id'), !fromList);
  const requestTitulo = fromList ?? lookedUp.data;
  const mutation = useCreateReview();
  const [dialog, setDialog] = useState<Dialog>(null);
  const {
    control,
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(reviewForm),
    defaultValues: { nota: 0, comentario: '' },
  });
  const comentario = watch('comentario') as string;
  const invalid = errors.nota?.message ?? errors.comentario?.message;

  const [submit, busy] = useSingleFlight(
    handleSubmit(async (values) => {
      try {
        await mutation.mutateAsync({ profissionalId: p.id, ...(requestId ? { requestId } : {}), nota: values.nota, comentario: values.comentario });
        setDialog({
          kind: 'success',
          title: M.feedbackEnviado,
          text: 'Obrigado pela sua avaliação. Será publicada no perfil do profissional depois de revista pela nossa equipa.',
        });
      } catch (e) {
        setDialog({ kind: 'error', title: M.feedbackErro, text: errorMessage(e, '') || undefined });
      }
    }),
  );

  const local = localidade(p.cidade, p.bairro);
  return (
    <>
      <div className="rv-who">
        <Avatar src={p.fotoUrl} alt="" size={56} />
        <div>
          <p className="rv-who-name">{p.nome}</p>
          {(p.especialidade || local) && (
            <p className="muted rv-who-line">
              <span>{[p.especialidade, local].filter(Boolean).join(' · ')}</span>
            </p>
          )}
          {requestTitulo && (
            <p className="muted rv-who-line">
              <ClipboardList size={14} aria-hidden />{' '}
              <span>
                Projeto: <strong className="rv-who-project">{requestTitulo}</strong>
              </span>
            </p>
          )}
        </div>
      </div>

      <form onSubmit={submit} noValidate aria-label={`Avaliar ${p.nome}`}>
        <fieldset className="rv-stars-field">
          <legend>Nota</legend>
          <Controller
            control={control}
            name="nota"
            render={({ field }) => (
              <div className="rv-stars-row">
                <StarInput value={Number(field.value) || 0} onChange={field.onChange} label={`Nota para ${p.nome}, de 1 a 5 estrelas`} />
                <span className="rv-stars-text" aria-live="polite">
                  {Number(field.value) > 0 ? `${field.value} de 5 · ${NOTA_TEXTO[Number(field.value)]}` : 'Escolha de 1 a 5 estrelas'}
                </span>
              </div>
            )}
          />
        </fieldset>

        <TextAreaField
          label="Comentário"
          placeholder="Conte como correu o serviço: pontualidade, qualidade do trabalho, limpeza..."
          maxLength={MAX_COMENTARIO}
          hint={`${comentario?.length ?? 0}/${MAX_COMENTARIO} caracteres`}
          aria-invalid={!!errors.comentario}
          {...register('comentario')}
        />

        {invalid && (
          <div className="alert alert-error" role="alert">
            {invalid}
          </div>
        )}

        <Button type="submit" block loading={busy} loadingText="A enviar...">
          Enviar
        </Button>
        <p className="muted rv-moderation">As avaliações são revistas pela equipa antes de serem publicadas.</p>
      </form>

      <MessageDialog
        open={!!dialog}
        kind={dialog?.kind ?? 'success'}
        title={dialog?.title ?? ''}
        text={dialog?.text}
        onClose={() => {
          const ok = dialog?.kind === 'success';
          setDialog(null);
          if (ok) navigate('/avaliar', { replace: true });
        }}
      />
    </>
  );
}
