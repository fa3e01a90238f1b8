import { Component, lazy, Suspense, useLayoutEffect, type ComponentType, type ReactNode } from 'react';
import { useLocation, useParams, useRoutes, useSearchParams, type Params, type RouteObject } from 'react-router';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { prefetchDirectory, prefetchPerfil } from '../features/profissionais/profissional-query';
import { clientScreens } from '../features/area-cliente/cliente-queries';
import { prefetchAvaliaveis } from '../features/reviews/reviews-queries';
import { adminScreens } from '../features/admin/admin-queries';
import { prefetchAdminGuarantees } from '../features/garantias/garantias-queries';
import { professionalScreens } from '../features/area-profissional/profissional-queries';
import { Layout } from './layout';
import { AdminFrame } from './admin-frame';
import { EntryRedirect, RequireRole } from './guards';
import { RouteError } from './route-error';
import type { Role } from '@tc/shared/catalogue/statuses';

/**
 * A route whose screen is loaded on demand (one chunk per screen keeps the first load small). The
 * router is React Router's declarative one (docs/decisions/0007): `React.lazy` and the router's
 * transitions keep the current page on screen while the next one's code arrives.
 */
function page<M extends Record<string, unknown>>(path: string, load: () => Promise<M>, name: keyof M & string, prefetch?: Prefetch): RouteObject {
  const Screen = lazy(async () => ({ default: (await load())[name] as ComponentType }));
  return {
    path,
    element: prefetch ? (
      <>
        <PrefetchData run={prefetch} />
        <Screen />
      </>
    ) : (
      <Screen />
    ),
  };
}

/** Asks for a screen's data from the route's parameters and the address's query (the fetchers live in the main chunk). */
type Prefetch = (qc: QueryClient, params: Readonly<Params>, search: URLSearchParams) => void;

/**
 * Runs a screen's prefetch as its route is drawn, before the screen's code has arrived: its data and
 * its code then travel together. In render rather than in an effect, because the screen beside it
 * suspends and nothing of this render is committed until its code is there; React Query drops a
 * request already under way or answered.
 */
function PrefetchData({ run }: { run: Prefetch }) {
  run(useQueryClient(), useParams(), useSearchParams()[0]);
  return null;
}

/** The log-in screens, also on demand: the form brings zod and the shared schemas, which the home page does without. */
const LoginPage = lazy(() => import('../features/auth/login-page').then((m) => ({ default: m.LoginPage })));
const loginPage = (path: string, role: Role): RouteObject => ({ path, element: <LoginPage role={role} /> });

/** Password recovery: e-mail, OTP, new password. */
const recovery = (r: Role): RouteObject[] => [
  page(`/${r}/esqueci-senha`, () => import('../features/recuperacao/esqueci-senha-page'), 'EsqueciSenhaPage'),
  page(`/${r}/otp`, () => import('../features/recuperacao/otp-page'), 'OtpPage'),
  page(`/${r}/alterar-senha`, () => import('../features/recuperacao/nova-senha-page'), 'NovaSenhaPage'),
];

/** Spec §2 route table. */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      // Public
      page('/', () => import('../features/home/home-page'), 'HomePage'),
      page('/comofunciona', () => import('../features/home/como-funciona-page'), 'ComoFuncionaPage'),
      // Legal texts (issue 12): public, linked from the footer and the sign-up forms.
      page('/termos', () => import('../features/legal/termos-page'), 'TermosPage'),
      page('/privacidade', () => import('../features/legal/privacidade-page'), 'PrivacidadePage'),
      page('/cookies', () => import('../features/legal/cookies-page'), 'CookiesPage'),
      { path: '/areadocliente', element: <EntryRedirect role="cliente" /> },
      loginPage('/areadocliente/login', 'cliente'),
      { path: '/areadoprofissional', element: <EntryRedirect role="profissional" /> },
      loginPage('/areadoprofissional/login', 'profissional'),
      page('/cadastro-cliente', () => import('../features/auth/register-cliente-page'), 'RegisterClientePage'),
      page('/cadastro-profissional', () => import('../features/auth/register-profissional-page'), 'RegisterProfissionalPage'),
      page('/areadoprofissional/completar-perfil', () => import('../features/area-profissional/completar-perfil-page'), 'ProfissionalCompletarPerfilPage'),
      page('/areadocliente/completar-perfil', () => import('../features/area-cliente/completar-perfil-page'), 'ClienteCompletarPerfilPage'),
      page('/creditos', () => import('../features/creditos/creditos-page'), 'CreditosPage'),
      page('/checkout/:plano', () => import('../features/creditos/checkout-page'), 'CheckoutPage'),
      page('/sucesso', () => import('../features/creditos/sucesso-page'), 'SucessoPage'),
      page('/cancelado', () => import('../features/creditos/cancelado-page'), 'CanceladoPage'),
      // Where an e-mail's unsubscribe link leads (no session needed).
      page('/notificacoes/cancelada', () => import('../features/notificacoes/cancelada-page'), 'CanceladaPage'),
      // The link of the client's confirmation e-mail (works signed in or not).
      page('/confirmar-email', () => import('../features/area-cliente/confirmar-email-page'), 'ConfirmarEmailPage'),
      // Password recovery: one trio per role (the admin's is in the back office's frame, below)
      ...recovery('cliente'),
      ...recovery('profissional'),
      // Client only
      {
        element: <RequireRole roles={['cliente']} />,
        children: [
          page(
            '/avaliar',
            () => import('../features/reviews/avaliar-page'),
            'AvaliarPage',
            (qc, _p, search) => prefetchAvaliaveis(qc, search),
          ),
          page('/avaliacao/:id', () => import('../features/reviews/avaliacao-page'), 'AvaliacaoPage'),
          page(
            '/profissionais',
            () => import('../features/profissionais/lista-page'),
            'ProfissionaisPage',
            (qc, _p, search) => prefetchDirectory(qc, search),
          ),
          page(
            '/profissionais/:id',
            () => import('../features/profissionais/perfil-page'),
            'ProfissionalPerfilPage',
            (qc, p) => prefetchPerfil(qc, p.id),
          ),
          page('/agendamento', () => import('../features/area-cliente/agendamento-page'), 'AgendamentoPage'),
          page('/areadocliente/menu', () => import('../features/area-cliente/menu-page'), 'ClienteMenuPage', clientScreens.menu),
          page(
            '/projetos/:id',
            () => import('../features/area-cliente/projetos-page'),
            'ProjetosPage',
            (qc, p) => clientScreens.projects(qc, p.id),
          ),
        ],
      },
      // Professional only
      {
        element: <RequireRole roles={['profissional']} />,
        children: [
          page('/areadoprofissional/menu', () => import('../features/area-profissional/menu-page'), 'ProfissionalMenuPage', professionalScreens.menu),
          page(
            '/areadoprofissional/chamados-agendados',
            () => import('../features/area-profissional/chamados-agendados-page'),
            'ChamadosAgendadosPage',
            professionalScreens.applications,
          ),
          page(
            '/areadoprofissional/detalhes-chamado/:id',
            () => import('../features/area-profissional/detalhes-chamado-page'),
            'DetalhesChamadoPage',
            (qc, p) => professionalScreens.job(qc, p.id),
          ),
          page(
            '/areadoprofissional/buscar-trabalhos',
            () => import('../features/area-profissional/buscar-trabalhos-page'),
            'BuscarTrabalhosPage',
            (qc, _p, search) => professionalScreens.jobs(qc, search),
          ),
          page(
            '/areadoprofissional/minhas-avaliacoes',
            () => import('../features/area-profissional/minhas-avaliacoes-page'),
            'MinhasAvaliacoesPage',
            professionalScreens.reviews,
          ),
          // Demonstration payment page (only used when no Stripe keys are configured).
          page('/pagamento-demo/:id', () => import('../features/creditos/pagamento-demo-page'), 'PagamentoDemoPage'),
          // The receipt of a paid purchase (printable).
          page('/recibo/:id', () => import('../features/creditos/recibo-page'), 'ReciboPage'),
        ],
      },
      // Client or professional
      {
        element: <RequireRole roles={['cliente', 'profissional']} />,
        children: [
          page('/conta', () => import('../features/conta/conta-page'), 'ContaPage'),
          page('/conta/editar-perfil', () => import('../features/conta/editar-perfil-page'), 'EditarPerfilPage'),
          page('/conta/alterar-senha', () => import('../features/conta/alterar-senha-page'), 'AlterarSenhaPage'),
        ],
      },
      page('*', () => import('./not-found'), 'NotFoundPage'),
    ],
  },
  // The back office in its own frame (issue 12): no public header, footer or marketing links.
  {
    element: <AdminFrame />,
    children: [
      loginPage('/login', 'admin'),
      ...recovery('admin'),
      page('/cadastro', () => import('../features/auth/admin-signup-page'), 'AdminSignupPage'),
      // Admin only
      {
        element: <RequireRole roles={['admin']} />,
        children: [
          page('/dashboard', () => import('../features/admin/dashboard-page'), 'DashboardPage', adminScreens.dashboard),
          page(
            '/listagem-projetos',
            () => import('../features/admin/projetos-page'),
            'AdminProjetosPage',
            (qc, _p, search) => adminScreens.projects(qc, search),
          ),
          page(
            '/listagem-clientes',
            () => import('../features/admin/clientes-page'),
            'AdminClientesPage',
            (qc, _p, search) => adminScreens.clientes(qc, search),
          ),
          page(
            '/listagem-reviews',
            () => import('../features/admin/reviews-page'),
            'AdminReviewsPage',
            (qc, _p, search) => adminScreens.reviews(qc, search),
          ),
          page(
            '/listagem-profissionais',
            () => import('../features/admin/profissionais-page'),
            'AdminProfissionaisPage',
            (qc, _p, search) => adminScreens.profissionais(qc, search),
          ),
          page('/leads-reportados', () => import('../features/admin/leads-reportados-page'), 'LeadsReportadosPage', adminScreens.leads),
          page(
            '/listagem-garantias',
            () => import('../features/admin/garantias-page'),
            'AdminGarantiasPage',
            (qc, _p, search) => prefetchAdminGuarantees(qc, search),
          ),
          page('/detalhes-recebido', () => import('../features/admin/detalhes-recebido-page'), 'DetalhesRecebidoPage'),
          page('/detalhes-valor', () => import('../features/admin/detalhes-valor-page'), 'DetalhesValorPage'),
        ],
      },
    ],
  },
];

/** A screen that throws, or whose code cannot be loaded, shows RouteError until the address changes. */
class RouteErrorBoundary extends Component<{ pathname: string; children: ReactNode }, { error: unknown; pathname: string }> {
  state = { error: undefined as unknown, pathname: this.props.pathname };
  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('erro') };
  }
  static getDerivedStateFromProps(props: { pathname: string }, state: { error: unknown; pathname: string }) {
    return props.pathname === state.pathname ? null : { error: undefined, pathname: props.pathname };
  }
  render() {
    return this.state.error ? <RouteError error={this.state.error} /> : this.props.children;
  }
}

/**
 * index.html paints the site's bar (`#boot-header`) with the stylesheet, before any script: on a slow
 * phone the first paint no longer waits for the page's code. It goes when the first page is drawn,
 * before that frame is painted (a layout effect), so the bar is never shown twice and nothing moves.
 * If the first page fails, it stays above the error message.
 */
function BootShellGone() {
  useLayoutEffect(() => document.getElementById('boot-header')?.remove(), []);
  return null;
}

/**
 * The whole route table. One Suspense boundary above the frames: a first visit shows the page whole
 * (no header and footer waiting for the content), later navigations keep the current page meanwhile.
 */
export function AppRoutes() {
  const { pathname } = useLocation();
  const element = useRoutes(routes);
  return (
    <RouteErrorBoundary pathname={pathname}>
      <Suspense fallback={null}>
        <BootShellGone />
        {element}
      </Suspense>
    </RouteErrorBoundary>
  );
}
