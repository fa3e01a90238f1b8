import { useEffect, useRef, type ReactNode } from 'react';
import { Link, NavLink, useNavigate } from 'react-router';
import { ClipboardList, Flag, FolderKanban, HardHat, LayoutDashboard, LogOut, MessageSquareText, ShieldAlert, UserPlus, Users } from 'lucide-react';
import { usePageTitle } from '../../components/ui/page-title';
import { clearSession } from '../../lib/session';
import './admin.css';

const LINKS = [
  { to: '/dashboard', label: 'Dashboard', Icon: LayoutDashboard },
  { to: '/listagem-clientes', label: 'Clientes', Icon: Users },
  { to: '/listagem-profissionais', label: 'Profissionais', Icon: HardHat },
  { to: '/listagem-projetos', label: 'Projetos', Icon: FolderKanban },
  { to: '/listagem-reviews', label: 'Reviews', Icon: MessageSquareText },
  { to: '/leads-reportados', label: 'Leads reportados', Icon: Flag },
  { to: '/listagem-garantias', label: 'Garantias', Icon: ShieldAlert },
];

interface Props {
  /** The page's <h1> and document title. */
  title: string;
  /** Short line under the title. */
  lead?: ReactNode;
  /** Controls shown to the right of the title (wrap below it on phones). */
  actions?: ReactNode;
  children: ReactNode;
}

/** Back-office frame: sidebar (a scrollable tab bar on phones) and the page's content to its right. */
export function AdminLayout({ title, lead, actions, children }: Props) {
  usePageTitle(title);
  const navigate = useNavigate();
  const navRef = useRef<HTMLUListElement>(null);
  // Phones: the sidebar is a scrolling tab bar; bring the current tab into view.
  useEffect(() => {
    const ul = navRef.current;
    const active = ul?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!ul || !active || ul.scrollWidth <= ul.clientWidth) return;
    ul.scrollLeft += active.getBoundingClientRect().left - ul.getBoundingClientRect().left - 16;
  }, [title]);
  const logout = () => {
    clearSession();
    navigate('/login', { replace: true });
  };
  return (
    <div className="container admin-shell">
      <aside className="admin-sidebar">
        <p className="admin-sidebar-title" aria-hidden="true">
          Administração
        </p>
        <nav aria-label="Administração">
          <ul className="admin-nav" ref={navRef}>
            {LINKS.map(({ to, label, Icon }) => (
              <li key={to}>
                <NavLink to={to} end className="admin-nav-link">
                  <Icon size={18} aria-hidden /> <span>{label}</span>
                </NavLink>
              </li>
            ))}
            <li className="admin-nav-sep" aria-hidden="true" />
            <li>
              <Link to="/dashboard#auditoria" className="admin-nav-link">
                <ClipboardList size={18} aria-hidden /> <span>Registo de auditoria</span>
              </Link>
            </li>
            <li>
              <NavLink to="/cadastro" end className="admin-nav-link">
                <UserPlus size={18} aria-hidden /> <span>Novo administrador</span>
              </NavLink>
            </li>
            <li>
              <button type="button" className="admin-nav-link admin-logout" onClick={logout}>
                <LogOut size={18} aria-hidden /> <span>Sair</span>
              </button>
            </li>
          </ul>
        </nav>
      </aside>
      <div className="admin-content">
        <header className="admin-page-header">
          <div>
            <h1>{title}</h1>
            {lead && <p className="muted admin-lead">{lead}</p>}
          </div>
          {actions && <div className="admin-page-actions">{actions}</div>}
        </header>
        {children}
      </div>
    </div>
  );
}
