/**
 * How far lists page, without zod: the web app's main chunk reads these to ask for a screen's data
 * before the screen's code arrives (app/router.tsx). The query schema is in schemas/requests.ts.
 */

/** Deep pages cost the database a walk over every row before them: lists stop at this page. */
export const MAX_PAGE = 500;
/** Why a list goes no further than MAX_PAGE (the API's refusal of a later page, and the pager's note there). */
export const MAX_PAGE_TEXT = `Só é possível ver até à página ${MAX_PAGE}; refine a pesquisa.`;
/** A list's page size when the request names none. */
export const DEFAULT_PAGE_SIZE = 10;
