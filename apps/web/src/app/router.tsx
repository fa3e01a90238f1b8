import { createBrowserRouter, type RouteObject } from 'react-router';
import { Layout } from './layout';
import { EntryRedirect, RequireRole } from './guards';
import { NotFoundPage } from './not-found';
import { UnderConstruction } from '../components/ui/under-construction';
import { LoginPage } from '../features/auth/login-page';
import { RegisterClientePage } from '../features/auth/register-cliente-page';
import { RegisterProfissionalPage } from '../features/auth/register-profissional-page';
import { AdminSignupPage } from '../features/auth/admin-signup-page';

const soon = (path: string, title: string): RouteObject => ({ path, element: <UnderConstruction title={title} /> });

/** Spec §2 route table. Screens of later releases show an honest "em construção" page. */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      // Public
      soon('/', 'Técnico Certo'),
      soon('/comofunciona', 'Como funciona'),
      { path: '/areadocliente', element: <EntryRedirect role="cliente" /> },
      { path: '/areadocliente/login', element: <LoginPage role="cliente" /> },
      { path: '/areadoprofissional', element: <EntryRedirect role="profissional" /> },
      { path: '/areadoprofissional/login', element: <LoginPage role="profissional" /> },
      { path: '/login', element: <LoginPage role="admin" /> },
      { path: '/cadastro', element: <AdminSignupPage /> },
      { path: '/cadastro-cliente', element: <RegisterClientePage /> },
      { path: '/cadastro-profissional', element: <RegisterProfissionalPage /> },
      soon('/areadoprofissional/completar-perfil', 'Completar Perfil'),
      soon('/areadocliente/completar-perfil', 'Completar Perfil'),
      soon('/creditos', 'Planos de Créditos'),
      soon('/checkout/:plano', 'Checkout'),
      soon('/sucesso', 'Pagamento aprovado'),
      soon('/cancelado', 'Compra cancelada'),
      // Password recovery: one trio per role
      ...(['cliente', 'profissional', 'admin'] as const).flatMap((r) => [
        soon(`/${r}/esqueci-senha`, 'Recuperar senha'),
        soon(`/${r}/otp`, 'Código de verificação'),
        soon(`/${r}/alterar-senha`, 'Nova senha'),
      ]),
      // Admin only
      {
        element: <RequireRole roles={['admin']} />,
        children: [
          soon('/dashboard', 'Dashboard'),
          soon('/listagem-projetos', 'Projetos'),
          soon('/listagem-clientes', 'Clientes'),
          soon('/listagem-reviews', 'Reviews'),
          soon('/listagem-profissionais', 'Profissionais'),
          soon('/detalhes-recebido', 'Valor Recebido'),
          soon('/detalhes-valor', 'Valor Total'),
        ],
      },
      // Client only
      {
        element: <RequireRole roles={['cliente']} />,
        children: [
          soon('/avaliar', 'Avaliar profissionais'),
          soon('/avaliacao/:id', 'Avaliação'),
          soon('/profissionais', 'Encontrar profissionais'),
          soon('/profissionais/:id', 'Perfil do profissional'),
          soon('/agendamento', 'Postagem do Projeto'),
          soon('/areadocliente/menu', 'Área do Cliente'),
          soon('/projetos/:id', 'Os meus projetos'),
        ],
      },
      // Professional only
      {
        element: <RequireRole roles={['profissional']} />,
        children: [
          soon('/areadoprofissional/menu', 'Área do Profissional'),
          soon('/areadoprofissional/chamados-agendados', 'Chamados agendados'),
          soon('/areadoprofissional/detalhes-chamado/:id', 'Detalhes do chamado'),
          soon('/areadoprofissional/buscar-trabalhos', 'Buscar trabalhos'),
          soon('/areadoprofissional/minhas-avaliacoes', 'As minhas avaliações'),
        ],
      },
      // Client or professional
      {
        element: <RequireRole roles={['cliente', 'profissional']} />,
        children: [
          soon('/conta', 'Minha Conta'),
          soon('/conta/editar-perfil', 'Editar perfil'),
          soon('/conta/alterar-senha', 'Alterar senha'),
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
