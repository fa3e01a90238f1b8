import { CircleUser, ClipboardPlus, Star, UserSearch } from 'lucide-react';
import { MenuCards, type MenuCard } from '../../components/ui/menu-cards';
import { Link } from 'react-router';
import { M, type RequestDto } from '@tc/shared';
import { Carousel } from '../../components/ui/carousel';
import { usePageTitle } from '../../components/ui/page-title';
import { EmptyState, ErrorState, Loading } from '../../components/ui/states';
import { getLocal } from '../../lib/session';
import { ownClienteId, useClienteAccount, useClienteProjects } from './cliente-api';
import { StatusBadge } from './status-badge';
import './cliente.css';
import { EmailConfirmationNotice } from './email-confirmation';

const CARDS: MenuCard[] = [
  { to: '/agendamento', title: 'Publicar projeto', text: 'Descreva o que precisa em menos de 2 minutos.', Icon: ClipboardPlus, primary: true },
  { to: '/profissionais', title: 'Encontrar profissionais', text: 'Pesquise por nome, especialidade ou cidade.', Icon: UserSearch },
  { to: '/avaliar', title: 'Avaliar profissionais', text: 'Conte como correu o trabalho que contratou.', Icon: Star },
  { to: '/conta', title: 'Minha conta', text: 'Dados pessoais, senha e privacidade.', Icon: CircleUser },
];

function ProjectSlide({ p }: { p: RequestDto }) {
  return (
    <article className="card project-slide">
      <div className="project-slide-top">
        <StatusBadge status={p.status} />
      </div>
      <h3>{p.titulo}</h3>
      <p className="muted clamp-3">{p.descricao}</p>
    </article>
  );
}

function History({ clienteId }: { clienteId: number | null }) {
  const projects = useClienteProjects(clienteId);
  if (clienteId === null) return <ErrorState text={M.idInvalido} />;
  if (projects.isPending) return <Loading text="A carregar os seus projetos..." />;
  if (projects.isError) return <ErrorState text="Não foi possível carregar os seus projetos." onRetry={() => projects.refetch()} />;
  if (projects.data.items.length === 0) {
    return (
      <EmptyState text="Nenhum projeto encontrado.">
        <Link className="btn btn-outline" to="/agendamento">
          Publicar o primeiro projeto
        </Link>
      </EmptyState>
    );
  }
  return (
    <Carousel label="Historico de Projetos">
      {projects.data.items.map((p) => (
        <ProjectSlide key={p.id} p={p} />
      ))}
    </Carousel>
  );
}

export function ClienteMenuPage() {
  usePageTitle('Área do Cliente');
  const clienteId = ownClienteId();
  const account = useClienteAccount(getLocal('email'));
  const firstName = account.data?.nome.trim().split(/\s+/)[0];

  return (
    <div className="container">
      <div className="page cliente-menu">
        <header className="menu-hero">
          <h1>Área do Cliente</h1>
          <p className="lead-left">{firstName ? `Olá, ${firstName}! ` : 'Olá! '}O que precisa de resolver hoje?</p>
        </header>

        <EmailConfirmationNotice />
        <MenuCards label="Área do Cliente" cards={CARDS} />

        <section className="history" aria-labelledby="historico-title">
          <div className="section-header">
            <h2 id="historico-title">Historico de Projetos</h2>
            {clienteId !== null && (
              <Link to={`/projetos/${clienteId}`} className="see-all">
                Ver Todos
              </Link>
            )}
          </div>
          <History clienteId={clienteId} />
        </section>
      </div>
    </div>
  );
}
