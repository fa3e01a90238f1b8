/**
 * The version of the "Termos e Condições" and the "Política de Privacidade" (one version for both),
 * written as the ISO date it takes effect: a later date is a newer version (compared as text).
 * Change it together with the pages' text; every client and professional whose last acceptance is
 * older is then asked to accept again at the next log-in (docs/decisions/0016-terms-acceptance.md).
 */
export const TERMOS_VERSAO = '2026-11-23';

/** Where people exercise their RGPD rights (placeholder mailbox of the company). */
export const PRIVACIDADE_EMAIL = 'privacidade@tecnicocerto.pt';
/** General support contact named in the terms. */
export const APOIO_EMAIL = 'apoio@tecnicocerto.pt';
/** The official electronic complaints book (Decreto-Lei 156/2005, as amended by Decreto-Lei 74/2017). */
export const LIVRO_RECLAMACOES_URL = 'https://www.livroreclamacoes.pt/';

/** The public legal pages of the web app. */
export const LEGAL_PATHS = { termos: '/termos', privacidade: '/privacidade', cookies: '/cookies' } as const;
