import { useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { ServiceCard as ServiceCardData } from '@tc/shared/catalogue/services';
import { Button } from '../../components/ui/button';
import { SelectField } from '../../components/ui/field';
import { getToken } from '../../lib/session';
import { useStartProject } from './start-project';
import eletrica from '../../assets/service-eletrica.svg';
import domotica from '../../assets/service-domotica.svg';
import canalizacao from '../../assets/service-canalizacao.svg';
import manutencao from '../../assets/service-manutencao.svg';
import emergencia from '../../assets/service-emergencia.svg';
import beneficios from '../../assets/service-beneficios.svg';

const IMAGES: Record<ServiceCardData['value'], string> = { eletrica, domotica, canalizacao, manutencao, emergencia, beneficios };

export const SELECT_OPTION_MESSAGE = 'Selecione uma opção.';

/** One "Serviços mais Procurados" card; the chosen option (value and visible text) lives in this card only. */
export function ServiceCard({ card }: { card: ServiceCardData }) {
  const titleId = useId();
  const selectRef = useRef<HTMLSelectElement>(null);
  const [chosen, setChosen] = useState<{ value: string; label: string }>({ value: '', label: '' });
  const [error, setError] = useState<string | undefined>();
  const navigate = useNavigate();
  const startProject = useStartProject();
  const forTechnicians = card.audience === 'profissional';

  const choose = () => {
    if (forTechnicians) {
      navigate(getToken('profissional') ? '/areadoprofissional/menu' : '/cadastro-profissional');
      return;
    }
    const option = card.options.find((o) => o.value === chosen.value);
    if (!option) {
      setError(SELECT_OPTION_MESSAGE);
      selectRef.current?.focus();
      return;
    }
    startProject(chosen.label || option.label, option.specialty, '/areadocliente/login');
  };

  return (
    <article className={`card home-service${forTechnicians ? ' home-service-pro' : ''}`} aria-labelledby={titleId}>
      <img className="home-service-img" src={IMAGES[card.value]} alt="" width={400} height={240} loading="lazy" decoding="async" />
      <div className="home-service-body">
        {forTechnicians && <span className="badge badge-warning home-service-tag">Para profissionais</span>}
        <h3 id={titleId}>{card.title}</h3>
        <p className="muted home-service-text">{card.description}</p>
        <SelectField
          ref={selectRef}
          label={
            <>
              {forTechnicians ? 'Conheça as vantagens' : 'Que serviço precisa?'}
              <span className="sr-only"> ({card.title})</span>
            </>
          }
          value={chosen.value}
          error={error}
          onChange={(e) => {
            const opt = e.target.selectedOptions[0];
            setChosen({ value: e.target.value, label: e.target.value && opt ? opt.text : '' });
            setError(undefined);
          }}
        >
          <option value="">Selecione uma opção</option>
          {card.options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </SelectField>
        <Button variant="secondary" block onClick={choose} aria-describedby={titleId}>
          Escolher Projeto
        </Button>
      </div>
    </article>
  );
}
