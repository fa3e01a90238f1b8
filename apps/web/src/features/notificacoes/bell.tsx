import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Bell, Settings2 } from 'lucide-react';
import type { Role } from '@tc/shared/catalogue/statuses';
import { NOTIFICATIONS_TEXTS as TXT, NOTIFICATIONS_UNREAD_CAP } from '@tc/shared/catalogue/notificacoes';
import { formatDateTime } from '@tc/shared/format';
import { useMarkRead, useNotifications, useUnreadCount } from './notificacoes-api';
import './notificacoes.css';

/** "Notificações, 3 por ler": what a screen reader hears on the button (the badge is only visual). */
export function bellLabel(total: number) {
  if (total >= NOTIFICATIONS_UNREAD_CAP) return `${TXT.sino}, mais de ${NOTIFICATIONS_UNREAD_CAP - 1} por ler`;
  return `${TXT.sino}, ${total} por ler`;
}

/**
 * The header's bell: the unread count (polled every 30 s) and, when opened, the latest notifications
 * with links to their screens. What the panel shows is marked read as it opens. Escape or a click
 * outside closes it and focus goes back to the button.
 */
export function NotificationBell({ role }: { role: Role }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();
  const count = useUnreadCount(role);
  const list = useNotifications(role, open);
  const markRead = useMarkRead(role);
  const marked = useRef(false);
  const total = count.data?.total ?? 0;

  const close = (focusButton: boolean) => {
    setOpen(false);
    if (focusButton) button.current?.focus();
  };

  // Another page: the panel closes (its links lead away).
  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) {
      marked.current = false;
      return;
    }
    panel.current?.focus();
    const outside = (e: MouseEvent) => {
      if (wrapper.current && !wrapper.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', outside);
    return () => document.removeEventListener('mousedown', outside);
  }, [open]);

  // Opened and loaded: what is on screen is now read (once per opening).
  const unreadShown = open && list.data && !list.isFetching ? list.data.items.filter((n) => !n.lida).map((n) => n.id) : [];
  useEffect(() => {
    if (marked.current || unreadShown.length === 0) return;
    marked.current = true;
    markRead.mutate(unreadShown);
  });

  const badge = total >= NOTIFICATIONS_UNREAD_CAP ? `${NOTIFICATIONS_UNREAD_CAP - 1}+` : String(total);

  return (
    // Not itself interactive: it catches Escape bubbling up from the button and the panel inside it.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <div
      className="bell"
      ref={wrapper}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          e.stopPropagation();
          close(true);
        }
      }}
      onBlur={(e) => {
        // Tabbing out of the panel closes it.
        if (open && e.relatedTarget && !wrapper.current?.contains(e.relatedTarget as Node)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        className="btn btn-ghost bell-button"
        aria-label={bellLabel(total)}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        <Bell size={22} aria-hidden />
        {total > 0 && (
          <span className="bell-badge" aria-hidden>
            {badge}
          </span>
        )}
      </button>
      {open && (
        <div id={panelId} ref={panel} className="bell-panel" role="dialog" aria-labelledby={`${panelId}-title`} tabIndex={-1}>
          <div className="bell-head">
            <h2 id={`${panelId}-title`}>{TXT.sino}</h2>
            {role !== 'admin' && (
              <Link to="/conta#notificacoes" className="bell-prefs" onClick={() => setOpen(false)}>
                <Settings2 size={16} aria-hidden /> Preferências
              </Link>
            )}
          </div>
          {list.isPending ? (
            <p className="bell-state" role="status">
              A carregar...
            </p>
          ) : list.isError ? (
            <p className="bell-state" role="alert">
              Não foi possível carregar as notificações.
            </p>
          ) : list.data.items.length === 0 ? (
            <p className="bell-state">{TXT.vazio}</p>
          ) : (
            <ul className="bell-list">
              {list.data.items.map((n) => {
                const body = (
                  <>
                    <span className="bell-item-title">
                      {!n.lida && <span className="bell-dot" aria-hidden />}
                      {n.titulo}
                      {!n.lida && <span className="sr-only"> (nova)</span>}
                    </span>
                    <span className="bell-item-body">{n.corpo}</span>
                    <time className="bell-item-time" dateTime={n.criadoEm}>
                      {formatDateTime(n.criadoEm)}
                    </time>
                  </>
                );
                return (
                  <li key={n.id} className={n.lida ? 'bell-item' : 'bell-item unread'}>
                    {n.link ? (
                      <Link to={n.link} onClick={() => setOpen(false)}>
                        {body}
                      </Link>
                    ) : (
                      <div>{body}</div>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
