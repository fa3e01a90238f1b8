import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { ArrowRight, Euro, FolderKanban, HardHat, MessageSquareText, ShieldCheck, TriangleAlert, UserPlus, Users, Wallet } from 'lucide-react';
import { formatEuros } from '@tc/shared';
import { ErrorState, Loading } from '../../components/ui/states';
import { AdminLayout } from './admin-layout';
import { useAdminStats } from './admin-api';
import { AuditLog } from './audit-log';
import { ProjectsChart, RevenueChart, SignupsChart } from './charts';

const integer = new Intl.NumberFormat('pt-PT');

function StatCard({
  label,
  value,
  hint,
  to,
  Icon,
  tone,
}: {
  label: string;
  value: string;
  hint: string;
  to: string;
  Icon: typeof Euro;
  tone: 'blue' | 'amber' | 'green';
}) {
  return (
    <article className="card stat-card" aria-label={label}>
      <div className="stat-head">
        <span className={`stat-icon ${tone}`} aria-hidden="true">
          <Icon size={20} />
        </span>
        <h2 className="stat-label">{label}</h2>
      </div>
      <p className="stat-value">{value}</p>
      <p className="stat-hint muted">{hint}</p>
      <Link to={to} className="stat-link" aria-label={`Ver detalhes: ${label}`}>
        Ver detalhes <ArrowRight size={16} aria-hidden />
      </Link>
    </article>
  );
}

function Pending({ n, singular, plural, to, Icon }: { n: number; singular: string; plural: string; to: string; Icon: typeof Euro }) {
  return (
    <li>
      <Link to={to} className={`pending-link${n > 0 ? ' has' : ''}`}>
        <Icon size={18} aria-hidden />
        <span className="pending-n">{integer.format(n)}</span>
        <span>{n === 1 ? singular : plural}</span>
        <ArrowRight size={16} aria-hidden className="pending-arrow" />
      </Link>
    </li>
  );
}

export function DashboardPage() {
  const stats = useAdminStats();
  const { hash } = useLocation();
  const auditRef = useRef<HTMLElement>(null);

  // The sidebar's 'Registo de auditoria' lands here with #auditoria: bring it into view once drawn.
  const ready = stats.isSuccess;
  useEffect(() => {
    if (hash !== '#auditoria' || !ready) return;
    const el = auditRef.current;
    if (!el) return;
    el.scrollIntoView({ block: 'start' });
    el.focus({ preventScroll: true });
  }, [hash, ready]);

  return (
    <AdminLayout
      title="Dashboard"
      lead="Visão geral da plataforma: receitas, utilizadores e moderação."
      actions={
        <Link to="/cadastro" className="btn btn-outline">
          <UserPlus size={18} aria-hidden /> Novo administrador
        </Link>
      }
    >
      {stats.isPending ? (
        <Loading text="A carregar os números..." />
      ) : stats.isError ? (
        <ErrorState text="Não foi possível carregar o dashboard." onRetry={() => stats.refetch()} />
      ) : (
        <>
          <div className="stat-grid">
            <StatCard
              label="Valor Recebido"
              value={formatEuros(stats.data.valorRecebido)}
              hint="Pagamentos confirmados"
              to="/detalhes-recebido"
              Icon={Wallet}
              tone="green"
            />
            <StatCard
              label="Valor Total"
              value={formatEuros(stats.data.valorTotal)}
              hint="Créditos vendidos, incluindo Multibanco pendente"
              to="/detalhes-valor"
              Icon={Euro}
              tone="amber"
            />
            <StatCard label="Clientes" value={integer.format(stats.data.clientes)} hint="Contas de cliente" to="/listagem-clientes" Icon={Users} tone="blue" />
            <StatCard
              label="Profissionais"
              value={integer.format(stats.data.profissionais)}
              hint="Contas de profissional"
              to="/listagem-profissionais"
              Icon={HardHat}
              tone="blue"
            />
            <StatCard
              label="Projetos"
              value={integer.format(stats.data.projetos)}
              hint="Publicados por clientes"
              to="/listagem-projetos"
              Icon={FolderKanban}
              tone="blue"
            />
          </div>

          <section className="card admin-section pending-box" aria-labelledby="pendentes-titulo">
            <h2 id="pendentes-titulo">Pendentes</h2>
            <ul className="pending-list">
              <Pending
                n={stats.data.pendentes.projetos}
                singular="projeto à espera de aprovação"
                plural="projetos à espera de aprovação"
                to="/listagem-projetos?status=ESPERA"
                Icon={FolderKanban}
              />
              <Pending
                n={stats.data.pendentes.reviews}
                singular="review por moderar"
                plural="reviews por moderar"
                to="/listagem-reviews?status=ESPERA"
                Icon={MessageSquareText}
              />
              <Pending
                n={stats.data.pendentes.verificacoes}
                singular="verificação de identidade pendente"
                plural="verificações de identidade pendentes"
                to="/listagem-profissionais?verificacao=PENDENTE"
                Icon={ShieldCheck}
              />
              <Pending
                n={stats.data.pendentes.pagamentosPorConciliar ?? 0}
                singular="pagamento por conciliar"
                plural="pagamentos por conciliar"
                to="/detalhes-recebido#por-conciliar"
                Icon={TriangleAlert}
              />
            </ul>
          </section>

          <div className="chart-grid">
            <div className="chart-wide">
              <RevenueChart data={stats.data.receitaPorMes} title="Receita por mês (recebido e total)" />
            </div>
            <ProjectsChart data={stats.data.projetosPorSemana} />
            <SignupsChart data={stats.data.registosPorSemana} />
          </div>

          <AuditLog ref={auditRef} />
        </>
      )}
    </AdminLayout>
  );
}
