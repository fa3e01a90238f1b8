import { ArrowRight, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import './menu-cards.css';

export interface MenuCard {
  to: string;
  title: string;
  text: string;
  Icon: LucideIcon;
  primary?: boolean;
}

/** The shortcut cards of a dashboard (client and professional menus). */
export function MenuCards({ label, cards }: { label: string; cards: readonly MenuCard[] }) {
  return (
    <nav aria-label={label}>
      <ul className="menu-cards">
        {cards.map(({ to, title, text, Icon, primary }) => (
          <li key={to}>
            <Link to={to} className={primary ? 'menu-card primary' : 'menu-card'}>
              <span className="menu-card-icon" aria-hidden>
                <Icon size={28} />
              </span>
              <span className="menu-card-body">
                <span className="menu-card-title">{title}</span>
                <span className="menu-card-text">{text}</span>
              </span>
              <ArrowRight className="menu-card-arrow" size={20} aria-hidden />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
