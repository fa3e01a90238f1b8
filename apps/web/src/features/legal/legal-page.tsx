import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { TERMOS_VERSAO } from '@tc/shared/catalogue/legal';
import { formatDateLong } from '@tc/shared/format';
import { usePageTitle } from '../../components/ui/page-title';
import './legal.css';

export interface LegalSection {
  /** The anchor (`/privacidade#direitos`). */
  id: string;
  title: string;
  body: ReactNode;
}

/** Date the current version of the terms and the privacy notice took effect: "23 de novembro de 2026". */
export const versaoLonga = () => formatDateLong(`${TERMOS_VERSAO}T12:00:00Z`);

/**
 * One legal text: title, version, an optional table of contents and numbered sections with
 * anchors. A link with an anchor (from another page, or typed) scrolls to its section once the
 * page has arrived (it is loaded on demand, after the browser looked for the anchor).
 */
export function LegalPage({
  title,
  lead,
  sections,
  toc = true,
  versao = true,
}: {
  title: string;
  lead: ReactNode;
  sections: LegalSection[];
  toc?: boolean;
  versao?: boolean;
}) {
  usePageTitle(title);
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash) return;
    // After the layout's scroll to the top on a new page.
    const timer = setTimeout(() => document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView(), 0);
    return () => clearTimeout(timer);
  }, [hash]);

  return (
    <div className="container page legal-page">
      <article className="legal" aria-labelledby="legal-title">
        <header className="legal-header">
          <h1 id="legal-title">{title}</h1>
          {versao && <p className="legal-version">Versão em vigor desde {versaoLonga()}.</p>}
          <div className="legal-lead">{lead}</div>
        </header>
        {toc && (
          <nav className="legal-toc" aria-labelledby="legal-toc-title">
            <h2 id="legal-toc-title">Índice</h2>
            <ol>
              {sections.map((s) => (
                <li key={s.id}>
                  <a href={`#${s.id}`}>{s.title}</a>
                </li>
              ))}
            </ol>
          </nav>
        )}
        {sections.map((s, i) => (
          <section key={s.id} id={s.id} className="legal-section" aria-labelledby={`${s.id}-titulo`}>
            <h2 id={`${s.id}-titulo`}>
              {i + 1}. {s.title}
            </h2>
            {s.body}
          </section>
        ))}
      </article>
    </div>
  );
}

/** A link that leaves the site: new tab, no access to this page, and said to screen readers. */
export function ExternalLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener">
      {children}
      <span className="sr-only"> (abre num novo separador)</span>
    </a>
  );
}
