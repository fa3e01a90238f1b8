import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Printer } from 'lucide-react';
import { formatDate, formatDateTime, formatEuros, formatNif, PRODUCT_NAME, type Receipt } from '@tc/shared';
import { Button } from '../../components/ui/button';
import { usePageTitle } from '../../components/ui/page-title';
import { ErrorState, Loading } from '../../components/ui/states';
import { ApiError, errorMessage } from '../../lib/api';
import { fetchReceipt } from './creditos-api';
import { methodLabel } from './payment-methods';
import './recibo.css';

const NOT_FOUND = 'Recibo não encontrado.';
const cents = (c: number) => formatEuros(c / 100);
const BACK = '/areadoprofissional/menu';

function BackLink() {
  return (
    <Link to={BACK} className="back-link">
      <ArrowLeft size={18} aria-hidden /> Área do Profissional
    </Link>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function ReceiptDocument({ r }: { r: Receipt }) {
  const nome = r.faturacaoNome ?? r.cliente.nome;
  return (
    <article className="card receipt" aria-labelledby="recibo-titulo">
      <header className="receipt-head">
        <div className="receipt-seller">
          <p className="receipt-brand">{PRODUCT_NAME}</p>
          <p>{r.vendedor.designacao}</p>
          <p>NIF {r.vendedor.nif}</p>
          <p>{r.vendedor.morada}</p>
          <p>{r.vendedor.email}</p>
          {r.vendedor.ficticio && <p className="receipt-placeholder">Identificação da empresa ilustrativa: dados legais a definir.</p>}
        </div>
        <div className="receipt-id">
          <h1 id="recibo-titulo">Recibo</h1>
          <p>
            N.º <strong className="receipt-number">{r.numero}</strong>
          </p>
          <p>
            Data: <time dateTime={r.pagoEm}>{formatDate(r.pagoEm)}</time>
          </p>
        </div>
      </header>

      <section className="receipt-block" aria-labelledby="recibo-cliente">
        <h2 id="recibo-cliente">Cliente</h2>
        <dl className="receipt-dl">
          {nome && <Row label="Nome">{nome}</Row>}
          <Row label="NIF">{r.nif ? formatNif(r.nif) : 'Não indicado'}</Row>
          {r.faturacaoMorada && (
            <Row label="Morada">
              <span className="receipt-address">{r.faturacaoMorada}</span>
            </Row>
          )}
          {r.cliente.email && <Row label="E-mail">{r.cliente.email}</Row>}
        </dl>
      </section>

      <section className="receipt-block" aria-labelledby="recibo-compra">
        <h2 id="recibo-compra">Compra</h2>
        <div className="receipt-table-wrap">
          <table className="receipt-lines">
            <thead>
              <tr>
                <th scope="col">Descrição</th>
                <th scope="col" className="num">
                  Créditos
                </th>
                <th scope="col" className="num">
                  Valor
                </th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <td>Plano {r.planoNome}: créditos para candidaturas a projetos</td>
                <td className="num">{r.creditos}</td>
                <td className="num">{cents(r.totalCentimos)}</td>
              </tr>
            </tbody>
          </table>
        </div>
        <dl className="receipt-totals">
          <Row label="Base tributável">{cents(r.baseCentimos)}</Row>
          <Row label={`IVA (${r.taxaIva} %)`}>{cents(r.ivaCentimos)}</Row>
          <div className="receipt-total">
            <dt>Total pago</dt>
            <dd>{cents(r.totalCentimos)}</dd>
          </div>
        </dl>
      </section>

      <section className="receipt-block" aria-labelledby="recibo-pagamento">
        <h2 id="recibo-pagamento">Pagamento</h2>
        <dl className="receipt-dl">
          <Row label="Data do pagamento">
            <time dateTime={r.pagoEm}>{formatDateTime(r.pagoEm)}</time>
          </Row>
          <Row label="Forma de pagamento">
            {methodLabel(r.metodo)}
            {r.provider === 'demo' ? ' (demonstração)' : ''}
          </Row>
          {r.referencia && (
            <Row label="Referência do pagamento">
              <span className="receipt-ref">{r.referencia}</span>
            </Row>
          )}
          <Row label="N.º da compra">{r.pagamentoId}</Row>
        </dl>
      </section>

      <footer className="receipt-notes">
        <p>
          <strong>Recibo da compra de créditos: comprova o pagamento acima. Este documento não serve de fatura.</strong>
        </p>
        <p>
          Preço com IVA incluído à taxa de {r.taxaIva} %. A base tributável é o total dividido por {(1 + r.taxaIva / 100).toLocaleString('pt-PT')}, arredondado
          ao cêntimo; o IVA é a diferença, para que a soma seja exatamente o valor pago.
        </p>
      </footer>
    </article>
  );
}

export function ReciboPage() {
  const { id = '' } = useParams();
  const valid = /^\d{1,10}$/.test(id);
  const query = useQuery({
    queryKey: ['recibo', id],
    queryFn: ({ signal }) => fetchReceipt(Number(id), signal),
    enabled: valid,
    // A receipt that does not exist (or is not paid yet) will not appear by asking again.
    retry: (count, e) => !(e instanceof ApiError && e.status === 404) && count < 2,
  });
  usePageTitle(query.data ? `Recibo ${query.data.numero}` : 'Recibo');

  let body;
  if (!valid)
    body = (
      <>
        <h1>Recibo</h1>
        <ErrorState text={NOT_FOUND} />
      </>
    );
  else if (query.isPending) body = <Loading text="A carregar o recibo..." />;
  else if (query.isError) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    body = (
      <>
        <h1>Recibo</h1>
        <ErrorState text={errorMessage(query.error, 'Não foi possível carregar o recibo.')} onRetry={missing ? undefined : () => void query.refetch()} />
      </>
    );
  } else body = <ReceiptDocument r={query.data} />;

  return (
    <div className="container page recibo-page">
      <div className="recibo-toolbar">
        <BackLink />
        {query.data && (
          <Button onClick={() => window.print()}>
            <Printer size={18} aria-hidden /> Imprimir ou guardar em PDF
          </Button>
        )}
      </div>
      {body}
    </div>
  );
}
