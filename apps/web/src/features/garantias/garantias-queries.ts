import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Garantia, Paged } from '@tc/shared';
import { GARANTIA_ESTADOS } from '@tc/shared/catalogue/list-filters';
import type { GarantiaEstado } from '@tc/shared/catalogue/garantias';
import { api } from '../../lib/api';
import { listParamsOf } from '../../lib/use-list-params';

/* The back office's guarantee claims as query options, for its screen and the router's prefetch (app/router.tsx). */

export const garantiasKeys = {
  all: ['garantias'] as const,
  profissional: (page: number) => ['garantias', 'profissional', page] as const,
  admin: (estado: string, page: number) => ['garantias', 'admin', estado, page] as const,
  numeros: (id: number | null) => ['garantias', 'numeros', id] as const,
  adminNumeros: (ids: number[]) => ['garantias', 'admin-numeros', ids.join(',')] as const,
};

/** The list's filters as the address gives them: a state (or every one) and, from a professional's card, his id. */
export function adminGuaranteeFiltersOf(search: URLSearchParams) {
  const raw = search.get('estado') ?? '';
  const estado = ((GARANTIA_ESTADOS as readonly string[]).includes(raw) ? raw : '') as GarantiaEstado | '';
  const rawPro = search.get('profissional') ?? '';
  const profissionalId = /^\d{1,10}$/.test(rawPro) ? Number(rawPro) : null;
  return { estado, profissionalId, page: listParamsOf(search).page };
}

/** Back office: open ones first, filter by state. */
export const adminGuaranteesQuery = (estado: GarantiaEstado | '', page: number, profissionalId: number | null = null) =>
  queryOptions({
    queryKey: [...garantiasKeys.admin(estado, page), profissionalId],
    queryFn: ({ signal }) =>
      api<Paged<Garantia>>(
        `/admin/garantias?page=${page}&pageSize=10${estado ? `&estado=${estado}` : ''}${profissionalId ? `&profissionalId=${profissionalId}` : ''}`,
        { as: 'admin', signal },
      ),
  });

export function prefetchAdminGuarantees(qc: QueryClient, search: URLSearchParams) {
  const f = adminGuaranteeFiltersOf(search);
  void qc.prefetchQuery(adminGuaranteesQuery(f.estado, f.page, f.profissionalId));
}
