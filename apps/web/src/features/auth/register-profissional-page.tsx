import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from 'react-router';
import { toast } from '../../components/ui/toast';
import { DISTRICTS, districtByLabel, M, PASSWORD_MIN, profissionalRegisterBody, type ProfissionalRegisterBody } from '@tc/shared';
import { Button } from '../../components/ui/button';
import { PasswordField, SelectField, TextField } from '../../components/ui/field';
import { usePageTitle } from '../../components/ui/page-title';
import { errorMessage } from '../../lib/api';
import { useSingleFlight } from '../../lib/single-flight';
import { saveSession } from '../../lib/session';
import { useRegister } from './auth-api';
import { applyServerErrors } from './use-server-errors';
import { TermsCheckbox } from './terms-checkbox';

export function RegisterProfissionalPage() {
  usePageTitle('Cadastro do Profissional');
  const navigate = useNavigate();
  const mutation = useRegister('profissional');
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    watch,
    setValue,
    formState: { errors },
  } = useForm<ProfissionalRegisterBody>({
    resolver: zodResolver(profissionalRegisterBody),
    mode: 'onTouched',
    defaultValues: { bairro: '', cidade: '' },
  });
  const district = districtByLabel(watch('bairro') ?? '');

  const [submit, busy] = useSingleFlight(
    handleSubmit(async (values) => {
      setFailure(null);
      try {
        const data = await mutation.mutateAsync(values);
        saveSession('profissional', data, values.email);
        reset();
        toast.success(M.profissionalRegistered);
        navigate('/areadoprofissional/completar-perfil', { replace: true });
      } catch (e) {
        applyServerErrors(e, setError, ['nome', 'email', 'senha', 'cidade', 'bairro', 'aceitaTermos']);
        const detail = errorMessage(e, '');
        setFailure(detail ? `${M.registerError} ${detail}` : M.registerError);
      }
    }),
  );

  const bairro = register('bairro');
  return (
    <div className="container auth-page">
      <div className="card card-narrow">
        <h1>Cadastro do Profissional</h1>
        <p className="lead">Registo grátis. Receba pedidos da sua zona e pague só pelos que lhe interessam.</p>
        {failure && (
          <div className="alert alert-error" role="alert">
            {failure}
          </div>
        )}
        <form onSubmit={submit} noValidate aria-label="Cadastro do Profissional">
          <TextField label="Nome" autoComplete="name" error={errors.nome?.message} {...register('nome')} />
          <TextField label="Email" type="email" autoComplete="email" inputMode="email" error={errors.email?.message} {...register('email')} />
          <PasswordField
            label="Senha"
            autoComplete="new-password"
            hint={`Pelo menos ${PASSWORD_MIN} caracteres.`}
            error={errors.senha?.message}
            {...register('senha')}
          />
          <div className="grid-2">
            <SelectField
              label="Distrito"
              error={errors.bairro?.message}
              {...bairro}
              onChange={(e) => {
                void bairro.onChange(e);
                setValue('cidade', '', { shouldValidate: false });
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
              error={errors.cidade?.message}
              disabled={!district}
              hint={!district ? 'Escolha primeiro o distrito.' : undefined}
              {...register('cidade')}
            >
              <option value="">Selecione o concelho</option>
              {district?.concelhos.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </SelectField>
          </div>
          <TermsCheckbox error={errors.aceitaTermos?.message} {...register('aceitaTermos')} />
          <Button type="submit" block loading={busy} loadingText="A criar conta...">
            Criar conta de profissional
          </Button>
        </form>
        <div className="form-links">
          <Link to="/areadoprofissional/login">Já tem conta? Entrar</Link>
          <Link to="/cadastro-cliente">Procura um técnico? Conta de cliente</Link>
        </div>
      </div>
    </div>
  );
}
