import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LIVRO_RECLAMACOES_URL, PRIVACIDADE_EMAIL } from '@tc/shared/catalogue/legal';
import { renderAt } from '../../test/render';
import { LOCAL, TERMS_PENDING_KEY, TOKEN_KEY } from '../../lib/session';
import { RESET_TOKEN_KEY } from '../recuperacao/recovery-shared';

// The legal pages ask for nothing; the home page's sections are answered by the default handlers (test/server.ts).
afterEach(() => {
  cleanup();
});

/** Every entry of the table of contents leads to a section of the page with that title. */
async function expectWorkingToc(title: string) {
  const article = await screen.findByRole('article', { name: title });
  const toc = within(article).getByRole('navigation', { name: 'Índice' });
  const links = within(toc).getAllByRole('link');
  expect(links.length).toBeGreaterThan(5);
  for (const link of links) {
    const id = link.getAttribute('href')!.replace(/^#/, '');
    const section = document.getElementById(id);
    expect(section, id).not.toBeNull();
    expect(within(section!).getByRole('heading', { level: 2 })).toHaveTextContent(link.textContent!);
  }
}

describe('legal pages', () => {
  it('/termos: title, version date, a working table of contents, the rules of the marketplace', async () => {
    renderAt('/termos');
    expect(await screen.findByRole('heading', { level: 1, name: 'Termos e Condições' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByText('Versão em vigor desde 23 de novembro de 2026.')).toBeInTheDocument();
    await expectWorkingToc('Termos e Condições');
    for (const text of [
      /publicar projetos é gratuito/,
      /no máximo 5 candidaturas/,
      /nos 7 dias seguintes à candidatura/,
      /Durante 14 dias depois de marcar um projeto como concluído/,
      /As avaliações são moderadas/,
    ]) {
      expect(screen.getAllByText(text).length).toBeGreaterThan(0);
    }
    expect(within(screen.getByRole('article')).getByRole('link', { name: /Livro de Reclamações Eletrónico/ })).toHaveAttribute('href', LIVRO_RECLAMACOES_URL);
  });

  it('/privacidade: what, why, how long, who, the rights (with "Minha Conta"), the contact and the CNPD', async () => {
    renderAt('/privacidade');
    expect(await screen.findByRole('heading', { level: 1, name: 'Política de Privacidade' }, { timeout: 15_000 })).toBeInTheDocument();
    await expectWorkingToc('Política de Privacidade');
    const article = screen.getByRole('article');
    for (const heading of [
      'Que dados tratamos',
      'Para que os usamos e com que fundamento',
      'Durante quanto tempo os guardamos',
      'Quem recebe os dados',
      'Os seus direitos',
      'Como exercer os seus direitos e a quem reclamar',
    ]) {
      expect(within(article).getByRole('heading', { level: 2, name: new RegExp(heading) })).toBeInTheDocument();
    }
    expect(within(article).getByRole('rowheader', { name: 'Verificação dos profissionais' })).toBeInTheDocument();
    expect(screen.getByText(/apagadas assim que a nossa equipa decide a verificação/)).toBeInTheDocument();
    expect(screen.getByText(/Lei n.º 7\/2007/)).toBeInTheDocument();
    expect(screen.getByText(/«Descarregar os meus/)).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: PRIVACIDADE_EMAIL })[0]).toHaveAttribute('href', `mailto:${PRIVACIDADE_EMAIL}`);
    expect(screen.getByRole('link', { name: /www.cnpd.pt/ })).toHaveAttribute('href', 'https://www.cnpd.pt/');
  });

  it('/cookies lists every key the app keeps in the browser, and there is no consent banner', async () => {
    renderAt('/cookies');
    expect(await screen.findByRole('heading', { level: 1, name: 'Política de Cookies' }, { timeout: 15_000 })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Dados guardados no navegador' });
    const listed = within(table)
      .getAllByRole('rowheader')
      .flatMap((th) => th.textContent!.split(', '));
    const used = [...Object.values(TOKEN_KEY), ...Object.values(LOCAL), RESET_TOKEN_KEY, TERMS_PENDING_KEY];
    expect([...listed].sort()).toEqual([...used].sort());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /aceitar|cookies/i })).not.toBeInTheDocument();
  });

  it('no other module writes to browser storage or cookies than those the cookie policy lists (a new one must be described there)', () => {
    const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory()
          ? files(join(dir, e.name))
          : /\.tsx?$/.test(e.name) && !/\.test\.tsx?$|test-utils\.ts$|(^|\/)test\//.test(join(dir, e.name))
            ? [join(dir, e.name)]
            : [],
      );
    const writers = files(root)
      .filter((f) => !relative(root, f).startsWith('test/'))
      .filter((f) => /\b(localStorage|sessionStorage)\s*\.\s*setItem\b|document\s*\.\s*cookie|indexedDB|caches\s*\.\s*open/.test(readFileSync(f, 'utf8')))
      .map((f) => relative(root, f))
      .sort();
    expect(writers).toEqual(['features/recuperacao/otp-page.tsx', 'lib/session.ts']);
  });
});

describe('footer', () => {
  it('every public page links the three legal pages and the Livro de Reclamações (new tab, noopener)', async () => {
    const { router } = renderAt('/');
    const legal = await screen.findByRole('navigation', { name: 'Informação legal' });
    const user = userEvent.setup();
    expect(within(legal).getByRole('link', { name: 'Política de Privacidade' })).toHaveAttribute('href', '/privacidade');
    expect(within(legal).getByRole('link', { name: 'Política de Cookies' })).toHaveAttribute('href', '/cookies');
    const livro = within(legal).getByRole('link', { name: /Livro de Reclamações/ });
    expect(livro).toHaveAttribute('href', 'https://www.livroreclamacoes.pt/');
    expect(livro).toHaveAttribute('target', '_blank');
    expect(livro).toHaveAttribute('rel', 'noopener');
    await user.click(within(legal).getByRole('link', { name: 'Termos e Condições' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/termos'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Termos e Condições' }, { timeout: 15_000 })).toBeInTheDocument();
  });
});
