import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from 'react-router';
import { toast } from '../../components/ui/toast';
import { ArrowLeft, Info } from 'lucide-react';
import {
  createRequestBody,
  districtByLabel,
  DISTRICTS,
  EMAIL_CONFIRMATION_TEXTS,
  findSpecialty,
  M,
  SPECIALTY_GROUPS,
  specialtyByValue,
  TIME_OPTION_LABELS,
  TIME_OPTIONS,
} from '@tc/shared';
import { Button } from '../../components/ui/button';
import { SelectField, TextAreaField, TextField } from '../../components/ui/field';
import { usePageTitle } from '../../components/ui/page-title';
import { ApiError } from '../../lib/api';
import { getLocal, setLocal } from '../../lib/session';
import { useSingleFlight } from '../../lib/single-flight';
import { ownClienteId, useClienteAccount, useCreateProject } from './cliente-api';
import { EmergencyAvailability } from './emergency-availability';
import './cliente.css';

/** Selects start empty, so the form holds plain strings; the shared schema turns them into the body. */
type FormValues = Record<'titulo' | 'descricao' | 'bairro' | 'cidade' | 'especialidade' | 'contato' | 'tempo', string>;
const FIELDS = ['titulo', 'descricao', 'bairro', 'cidade', 'especialidade', 'contato', 'tempo'] as const;
const formSchema = createRequestBody.omit({ clienteId: true });
/** The body the schema makes of the form's strings: what is sent. */
type ProjectFields = z.output<typeof formSchema>;
/** The schema reads the form's strings (its selects' values are among the strings it accepts). */
const formStrings: z.ZodType<ProjectFields, FormValues> = formSchema;
const resolver = zodResolver(formStrings);

/** Spec §2: the speciality stored with the title, or one whose name matches the title. */
function initialSpecialty(titulo: string): string {
  const stored = getLocal('especialidadeProjeto');
  if (stored && specialtyByValue(stored)) return stored;
  return findSpecialty(stored)?.value ?? findSpecialty(titulo)?.value ?? '';
}

export function AgendamentoPage() {
  usePageTitle('Postagem do Projeto');
  const navigate = useNavigate();
  const mutation = useCreateProject();
  const account = useClienteAccount(getLocal('email'));
  const [failure, setFailure] = useState<string | null>(null);
  const defaults = useMemo<FormValues>(() => {
    const titulo = getLocal('tituloProjeto') ?? '';
    return { titulo, descricao: '', bairro: '', cidade: '', especialidade: initialSpecialty(titulo), contato: '', tempo: '' };
  }, []);
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    getValues,
    setError,
    formState: { errors, dirtyFields },
  } = useForm<FormValues, unknown, ProjectFields>({
    resolver,
    defaultValues: defaults,
    mode: 'onTouched',
  });

  // Contact defaults to the account's phone, unless the client already typed one.
  const telefone = account.data?.telefone;
  useEffect(() => {
    if (telefone && !dirtyFields.contato && !getValues('contato')) setValue('contato', telefone);
  }, [telefone, dirtyFields.contato, getValues, setValue]);

  const distrito = watch('bairro');
  const concelhos = districtByLabel(distrito)?.concelhos ?? [];
  const bairroField = register('bairro');

  const [submit, busy] = useSingleFlight(
    handleSubmit(async (values) => {
      setFailure(null);
      try {
        await mutation.mutateAsync(values);
        setLocal('tituloProjeto', null);
        setLocal('especialidadeProjeto', null);
        toast.success(M.projetoPublicado, {
          description:
            account.data?.emailConfirmado === false
              ? `${EMAIL_CONFIRMATION_TEXTS.aguardaProjeto}: abra o link que enviámos para ${account.data.email}.`
              : 'Fica "Em análise" até a nossa equipa o rever; depois disso os profissionais já o podem ver.',
        });
        const id = ownClienteId();
        navigate(id === null ? '/areadocliente/menu' : `/projetos/${id}`);
      } catch (e) {
        // The server's per-field messages go under the matching inputs.
        if (e instanceof ApiError) {
          for (const f of FIELDS) if (e.fields[f]) setError(f, { type: 'server', message: e.fields[f] });
        }
        setFailure(M.projetoErro);
      }
    }),
  );

  return (
    <div className="container">
      <div className="page">
        <Link to="/areadocliente/menu" className="back-link">
          <ArrowLeft size={18} aria-hidden /> Voltar à Área do Cliente
        </Link>
        <div className="card form-card">
          <h1>Postagem do Projeto</h1>
          <p className="muted">Descreva o trabalho e receba candidaturas de profissionais da sua zona. Todos os campos são obrigatórios.</p>
          {failure && (
            <div className="alert alert-error" role="alert">
              {failure}
            </div>
          )}
          <form onSubmit={submit} noValidate aria-label="Postagem do Projeto">
            <TextField label="Título" maxLength={120} placeholder="Ex.: Substituir quadro elétrico" error={errors.titulo?.message} {...register('titulo')} />
            <TextAreaField
              label="Descrição"
              rows={5}
              maxLength={2000}
              placeholder="O que precisa, onde, desde quando, medidas ou marcas se souber..."
              error={errors.descricao?.message}
              {...register('descricao')}
            />
            <div className="grid-2">
              <SelectField
                label="Distrito"
                autoComplete="address-level1"
                error={errors.bairro?.message}
                {...bairroField}
                onChange={(e) => {
                  void bairroField.onChange(e);
                  setValue('cidade', '');
                }}
              >
                <option value="">Selecione o distrito</option>
                {DISTRICTS.map((d) => (
                  <option key={d.value} value={d.label}>
                    {d.label}
                  </option>
                ))}
              </SelectField>
              <SelectField
                label="Cidade"
                autoComplete="address-level2"
                disabled={concelhos.length === 0}
                hint={concelhos.length === 0 ? 'Escolha primeiro o distrito.' : undefined}
                error={errors.cidade?.message}
                {...register('cidade')}
              >
                <option value="">Selecione o concelho</option>
                {concelhos.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </SelectField>
            </div>
            <SelectField label="Especialidade" error={errors.especialidade?.message} {...register('especialidade')}>
              <option value="">Selecione a especialidade</option>
              {SPECIALTY_GROUPS.map((g) => (
                <optgroup key={g.value} label={g.label}>
                  {g.items.map((s) => (
                    <option key={s.value} value={s.value}>
                      {s.label}
                    </option>
                  ))}
                </optgroup>
              ))}
            </SelectField>
            <TextField
              label="Contacto"
              autoComplete="tel"
              maxLength={120}
              placeholder="Telemóvel ou email"
              hint="Só os profissionais que se candidatarem ao projeto verão este contacto."
              error={errors.contato?.message}
              {...register('contato')}
            />
            <SelectField label="Tempo estimado" error={errors.tempo?.message} {...register('tempo')}>
              <option value="">Para quando precisa?</option>
              {TIME_OPTIONS.map((t) => (
                <option key={t} value={t}>
                  {TIME_OPTION_LABELS[t]}
                </option>
              ))}
            </SelectField>
            <EmergencyAvailability tempo={watch('tempo')} bairro={distrito} especialidade={watch('especialidade')} />
            <p className="alert alert-info review-note">
              <Info size={18} aria-hidden />
              <span>
                Antes de ficar visível para os profissionais, o projeto fica <strong>Em análise</strong> até a nossa equipa o rever.
              </span>
            </p>
            <Button type="submit" block loading={busy} loadingText="A publicar...">
              Publicar projeto
            </Button>
          </form>
        </div>
      </div>
    </div>
  );
}
