import { useId, type ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDate, formatDateLong, formatEuros, formatMonthYear, formatMonthYearShort, type AdminStats } from '@tc/shared';

const BLUE = '#1e3a8a';
const BLUE_LIGHT = '#93c5fd';
const AMBER = '#d97706';
const GRID = '#e2e8f0';
const TICK = { fill: '#475569', fontSize: 12 };

const integer = new Intl.NumberFormat('pt-PT', { maximumFractionDigits: 0 });
const compactEuro = new Intl.NumberFormat('pt-PT', { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 });

/** 'YYYY-MM' → 'mar. 2026' (axis) and 'março de 2026' (tables, tooltips): the shared date formats. */
export const monthShort = (mes: string) => formatMonthYearShort(mes);
export const monthLong = (mes: string) => formatMonthYear(mes);
/** 'YYYY-MM-DD' (a Monday) → '02/03/2026' on the axis (four-digit year, issue 12), 'Semana de 2 de março de 2026' in tables and tooltips. */
export const weekShort = (semana: string) => formatDate(semana);
export const weekLong = (semana: string) => `Semana de ${formatDateLong(semana)}`;

/** Months between the first and last one in the data, with the missing ones at zero. */
export function fillMonths<T extends { mes: string }>(rows: T[], empty: (mes: string) => T): T[] {
  if (rows.length === 0) return [];
  const by = new Map(rows.map((r) => [r.mes, r]));
  const sorted = [...by.keys()].sort();
  const out: T[] = [];
  let [y, m] = sorted[0]!.split('-').map(Number) as [number, number];
  const last = sorted[sorted.length - 1]!;
  for (let guard = 0; guard < 120; guard++) {
    const key = `${y}-${String(m).padStart(2, '0')}`;
    out.push(by.get(key) ?? empty(key));
    if (key >= last) break;
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
  return out;
}

/** Weeks (Mondays) between the first and last one in the data, the missing ones at zero. */
export function fillWeeks<T extends { semana: string }>(rows: T[], empty: (semana: string) => T): T[] {
  if (rows.length === 0) return [];
  const by = new Map(rows.map((r) => [r.semana, r]));
  const sorted = [...by.keys()].sort();
  const out: T[] = [];
  const d = new Date(`${sorted[0]}T00:00:00Z`);
  const last = sorted[sorted.length - 1]!;
  for (let guard = 0; guard < 60; guard++) {
    const key = d.toISOString().slice(0, 10);
    out.push(by.get(key) ?? empty(key));
    if (key >= last) break;
    d.setUTCDate(d.getUTCDate() + 7);
  }
  return out;
}

interface Column<T> {
  key: keyof T & string;
  label: string;
  format: (v: number) => string;
}

/**
 * A chart with its heading and, for screen readers, the same numbers as a table (the drawing
 * itself is hidden from them).
 */
function ChartFrame<T>({
  title,
  summary,
  rows,
  rowLabel,
  rowHeader,
  columns,
  children,
  height,
}: {
  title: string;
  summary: string;
  rows: T[];
  rowLabel: (r: T) => string;
  rowHeader: string;
  columns: Column<T>[];
  children: ReactNode;
  height: number;
}) {
  const id = useId();
  return (
    <section className="card chart-card" aria-labelledby={`${id}-t`}>
      <h2 id={`${id}-t`} className="chart-title">
        {title}
      </h2>
      <p className="chart-summary muted">{summary}</p>
      {rows.length === 0 ? (
        <p className="chart-empty muted">Ainda não há dados para mostrar.</p>
      ) : (
        <>
          <div className="chart-box" style={{ height }} aria-hidden="true">
            {children}
          </div>
          <div className="sr-only">
            <table>
              <caption>{title}</caption>
              <thead>
                <tr>
                  <th scope="col">{rowHeader}</th>
                  {columns.map((c) => (
                    <th scope="col" key={c.key}>
                      {c.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={rowLabel(r)}>
                    <th scope="row">{rowLabel(r)}</th>
                    {columns.map((c) => (
                      <td key={c.key}>{c.format(Number(r[c.key]))}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}

const tooltipStyle = { borderRadius: 10, border: `1px solid ${GRID}`, boxShadow: '0 4px 16px rgb(15 23 42 / 0.08)' };

/** Revenue per month: received (paid) against total sold (paid + pending Multibanco). */
export function RevenueChart({ data, title = 'Receita por mês', height = 280 }: { data: AdminStats['receitaPorMes']; title?: string; height?: number }) {
  const rows = fillMonths(data, (mes) => ({ mes, recebido: 0, total: 0 }));
  const sumR = rows.reduce((s, r) => s + r.recebido, 0);
  const sumT = rows.reduce((s, r) => s + r.total, 0);
  const summary = rows.length
    ? `${rows.length} ${rows.length === 1 ? 'mês' : 'meses'}: ${formatEuros(sumR)} recebidos de ${formatEuros(sumT)} vendidos.`
    : 'Valor recebido e valor total vendido, em euros.';
  return (
    <ChartFrame
      title={title}
      summary={summary}
      rows={rows}
      rowHeader="Mês"
      rowLabel={(r) => monthLong(r.mes)}
      columns={[
        { key: 'recebido', label: 'Recebido', format: formatEuros },
        { key: 'total', label: 'Total', format: formatEuros },
      ]}
      height={height}
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={rows} margin={{ top: 8, right: 8, left: 0, bottom: 0 }} barGap={4} accessibilityLayer={false}>
          <CartesianGrid stroke={GRID} vertical={false} />
          <XAxis dataKey="mes" tickFormatter={monthShort} tick={TICK} tickLine={false} axisLine={{ stroke: GRID }} />
          <YAxis tickFormatter={(v: number) => compactEuro.format(v)} tick={TICK} tickLine={false} axisLine={false} width={64} />
          <Tooltip
            formatter={(v) => formatEuros(Number(v))}
            labelFormatter={(l) => monthLong(String(l))}
            contentStyle={tooltipStyle}
            cursor={{ fill: '#eff6ff' }}
          />
          <Legend iconType="circle" wrapperStyle={{ fontSize: 13 }} />
          <Bar dataKey="recebido" name="Recebido" fill={BLUE} radius={[4, 4, 0, 0]} maxBarSize={36} isAnimationActive={false} />
          <Bar dataKey="total" name="Total" fill={BLUE_LIGHT} radius={[4, 4, 0, 0]} maxBarSize={36} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </ChartFrame>
  );
}

/** New projects per week (last 12 weeks). */
export function ProjectsChart({ data }: { data: AdminStats['projetosPorSemana'] }) {
  const rows = fillWeeks(data, (semana) => ({ semana, total: 0 }));
  const sum = rows.reduce((s, r) => s + r.total, 0);
  return (
    <ChartFrame
      title="Novos projetos por semana"
      summary={
        rows.length ? `${integer.format(sum)} ${sum === 1 ? 'projeto publicado' : 'projetos publicados'} nas últimas 12 semanas.` : 'Últimas 12 semanas.'
      }
      rows={rows}
      rowHeader="Semana"
      rowLabel={(r) => weekLong(r.semana)}
      columns={[{ key: 'total', label: 'Projetos', format: integer.format }]}
      height={240}
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={rows} margin={{ top: 8, right: 8, left: 0, bottom: 0 }} accessibilityLayer={false}>
          <CartesianGrid stroke={GRID} vertical={false} />
          <XAxis dataKey="semana" tickFormatter={weekShort} tick={TICK} tickLine={false} axisLine={{ stroke: GRID }} minTickGap={8} />
          <YAxis allowDecimals={false} tick={TICK} tickLine={false} axisLine={false} width={32} />
          <Tooltip labelFormatter={(l) => weekLong(String(l))} contentStyle={tooltipStyle} cursor={{ fill: '#fef3c7' }} />
          <Bar dataKey="total" name="Projetos" fill={AMBER} radius={[4, 4, 0, 0]} maxBarSize={32} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </ChartFrame>
  );
}

/** New sign-ups per week, clients and professionals. */
export function SignupsChart({ data }: { data: AdminStats['registosPorSemana'] }) {
  const rows = fillWeeks(data, (semana) => ({ semana, clientes: 0, profissionais: 0 }));
  const c = rows.reduce((s, r) => s + r.clientes, 0);
  const p = rows.reduce((s, r) => s + r.profissionais, 0);
  return (
    <ChartFrame
      title="Novos registos por semana"
      summary={
        rows.length
          ? `${integer.format(c)} ${c === 1 ? 'cliente' : 'clientes'} e ${integer.format(p)} ${p === 1 ? 'profissional' : 'profissionais'} nas últimas 12 semanas.`
          : 'Últimas 12 semanas.'
      }
      rows={rows}
      rowHeader="Semana"
      rowLabel={(r) => weekLong(r.semana)}
      columns={[
        { key: 'clientes', label: 'Clientes', format: integer.format },
        { key: 'profissionais', label: 'Profissionais', format: integer.format },
      ]}
      height={240}
    >
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={rows} margin={{ top: 8, right: 12, left: 0, bottom: 0 }} accessibilityLayer={false}>
          <CartesianGrid stroke={GRID} vertical={false} />
          <XAxis dataKey="semana" tickFormatter={weekShort} tick={TICK} tickLine={false} axisLine={{ stroke: GRID }} minTickGap={8} />
          <YAxis allowDecimals={false} tick={TICK} tickLine={false} axisLine={false} width={32} />
          <Tooltip labelFormatter={(l) => weekLong(String(l))} contentStyle={tooltipStyle} />
          <Legend iconType="circle" wrapperStyle={{ fontSize: 13 }} />
          <Line type="linear" dataKey="clientes" name="Clientes" stroke={BLUE} strokeWidth={2.5} dot={{ r: 3 }} isAnimationActive={false} />
          <Line
            type="linear"
            dataKey="profissionais"
            name="Profissionais"
            stroke={AMBER}
            strokeWidth={2.5}
            strokeDasharray="6 3"
            dot={{ r: 3 }}
            isAnimationActive={false}
          />
        </LineChart>
      </ResponsiveContainer>
    </ChartFrame>
  );
}
