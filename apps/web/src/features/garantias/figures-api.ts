import { useQuery } from '@tanstack/react-query';
import type { GarantiaNumeros } from '@tc/shared';
import { api } from '../../lib/api';
import { garantiasKeys } from './garantias-queries';

// The guarantee figures, apart from the claims' hooks: the public profile shows them and should not
// load the upload and mutation code that opening or answering a claim needs (docs/decisions/0007).

export { garantiasKeys } from './garantias-queries';

/** A professional's figures, for the public profile (shown to clients). */
export const useGuaranteeFigures = (profissionalId: number | null) =>
  useQuery({
    queryKey: garantiasKeys.numeros(profissionalId),
    queryFn: ({ signal }) => api<GarantiaNumeros>(`/profissional/${profissionalId}/garantias`, { as: 'cliente', signal }),
    enabled: profissionalId !== null,
    retry: false,
  });

/** The figures of a page of professionals in the back office: one request for the page. */
export const useAdminGuaranteeFigures = (ids: number[]) =>
  useQuery({
    queryKey: garantiasKeys.adminNumeros(ids),
    queryFn: ({ signal }) => api<GarantiaNumeros[]>(`/admin/garantias/numeros?ids=${ids.join(',')}`, { as: 'admin', signal }),
    enabled: ids.length > 0,
    retry: false,
  });
