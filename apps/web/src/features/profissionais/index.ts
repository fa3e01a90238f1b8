// The public directory of professionals as other features use it (docs/decisions/0019).
export { parseId, useProfissional, type ProfissionalPerfil } from './profissionais-api';
export { especialidadesTexto, localidade } from './profissional-card';
