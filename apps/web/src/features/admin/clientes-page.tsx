import { EMAIL_CONFIRMATION_TEXTS, formatDate } from '@tc/shared';
import { TableWrap } from '../../components/ui/table-wrap';
import { Avatar } from '../../components/ui/avatar';
import { Pagination } from '../../components/ui/pagination';
import { EmptyState, ErrorState, Loading } from '../../components/ui/states';
import { AdminLayout } from './admin-layout';
import { useAdminClientes } from './admin-api';
import { SearchField, useListParams } from './admin-ui';

export function AdminClientesPage() {
  const list = useListParams();
  const clientes = useAdminClientes(list.q, list.page);

  return (
    <AdminLayout title="Clientes" lead="Contas de cliente registadas na plataforma, das mais recentes para as mais antigas.">
      <div className="admin-toolbar card" role="search" aria-label="Pesquisar clientes">
        <div className="toolbar-fields">
          <SearchField label="Pesquisar por nome" placeholder="Nome ou e-mail do cliente" value={list.text} onChange={list.setText} />
        </div>
      </div>

      {clientes.isPending ? (
        <Loading text="A carregar clientes..." />
      ) : clientes.isError ? (
        <ErrorState text="Não foi possível carregar os clientes." onRetry={() => clientes.refetch()} />
      ) : clientes.data.items.length === 0 ? (
        <EmptyState text={list.q ? 'Nenhum cliente encontrado com esse nome.' : 'Ainda não há clientes registados.'} />
      ) : (
        <section className="card admin-section flush" aria-label="Lista de clientes" aria-busy={clientes.isFetching || undefined}>
          <TableWrap label="Clientes">
            <table className="admin-table stacked">
              <thead>
                <tr>
                  <th scope="col">Nome</th>
                  <th scope="col">E-mail</th>
                  <th scope="col">Telemóvel</th>
                  <th scope="col">Registo</th>
                  <th scope="col" className="num">
                    Projetos
                  </th>
                </tr>
              </thead>
              <tbody>
                {clientes.data.items.map((c) => (
                  <tr key={c.id}>
                    <td data-label="Nome">
                      <span className="person">
                        <Avatar src={c.fotoUrl} alt="" size={36} />
                        <span className="strong">{c.nome}</span>
                      </span>
                    </td>
                    <td data-label="E-mail" className="break">
                      <a href={`mailto:${c.email}`}>{c.email}</a>
                      {c.emailConfirmado !== undefined && (
                        <span className={`badge email-state ${c.emailConfirmado ? 'badge-success' : 'badge-warning'}`}>
                          {c.emailConfirmado ? 'E-mail confirmado' : EMAIL_CONFIRMATION_TEXTS.adminPorConfirmar}
                        </span>
                      )}
                    </td>
                    <td data-label="Telemóvel" className="nowrap">
                      {c.telefone || <span className="muted">Não indicado</span>}
                    </td>
                    <td data-label="Registo" className="nowrap">
                      {formatDate(c.criadoEm)}
                    </td>
                    <td data-label="Projetos" className="num">
                      {c.projetos}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableWrap>
          <div className="section-foot">
            <Pagination page={list.page} hasMore={clientes.data.hasMore} onChange={list.setPage} label="Paginação dos clientes" />
          </div>
        </section>
      )}
    </AdminLayout>
  );
}
