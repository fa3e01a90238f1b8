import { useRef, useState, type FormEvent } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { ShieldCheck } from 'lucide-react';
import { M, profissionalCompleteProfileFields, type ProfissionalProfileCompleted } from '@tc/shared';
import { ProfileCompletionDialogs, type ProfileCompletionDialog } from '../../components/profile-completion-dialogs';
import { Button } from '../../components/ui/button';
import { TextAreaField } from '../../components/ui/field';
import { checkImage, ImageField } from '../../components/ui/image-field';
import { usePageTitle } from '../../components/ui/page-title';
import { PhoneField } from '../../components/ui/phone-field';
import { ApiError } from '../../lib/api';
import { LOGIN_PATH } from '../../lib/session';
import { useSingleFlight } from '../../lib/single-flight';
import { ownProfissionalId } from './profissional-api';
import { SpecialtyPicker } from './specialty-picker';
import { uploadForm } from './upload';
import './profissional.css';

/** The text parts, from the shared schema; consent is a ticked box here and the string 'true' on the wire. */
const formSchema = profissionalCompleteProfileFields
  .pick({ telefone: true, bio: true, especialidades: true })
  .extend({ consentimento: z.boolean().refine((v) => v, M.consentimentoRequired) });
type FormInput = z.input<typeof formSchema>;
type FormValues = z.output<typeof formSchema>;

type ImageKey = 'fotoPerfil' | 'ccFrente' | 'ccVerso';
const IMAGE_KEYS: ImageKey[] = ['fotoPerfil', 'ccFrente', 'ccVerso'];
type Images = Record<ImageKey, File | null>;
type ImageErrors = Partial<Record<ImageKey, string>>;

const HINT = 'JPEG, PNG, WebP ou AVIF, até 10 MB.';

export function ProfissionalCompletarPerfilPage() {
  usePageTitle('Completar Perfil');
  const navigate = useNavigate();
  const [images, setImages] = useState<Images>({ fotoPerfil: null, ccFrente: null, ccVerso: null });
  const [imageErrors, setImageErrors] = useState<ImageErrors>({});
  const [dialog, setDialog] = useState<ProfileCompletionDialog>(null);
  const [errorDetails, setErrorDetails] = useState<string[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<FormInput, unknown, FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: { telefone: '', bio: '', especialidades: [], consentimento: false },
    mode: 'onTouched',
    shouldFocusError: false,
  });

  const pick = (key: ImageKey) => (file: File | null) => {
    setImages((cur) => ({ ...cur, [key]: file }));
    setImageErrors((cur) => ({ ...cur, [key]: checkImage(file, true) }));
  };

  const checkAllImages = () => {
    const next: ImageErrors = {};
    for (const k of IMAGE_KEYS) next[k] = checkImage(images[k], true);
    setImageErrors(next);
    return IMAGE_KEYS.every((k) => !next[k]);
  };

  const send = async (values: FormValues) => {
    const id = ownProfissionalId();
    if (id === null) {
      setDialog('noId');
      return;
    }
    const form = new FormData();
    form.append('id', String(id));
    form.append('bio', values.bio.trim());
    form.append('telefone', values.telefone);
    for (const v of values.especialidades) form.append('especialidades[]', v);
    form.append('fotoPerfil', images.fotoPerfil!);
    form.append('ccFrente', images.ccFrente!);
    form.append('ccVerso', images.ccVerso!);
    form.append('consentimento', 'true');
    setErrorDetails([]);
    setProgress(0);
    try {
      await uploadForm<ProfissionalProfileCompleted>('/profissional/complete-profile', form, { method: 'PUT', as: 'profissional', onProgress: setProgress });
      setDialog('success');
    } catch (e) {
      const f = e instanceof ApiError ? e.fields : {};
      const imgs: ImageErrors = {};
      for (const k of IMAGE_KEYS) if (f[k]) imgs[k] = f[k];
      if (Object.keys(imgs).length) setImageErrors((cur) => ({ ...cur, ...imgs }));
      if (f.telefone) setError('telefone', { type: 'server', message: f.telefone });
      if (f.bio) setError('bio', { type: 'server', message: f.bio });
      const esp = Object.keys(f).find((k) => k === 'especialidades' || k.startsWith('especialidades.'));
      if (esp) setError('especialidades', { type: 'server', message: f[esp]! });
      if (f.consentimento) setError('consentimento', { type: 'server', message: f.consentimento });
      // The dialog repeats what went wrong (each field also shows its own message once it closes).
      const details = [...new Set(Object.values(f))];
      if (details.length === 0 && e instanceof ApiError) details.push(e.message);
      setErrorDetails(details);
      setDialog('error');
    } finally {
      setProgress(null);
    }
  };

  const formRef = useRef<HTMLFormElement>(null);
  /** Takes the user to the first field that needs attention (the form is long on a phone). */
  const focusFirstError = () =>
    requestAnimationFrame(() => {
      const el = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
      el?.scrollIntoView?.({ block: 'center' });
      el?.focus({ preventScroll: true });
    });

  const [submit, busy] = useSingleFlight(async (e?: FormEvent) => {
    // Images and text are checked together, so every missing field is marked in one go.
    const imagesOk = checkAllImages();
    await handleSubmit(
      async (values) => {
        if (!imagesOk) focusFirstError();
        else await send(values);
      },
      () => focusFirstError(),
    )(e);
  });

  const closeDialog = () => {
    const was = dialog;
    setDialog(null);
    if (was === 'success') {
      // The professional stays signed in and lands on the dashboard (docs/decisions/0011: the spec
      // cleared storage and asked for a fresh log-in).
      navigate('/areadoprofissional', { replace: true });
    } else if (was === 'noId') {
      navigate(LOGIN_PATH.profissional, { replace: true });
    }
  };

  return (
    <div className="container">
      <div className="page prof-perfil">
        <div className="card form-card">
          <h1>Completar Perfil</h1>
          <p className="muted lead-left">
            Falta pouco. Com a fotografia, os documentos e as especialidades, a nossa equipa verifica a sua identidade e passa a receber pedidos da sua zona.
          </p>
          <form ref={formRef} onSubmit={submit} noValidate aria-label="Completar Perfil">
            <section className="form-section" aria-labelledby="sec-fotos">
              <h2 id="sec-fotos" className="section-title">
                Fotografia e identificação
              </h2>
              <ImageField
                label="Fotografia de perfil"
                name="fotoPerfil"
                shape="round"
                file={images.fotoPerfil}
                onChange={pick('fotoPerfil')}
                error={imageErrors.fotoPerfil}
                hint={HINT}
              />
              <div className="cc-grid">
                <ImageField
                  label="Cartão de Cidadão (frente)"
                  name="ccFrente"
                  shape="card"
                  file={images.ccFrente}
                  onChange={pick('ccFrente')}
                  error={imageErrors.ccFrente}
                  hint={HINT}
                />
                <ImageField
                  label="Cartão de Cidadão (verso)"
                  name="ccVerso"
                  shape="card"
                  file={images.ccVerso}
                  onChange={pick('ccVerso')}
                  error={imageErrors.ccVerso}
                  hint={HINT}
                />
              </div>
              <div className={`consent${errors.consentimento ? ' invalid' : ''}`}>
                <label className="check consent-label">
                  <input
                    type="checkbox"
                    aria-invalid={!!errors.consentimento}
                    aria-describedby={`consent-text${errors.consentimento ? ' consent-error' : ''}`}
                    {...register('consentimento')}
                  />
                  <span>Autorizo o tratamento da cópia do meu Cartão de Cidadão para verificação de identidade.</span>
                </label>
                <p className="consent-text" id="consent-text">
                  <ShieldCheck size={16} aria-hidden />
                  <span>
                    Nos termos do artigo 5.º da Lei n.º 7/2007, a cópia do Cartão de Cidadão só pode ser feita com o consentimento do titular. As imagens são
                    vistas apenas pela equipa de verificação e são apagadas assim que a verificação é decidida.
                  </span>
                </p>
                {errors.consentimento && (
                  <p className="field-error" id="consent-error" role="alert">
                    {errors.consentimento.message}
                  </p>
                )}
              </div>
            </section>

            <section className="form-section" aria-labelledby="sec-contacto">
              <h2 id="sec-contacto" className="section-title">
                Sobre si
              </h2>
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
              <TextAreaField
                label="Bio (opcional)"
                placeholder="Ex.: Eletricista certificado com 10 anos de experiência em moradias e apartamentos."
                maxLength={1000}
                hint="Uma apresentação curta que os clientes leem no seu perfil."
                error={errors.bio?.message}
                {...register('bio')}
              />
            </section>

            <section className="form-section" aria-label="Especialidades">
              <Controller
                control={control}
                name="especialidades"
                render={({ field }) => <SpecialtyPicker value={field.value} onChange={field.onChange} error={errors.especialidades?.message} />}
              />
            </section>

            {progress !== null && (
              <div className="upload-progress">
                <label htmlFor="upload-bar">A enviar: {progress}%</label>
                <progress id="upload-bar" max={100} value={progress}>
                  {progress}%
                </progress>
                <p className="sr-only" aria-live="polite">
                  {progress === 100 ? 'Envio concluído, a processar as imagens...' : `A enviar: ${progress}%`}
                </p>
              </div>
            )}
            <Button type="submit" block loading={busy} loadingText={progress === 100 ? 'A processar...' : 'A enviar...'}>
              Concluir registo
            </Button>
          </form>
        </div>
        <ProfileCompletionDialogs
          dialog={dialog}
          errorText={
            <>
              <span className="dialog-main">{M.perfilErroText}</span>
              {errorDetails.map((d) => (
                <span key={d} className="dialog-detail">
                  {d}
                </span>
              ))}
            </>
          }
          onClose={closeDialog}
        />
      </div>
    </div>
  );
}
