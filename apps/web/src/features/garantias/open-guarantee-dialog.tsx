import { useEffect, useId, useRef, useState } from 'react';
import { ImagePlus, Trash2 } from 'lucide-react';
import {
  formatDate,
  GARANTIA_MSG,
  GUARANTEE_DAYS,
  GUARANTEE_MAX_PHOTOS,
  GUARANTEE_TEXT_MAX,
  GUARANTEE_TEXT_MIN,
  guaranteeDeadline,
  IMAGE_MIME_TYPES,
  type RequestDto,
  CONTROL_CHARS,
} from '@tc/shared';
import { Button } from '../../components/ui/button';
import { TextAreaField } from '../../components/ui/field';
import { GuaranteeDialog } from './guarantee-dialog';
import { checkImage } from '../../components/ui/image-field';
import { toast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api';
import { useSingleFlight } from '../../lib/single-flight';
import { useOpenGuarantee } from './garantias-api';
import './garantias.css';

/** Checks what the browser can check; the server checks everything again. */
export function checkDescription(text: string): string | undefined {
  const t = text.trim();
  if (!t) return GARANTIA_MSG.descricaoObrigatoria;
  if (t.length < GUARANTEE_TEXT_MIN) return GARANTIA_MSG.descricaoCurta;
  if (t.length > GUARANTEE_TEXT_MAX) return GARANTIA_MSG.descricaoLonga;
  if (CONTROL_CHARS.test(t)) return 'O texto contém caracteres inválidos.';
  return undefined;
}

function Preview({ file, onRemove, n }: { file: File; onRemove: () => void; n: number }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const u = URL.createObjectURL(file);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [file]);
  return (
    <li className="guarantee-upload-item">
      <span className="guarantee-photo">{url && <img src={url} alt={`Fotografia ${n}: ${file.name}`} />}</span>
      <span className="guarantee-upload-name">{file.name}</span>
      <Button variant="ghost" className="guarantee-upload-remove" onClick={onRemove} aria-label={`Remover a fotografia ${n} (${file.name})`}>
        <Trash2 size={16} aria-hidden /> Remover
      </Button>
    </li>
  );
}

/**
 * "Acionar garantia" on a concluded project: what is wrong (required) and up to three photos
 * (optional), sent with a progress bar. Validation errors are shown by each field; the server's
 * refusal (the 14 days are over, a claim already exists...) in the dialog.
 */
export function OpenGuaranteeDialog({ project, onClose }: { project: RequestDto | null; onClose: () => void }) {
  const open = useOpenGuarantee();
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [descricao, setDescricao] = useState('');
  const [fotos, setFotos] = useState<File[]>([]);
  const [errors, setErrors] = useState<{ descricao?: string; fotos?: string; form?: string }>({});
  const [progress, setProgress] = useState<number | null>(null);

  useEffect(() => {
    setDescricao('');
    setFotos([]);
    setErrors({});
    setProgress(null);
  }, [project?.id]);

  const addFiles = (list: FileList | null) => {
    const picked = Array.from(list ?? []);
    if (fileInput.current) fileInput.current.value = '';
    if (picked.length === 0) return;
    const bad = picked.map((f) => checkImage(f, false)).find(Boolean);
    if (bad) return setErrors((e) => ({ ...e, fotos: bad }));
    const next = [...fotos, ...picked];
    if (next.length > GUARANTEE_MAX_PHOTOS) return setErrors((e) => ({ ...e, fotos: GARANTIA_MSG.fotosAMais }));
    setFotos(next);
    setErrors((e) => ({ ...e, fotos: undefined }));
  };

  const [submit, busy] = useSingleFlight(async () => {
    if (!project) return;
    const descError = checkDescription(descricao);
    if (descError) {
      setErrors({ descricao: descError });
      document.getElementById(`${id}-descricao`)?.focus();
      return;
    }
    setErrors({});
    setProgress(0);
    try {
      await open.mutateAsync({ requestId: project.id, descricao: descricao.trim(), fotos, onProgress: setProgress });
      toast.success('Pedido de garantia enviado.', { description: 'O profissional foi avisado e a nossa equipa acompanha o pedido.' });
      onClose();
    } catch (e) {
      const fields = e instanceof ApiError ? e.fields : {};
      const message =
        e instanceof ApiError && e.status > 0 && e.status < 500
          ? e.message
          : e instanceof ApiError && e.status === 0
            ? e.message
            : 'Não foi possível enviar o pedido de garantia. Tente novamente.';
      if (fields.descricao || fields.fotos) setErrors({ descricao: fields.descricao, fotos: fields.fotos });
      else setErrors({ form: message });
    } finally {
      setProgress(null);
    }
  });

  const deadline = project?.concluidoEm ? guaranteeDeadline(project.concluidoEm) : null;
  return (
    <GuaranteeDialog
      open={project !== null}
      busy={busy}
      onClose={onClose}
      onSubmit={() => void submit()}
      idPrefix={id}
      title="Acionar garantia"
      intro={
        <>
          {project ? (
            <>«{project.titulo}»: descreva o que não ficou bem. O profissional que fez o trabalho é avisado e marca uma visita ou explica porque discorda.</>
          ) : null}
          {deadline && (
            <>
              {' '}
              Pode acionar a garantia até {formatDate(deadline)} ({GUARANTEE_DAYS} dias depois da conclusão).
            </>
          )}
        </>
      }
      formError={errors.form}
      submit={{ label: 'Enviar pedido', loadingText: progress === 100 ? 'A processar...' : 'A enviar...', variant: 'primary' }}
    >
      <TextAreaField
        id={`${id}-descricao`}
        label="O que está mal?"
        value={descricao}
        maxLength={GUARANTEE_TEXT_MAX}
        onChange={(e) => {
          setDescricao(e.target.value);
          if (errors.descricao) setErrors((x) => ({ ...x, descricao: undefined }));
        }}
        error={errors.descricao}
        hint={`${descricao.trim().length}/${GUARANTEE_TEXT_MAX} caracteres`}
        placeholder="Por exemplo: a tomada da cozinha voltou a aquecer e o disjuntor dispara quando ligo o forno."
        disabled={busy}
      />

      <div className="field">
        <span className="label" id={`${id}-fotos-label`}>
          Fotografias (opcional, até {GUARANTEE_MAX_PHOTOS})
        </span>
        {fotos.length > 0 && (
          <ul className="guarantee-upload-list" aria-label="Fotografias escolhidas">
            {fotos.map((f, i) => (
              <Preview key={`${f.name}-${i}`} file={f} n={i + 1} onRemove={() => setFotos(fotos.filter((_, j) => j !== i))} />
            ))}
          </ul>
        )}
        {fotos.length < GUARANTEE_MAX_PHOTOS && (
          <div>
            <label htmlFor={`${id}-fotos`} className={`btn btn-outline${busy ? ' disabled' : ''}`}>
              <ImagePlus size={18} aria-hidden /> {fotos.length ? 'Adicionar mais fotografias' : 'Adicionar fotografias'}
            </label>
            <input
              ref={fileInput}
              id={`${id}-fotos`}
              className="sr-only"
              type="file"
              multiple
              accept={IMAGE_MIME_TYPES.join(',')}
              aria-labelledby={`${id}-fotos-label`}
              aria-invalid={!!errors.fotos}
              aria-describedby={errors.fotos ? `${id}-fotos-erro` : `${id}-fotos-hint`}
              onChange={(e) => addFiles(e.target.files)}
              disabled={busy}
            />
          </div>
        )}
        {errors.fotos ? (
          <p className="field-error" id={`${id}-fotos-erro`} role="alert">
            {errors.fotos}
          </p>
        ) : (
          <p className="field-hint" id={`${id}-fotos-hint`}>
            Imagens até 10 MB. Só o profissional e a nossa equipa as veem.
          </p>
        )}
      </div>

      {progress !== null && (
        <div className="upload-progress">
          <label htmlFor={`${id}-progresso`}>A enviar: {progress}%</label>
          <progress id={`${id}-progresso`} max={100} value={progress}>
            {progress}%
          </progress>
          <p className="sr-only" aria-live="polite">
            {progress === 100 ? 'Envio concluído, a processar as fotografias...' : `A enviar: ${progress}%`}
          </p>
        </div>
      )}
    </GuaranteeDialog>
  );
}
