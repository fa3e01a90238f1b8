import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { getToken, setLocal } from '../../lib/session';

/**
 * Starts a client project from the home page: keeps the title (and the specialty to preselect) for
 * the "Postagem do Projeto" form, then goes there when a client is logged in; otherwise raises the
 * redirect flag so the client login lands on /agendamento afterwards.
 */
export function useStartProject() {
  const navigate = useNavigate();
  return useCallback(
    (titulo: string, especialidade: string | null, loginPath: string) => {
      setLocal('tituloProjeto', titulo);
      setLocal('especialidadeProjeto', especialidade || null);
      if (getToken('cliente')) {
        navigate('/agendamento');
      } else {
        setLocal('redirect', 'true');
        navigate(loginPath);
      }
    },
    [navigate],
  );
}
