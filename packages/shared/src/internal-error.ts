/**
 * The fallback message of the web's API client, on its own so that the first page load does not
 * carry every message (./ui-texts re-exports it and uses it as M.internal).
 */
export const INTERNAL_ERROR = 'Ocorreu um erro inesperado. Tente novamente mais tarde.';
