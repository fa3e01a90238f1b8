import { useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from '../../components/ui/toast';
import { M, OTP_LENGTH, type OtpValidateResponse } from '@tc/shared';
import { Button } from '../../components/ui/button';
import { usePageTitle } from '../../components/ui/page-title';
import { api, errorMessage } from '../../lib/api';
import { getLocal } from '../../lib/session';
import { useSingleFlight } from '../../lib/single-flight';
import { RESET_TOKEN_KEY, useRecoveryRole } from './recovery-shared';

export function OtpPage() {
  usePageTitle('Código de verificação');
  const role = useRecoveryRole();
  const navigate = useNavigate();
  const email = getLocal('email');
  const [digits, setDigits] = useState<string[]>(Array(OTP_LENGTH).fill(''));
  const [error, setError] = useState<string | null>(null);
  const refs = useRef<(HTMLInputElement | null)[]>([]);

  const setAt = (i: number, v: string) => {
    const d = v.replace(/\D/g, '').slice(-1);
    setDigits((prev) => prev.map((x, j) => (j === i ? d : x)));
    if (d && i < OTP_LENGTH - 1) refs.current[i + 1]?.focus();
  };
  const onKey = (i: number, e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Backspace' && !digits[i] && i > 0) refs.current[i - 1]?.focus();
    if (e.key === 'ArrowLeft' && i > 0) refs.current[i - 1]?.focus();
    if (e.key === 'ArrowRight' && i < OTP_LENGTH - 1) refs.current[i + 1]?.focus();
  };
  const onPaste = (e: ClipboardEvent<HTMLInputElement>) => {
    const text = e.clipboardData.getData('text').replace(/\D/g, '').slice(0, OTP_LENGTH);
    if (!text) return;
    e.preventDefault();
    setDigits(Array.from({ length: OTP_LENGTH }, (_, i) => text[i] ?? ''));
    refs.current[Math.min(text.length, OTP_LENGTH - 1)]?.focus();
  };

  const [submit, busy] = useSingleFlight(async (e?: { preventDefault(): void }) => {
    e?.preventDefault();
    setError(null);
    if (!email) return setError(M.otpEmailMissing);
    const code = digits.join('');
    if (code.length !== OTP_LENGTH) return setError(M.otpDigits);
    try {
      const r = await api<OtpValidateResponse>('/otp/validate', { method: 'POST', body: { email, code, tipo: role } });
      if (r.message !== true || !r.resetToken) return setError(M.otpInvalid);
      sessionStorage.setItem(RESET_TOKEN_KEY, r.resetToken);
      navigate(`/${role}/alterar-senha`);
    } catch (err) {
      setError(errorMessage(err, M.otpValidateError));
    }
  });

  const resend = async () => {
    if (!email) return setError(M.otpEmailMissing);
    try {
      await api('/otp/send', { method: 'POST', body: { email, tipo: role } });
      toast.success('Enviámos um novo código.');
      setDigits(Array(OTP_LENGTH).fill(''));
      refs.current[0]?.focus();
    } catch (err) {
      setError(errorMessage(err, M.otpSendError));
    }
  };

  return (
    <div className="container auth-page">
      <div className="card card-narrow">
        <h1>Código de verificação</h1>
        <p className="lead">Digite o código de 6 dígitos enviado para seu e-mail.{email ? ` (${email})` : ''}</p>
        {error && (
          <div className="alert alert-error" role="alert">
            {error}
          </div>
        )}
        <form onSubmit={submit} noValidate aria-label="Código de verificação">
          <fieldset className="otp-boxes">
            <legend className="sr-only">Código de 6 dígitos</legend>
            {digits.map((d, i) => (
              <input
                key={i}
                ref={(el) => {
                  refs.current[i] = el;
                }}
                className="input otp-box"
                inputMode="numeric"
                autoComplete={i === 0 ? 'one-time-code' : 'off'}
                maxLength={1}
                aria-label={`Dígito ${i + 1}`}
                value={d}
                onChange={(e) => setAt(i, e.target.value)}
                onKeyDown={(e) => onKey(i, e)}
                onPaste={onPaste}
              />
            ))}
          </fieldset>
          <Button type="submit" block loading={busy} loadingText="A validar...">
            Validar código
          </Button>
        </form>
        <div className="form-links">
          <button type="button" className="btn btn-ghost" onClick={resend}>
            Reenviar código
          </button>
          <Link to={`/${role}/esqueci-senha`}>Usar outro e-mail</Link>
        </div>
      </div>
    </div>
  );
}
