import {
  EMERGENCY_LABEL,
  formatDate,
  formatDateTime,
  formatEuros,
  formatRating,
  isEmergency,
  NOTIFICATION_KIND_LABELS,
  PRODUCT_NAME,
  SELO_INFO,
  SELOS,
  specialtyLabel,
  TIME_OPTION_LABELS,
  type SwitchableKind,
  type TimeOption,
} from '@tc/shared';
import type { NotificationKind } from './events';

/**
 * E-mails in two steps. At the event (notify, inside the transaction) each kind's content is
 * rendered into a *fragment* (HTML and text) with the data of that moment, and stored in the outbox.
 * At sending (the worker) fragments are wrapped in the product's layout, one per mail or several in a
 * digest, with the absolute addresses and the signed unsubscribe link, which depend on the
 * configuration (PUBLIC_URL, the key) rather than on the event. Stored fragments point at the site
 * with the `BASE` placeholder.
 */
export const BASE = '%BASE_URL%';

/** Screens of the web app each kind links to (paths; `BASE` makes them absolute in e-mails). */
export const LINKS = {
  projetosCliente: (clienteId: number) => `/projetos/${clienteId}`,
  perfilProfissional: (id: number) => `/profissionais/${id}`,
  chamado: (requestId: number) => `/areadoprofissional/detalhes-chamado/${requestId}`,
  candidaturas: '/areadoprofissional/chamados-agendados',
  minhasAvaliacoes: '/areadoprofissional/minhas-avaliacoes',
  menuProfissional: '/areadoprofissional/menu',
  adminProjetos: '/listagem-projetos',
  adminReviews: '/listagem-reviews',
  adminProfissionais: '/listagem-profissionais',
  adminLeads: '/leads-reportados',
  adminGarantias: '/listagem-garantias',
  garantiasProfissional: '/areadoprofissional/menu#garantias',
  preferencias: '/conta#notificacoes',
} as const;

// The brand, as the web app's CSS (apps/web/src/styles/global.css) has it.
const C = {
  blue900: '#172554',
  blue800: '#1e3a8a',
  blue700: '#1d4ed8',
  blue50: '#eff6ff',
  amber500: '#f59e0b',
  amber100: '#fef3c7',
  green600: '#16a34a',
  green100: '#dcfce7',
  ink: '#0f172a',
  muted: '#475569',
  line: '#e2e8f0',
  bg: '#f8fafc',
};
const FONT = "'Inter', system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif";

/** Text from people (titles, names, comments) never carries markup nor the placeholder into a mail. */
const clean = (s: string) => s.split(BASE).join('');
export const esc = (s: string) => clean(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export interface Fragment {
  html: string;
  text: string;
}
export interface Rendered {
  /** The bell's row (null: none, e.g. the confirmation link must only reach the mailbox). */
  inApp: { titulo: string; corpo: string; link: string | null } | null;
  assunto: string;
  fragment: Fragment;
}

const h = (title: string) => `<h2 style="margin:0 0 12px;font-size:20px;line-height:1.3;color:${C.blue900}">${esc(title)}</h2>`;
const p = (html: string) => `<p style="margin:0 0 12px;font-size:16px;line-height:1.5;color:${C.ink}">${html}</p>`;
const button = (label: string, href: string) =>
  `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:16px 0 8px"><tr><td style="border-radius:10px;background:${C.amber500}">` +
  `<a href="${href}" style="display:inline-block;padding:12px 22px;font-size:16px;font-weight:700;color:${C.ink};text-decoration:none;border-radius:10px">${esc(label)}</a></td></tr></table>`;
const facts = (rows: [string, string][]) =>
  `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:4px 0 8px;border-collapse:collapse;font-size:15px">${rows
    .map(
      ([k, v]) =>
        `<tr><td style="padding:4px 16px 4px 0;color:${C.muted};vertical-align:top">${esc(k)}</td><td style="padding:4px 0;color:${C.ink};font-weight:600">${esc(v)}</td></tr>`,
    )
    .join('')}</table>`;
const badge = (label: string, color: string, bg: string) =>
  `<span style="display:inline-block;padding:2px 10px;border-radius:999px;background:${bg};color:${color};font-size:13px;font-weight:700">${esc(label)}</span>`;

/** A fragment: heading, paragraphs, optional facts, the button to the exact screen. */
function fragment(o: {
  titulo: string;
  paras: string[];
  facts?: [string, string][];
  extraHtml?: string;
  extraText?: string;
  cta?: { label: string; path: string };
}): Fragment {
  // Built when first read: the bell renders stored rows for their in-app text only (a page of job
  // alerts built ten mails' HTML for nothing, 10 µs each).
  let built: { html: string; text: string } | undefined;
  const build = () => {
    if (built) return built;
    const url = o.cta ? `${BASE}${o.cta.path}` : null;
    const html = [
      h(o.titulo),
      ...o.paras.map((x) => p(esc(x))),
      o.facts?.length ? facts(o.facts) : '',
      o.extraHtml ?? '',
      o.cta && url ? button(o.cta.label, url) : '',
    ].join('');
    const text = [
      clean(o.titulo),
      '',
      ...o.paras.map(clean),
      ...(o.facts?.length ? ['', ...o.facts.map(([k, v]) => `${k}: ${clean(v)}`)] : []),
      ...(o.extraText ? ['', o.extraText] : []),
      ...(o.cta && url ? ['', `${o.cta.label}: ${url}`] : []),
    ].join('\n');
    return (built = { html, text });
  };
  return {
    get html() {
      return build().html;
    },
    get text() {
      return build().text;
    },
  };
}

const creditos = (n: number) => `${n} ${n === 1 ? 'crédito' : 'créditos'}`;
const TEMPO_CURTO: Record<TimeOption, string> = { NORMAL: 'Normal', URGENTE: 'Urgente', PIQUETE: 'Piquete', AVARIA: 'Avaria' };

// --- Each kind's content -----------------------------------------------------------------------

export const T = {
  projetoAprovado(d: { titulo: string; creditos: number | null; clienteId: number }): Rendered {
    const link = LINKS.projetosCliente(d.clienteId);
    return {
      inApp: { titulo: 'Projeto aprovado', corpo: `"${d.titulo}" já está visível para os profissionais.`, link },
      assunto: `O seu projeto "${d.titulo}" já está visível para os profissionais`,
      fragment: fragment({
        titulo: 'O seu projeto foi aprovado',
        paras: [`"${d.titulo}" foi aprovado e já está visível para os profissionais da sua zona.`, 'Avisamos assim que um profissional se candidatar.'],
        cta: { label: 'Ver os meus projetos', path: link },
      }),
    };
  },

  novaCandidatura(d: {
    titulo: string;
    clienteId: number;
    profissionalId: number;
    nome: string;
    notaMedia: number | null;
    totalAvaliacoes: number;
    verificado: boolean;
    cidade: string;
    selos?: readonly string[];
  }): Rendered {
    const perfil = LINKS.perfilProfissional(d.profissionalId);
    const nota =
      d.totalAvaliacoes > 0
        ? `${formatRating(d.notaMedia)} ★ (${d.totalAvaliacoes} ${d.totalAvaliacoes === 1 ? 'avaliação' : 'avaliações'})`
        : 'Ainda sem avaliações';
    // Every badge, each with its rule in words (a mail has no tooltip).
    const selos = SELOS.filter((s) => d.selos?.includes(s) || (s === 'VERIFICADO' && d.verificado));
    const badges = selos.length
      ? `<p style="margin:0 0 4px">${selos.map((s) => (s === 'VERIFICADO' ? badge(`✓ ${SELO_INFO[s].label}`, C.green600, C.green100) : badge(`★ ${SELO_INFO[s].label}`, C.blue800, C.blue50))).join(' ')}</p>` +
        `<ul style="margin:0 0 8px;padding-left:18px;color:${C.muted};font-size:13px">${selos.map((s) => `<li><strong>${esc(SELO_INFO[s].label)}</strong>: ${esc(SELO_INFO[s].regra)}</li>`).join('')}</ul>`
      : '';
    return {
      inApp: { titulo: 'Novo candidato', corpo: `${d.nome} candidatou-se a "${d.titulo}".`, link: LINKS.projetosCliente(d.clienteId) },
      assunto: `${d.nome} candidatou-se ao seu projeto "${d.titulo}"`,
      fragment: fragment({
        titulo: 'Tem um novo candidato',
        paras: [`${d.nome} candidatou-se ao seu projeto "${d.titulo}" e já pode contactá-lo.`],
        facts: [
          ['Profissional', d.nome],
          ['Avaliação', nota],
          ['Cidade', d.cidade],
        ],
        extraHtml: badges,
        extraText: selos.length ? `Selos:\n${selos.map((s) => `- ${SELO_INFO[s].label}: ${SELO_INFO[s].regra}`).join('\n')}` : undefined,
        cta: { label: `Ver o perfil de ${d.nome}`, path: perfil },
      }),
    };
  },

  projetoLotado(d: { titulo: string; clienteId: number; maximo: number }): Rendered {
    const link = LINKS.projetosCliente(d.clienteId);
    return {
      inApp: { titulo: 'Projeto completo', corpo: `"${d.titulo}" tem ${d.maximo} candidatos: escolha quem fará o serviço.`, link },
      assunto: `O seu projeto "${d.titulo}" já tem ${d.maximo} candidatos`,
      fragment: fragment({
        titulo: `${d.maximo} profissionais candidataram-se`,
        paras: [
          `O seu projeto "${d.titulo}" chegou ao máximo de ${d.maximo} candidatos e deixou de receber candidaturas.`,
          'Compare os perfis e escolha quem fará o serviço.',
        ],
        cta: { label: 'Ver os candidatos', path: link },
      }),
    };
  },

  avaliacaoPublicada(d: { profissionalId: number; nome: string; nota: number }): Rendered {
    const link = LINKS.perfilProfissional(d.profissionalId);
    return {
      inApp: { titulo: 'Avaliação publicada', corpo: `A sua avaliação de ${d.nome} já está pública.`, link },
      assunto: `A sua avaliação de ${d.nome} foi publicada`,
      fragment: fragment({
        titulo: 'A sua avaliação foi publicada',
        paras: [`Obrigado! A avaliação que deu a ${d.nome} (${d.nota} de 5) foi aprovada e já ajuda outros clientes a escolher.`],
        cta: { label: `Ver o perfil de ${d.nome}`, path: link },
      }),
    };
  },

  novoProjetoNaZona(d: {
    requestId: number;
    titulo: string;
    bairro: string;
    cidade: string;
    especialidade: string;
    tempo: TimeOption;
    creditos: number;
  }): Rendered {
    const link = LINKS.chamado(d.requestId);
    const urgente = d.tempo !== 'NORMAL';
    const onde = d.cidade.trim().toLowerCase() === d.bairro.trim().toLowerCase() ? d.bairro : `${d.cidade} (${d.bairro})`;
    return {
      inApp: {
        titulo: isEmergency(d.tempo)
          ? `${EMERGENCY_LABEL} na sua zona`
          : urgente
            ? `Projeto ${TEMPO_CURTO[d.tempo].toLowerCase()} na sua zona`
            : 'Novo projeto na sua zona',
        corpo: `"${d.titulo}" em ${onde} · ${creditos(d.creditos)}.`,
        link,
      },
      assunto: `${isEmergency(d.tempo) ? `${EMERGENCY_LABEL} · ${TEMPO_CURTO[d.tempo]}: ` : urgente ? `${TEMPO_CURTO[d.tempo]}: ` : 'Novo projeto: '}${d.titulo} (${d.bairro})`,
      fragment: fragment({
        titulo: d.titulo,
        paras: [urgente ? 'Um cliente precisa de ajuda com urgência na sua zona.' : 'Há um novo projeto na sua zona e especialidade.'],
        facts: [
          ['Distrito', d.bairro],
          ...(onde !== d.bairro ? [['Cidade', d.cidade] as [string, string]] : []),
          ['Especialidade', specialtyLabel(d.especialidade)],
          ['Urgência', TIME_OPTION_LABELS[d.tempo]],
          ['Preço da candidatura', creditos(d.creditos)],
        ],
        cta: { label: 'Ver o projeto', path: link },
      }),
    };
  },

  escolhido(d: { requestId: number; titulo: string; clienteNome: string | null }): Rendered {
    const link = LINKS.chamado(d.requestId);
    const quem = d.clienteNome ?? 'O cliente';
    return {
      inApp: { titulo: 'Foi escolhido!', corpo: `${quem} escolheu-o para "${d.titulo}".`, link },
      assunto: `Foi escolhido para "${d.titulo}"`,
      fragment: fragment({
        titulo: 'Parabéns, foi escolhido!',
        paras: [`${quem} escolheu-o para fazer o serviço "${d.titulo}".`, 'Combine com o cliente os detalhes e a data do serviço.'],
        cta: { label: 'Ver o projeto e o contacto', path: link },
      }),
    };
  },

  naoEscolhido(d: { titulo: string }): Rendered {
    return {
      inApp: { titulo: 'Outro profissional escolhido', corpo: `O cliente de "${d.titulo}" escolheu outro profissional.`, link: LINKS.candidaturas },
      assunto: `O cliente de "${d.titulo}" escolheu outro profissional`,
      fragment: fragment({
        titulo: 'Desta vez foi outro profissional',
        paras: [`O cliente do projeto "${d.titulo}" escolheu outro profissional.`, 'Há mais projetos na sua zona à sua espera.'],
        cta: { label: 'Ver as minhas candidaturas', path: LINKS.candidaturas },
      }),
    };
  },

  projetoFechado(d: { titulo: string; reembolso: number | null }): Rendered {
    const reembolso = d.reembolso ? ` Devolvemos-lhe ${creditos(d.reembolso)}.` : '';
    return {
      inApp: { titulo: 'Projeto fechado', corpo: `"${d.titulo}" foi fechado ou removido.${reembolso}`, link: LINKS.candidaturas },
      assunto: `O projeto "${d.titulo}" foi fechado`,
      fragment: fragment({
        titulo: 'Um projeto a que se candidatou foi fechado',
        paras: [
          `O projeto "${d.titulo}" foi fechado ou removido.`,
          d.reembolso ? `Os ${creditos(d.reembolso)} que gastou foram devolvidos ao seu saldo.` : 'Esta candidatura não dá lugar a reembolso.',
        ],
        cta: { label: 'Ver as minhas candidaturas', path: LINKS.candidaturas },
      }),
    };
  },

  reembolso(d: { titulo: string; creditos: number; motivo: string }): Rendered {
    return {
      inApp: { titulo: 'Créditos devolvidos', corpo: `${creditos(d.creditos)} devolvidos por "${d.titulo}".`, link: LINKS.menuProfissional },
      assunto: `Devolvemos-lhe ${creditos(d.creditos)}`,
      fragment: fragment({
        titulo: `Devolvemos-lhe ${creditos(d.creditos)}`,
        paras: [`Os créditos da sua candidatura a "${d.titulo}" voltaram ao seu saldo.`],
        facts: [
          ['Motivo', d.motivo],
          ['Créditos', creditos(d.creditos)],
        ],
        cta: { label: 'Ver o meu saldo', path: LINKS.menuProfissional },
      }),
    };
  },

  avaliacaoAprovada(d: { nota: number; comentario: string; clienteNome: string }): Rendered {
    const estrelas = '★'.repeat(d.nota) + '☆'.repeat(5 - d.nota);
    const excerto = d.comentario.length > 280 ? `${d.comentario.slice(0, 277)}...` : d.comentario;
    return {
      inApp: { titulo: 'Nova avaliação publicada', corpo: `${d.clienteNome} deu-lhe ${d.nota} de 5.`, link: LINKS.minhasAvaliacoes },
      assunto: `Recebeu uma avaliação de ${d.nota} ${d.nota === 1 ? 'estrela' : 'estrelas'}`,
      fragment: fragment({
        titulo: 'Uma avaliação sobre si foi publicada',
        paras: [`${d.clienteNome} avaliou o seu trabalho: ${estrelas} (${d.nota} de 5).`, `"${excerto}"`],
        cta: { label: 'Ver as minhas avaliações', path: LINKS.minhasAvaliacoes },
      }),
    };
  },

  pagamentoConfirmado(d: { creditos: number; plano: string; valorCentimos: number; saldo: number | null }): Rendered {
    return {
      inApp: { titulo: 'Pagamento confirmado', corpo: `${creditos(d.creditos)} adicionados ao seu saldo.`, link: LINKS.menuProfissional },
      assunto: `Pagamento confirmado: ${creditos(d.creditos)} no seu saldo`,
      fragment: fragment({
        titulo: 'Pagamento confirmado',
        paras: ['Recebemos o seu pagamento e os créditos já estão disponíveis.'],
        facts: [
          ['Plano', d.plano],
          ['Valor', formatEuros(d.valorCentimos / 100)],
          ['Créditos', creditos(d.creditos)],
          ...(d.saldo !== null ? [['Saldo atual', creditos(d.saldo)] as [string, string]] : []),
        ],
        cta: { label: 'Procurar trabalhos', path: '/areadoprofissional/buscar-trabalhos' },
      }),
    };
  },

  /**
   * "Projetos por aprovar". Since 2026-12-01 one line per admin per hour, whatever the number of
   * projects published in it (titulo null; the back office's queue lists them): docs/decisions/0010.
   * Lines stored before that name their project.
   */
  adminProjetoPendente(d: { titulo: string | null; bairro: string | null; clienteNome: string | null }): Rendered {
    if (d.titulo === null || d.titulo === undefined)
      return {
        inApp: { titulo: 'Projetos por aprovar', corpo: 'Há projetos novos à espera de aprovação.', link: LINKS.adminProjetos },
        assunto: 'Projetos por aprovar',
        fragment: adminItem('Há projetos novos à espera de aprovação', LINKS.adminProjetos),
      };
    return {
      inApp: { titulo: 'Projeto por aprovar', corpo: `"${d.titulo}" (${d.bairro}) aguarda aprovação.`, link: LINKS.adminProjetos },
      assunto: `Projeto por aprovar: ${d.titulo}`,
      fragment: adminItem(`"${d.titulo}" em ${d.bairro}${d.clienteNome ? `, de ${d.clienteNome}` : ''}`, LINKS.adminProjetos),
    };
  },

  adminAvaliacaoPendente(d: { nota: number; profissionalNome: string; clienteNome: string }): Rendered {
    return {
      inApp: { titulo: 'Avaliação por moderar', corpo: `${d.clienteNome} avaliou ${d.profissionalNome} com ${d.nota} de 5.`, link: LINKS.adminReviews },
      assunto: `Avaliação por moderar: ${d.profissionalNome}`,
      fragment: adminItem(`${d.nota} de 5 para ${d.profissionalNome}, de ${d.clienteNome}`, LINKS.adminReviews),
    };
  },

  adminDocumentosPendentes(d: { nome: string; bairro: string }): Rendered {
    return {
      inApp: { titulo: 'Documentos por verificar', corpo: `${d.nome} (${d.bairro}) enviou os documentos.`, link: LINKS.adminProfissionais },
      assunto: `Documentos por verificar: ${d.nome}`,
      fragment: adminItem(`${d.nome} (${d.bairro}) enviou o Cartão de Cidadão`, LINKS.adminProfissionais),
    };
  },

  adminLeadReportado(d: { titulo: string; motivo: string; profissionalNome: string | null }): Rendered {
    return {
      inApp: { titulo: 'Contacto reportado', corpo: `"${d.titulo}": ${d.motivo}.`, link: LINKS.adminLeads },
      assunto: `Contacto reportado: ${d.titulo}`,
      fragment: adminItem(`"${d.titulo}": ${d.motivo}${d.profissionalNome ? ` (${d.profissionalNome})` : ''}`, LINKS.adminLeads),
    };
  },

  garantiaAcionada(d: { titulo: string; clienteNome: string | null; descricao: string; fotos: number; concluidoEm: Date | null }): Rendered {
    const link = LINKS.garantiasProfissional;
    const quem = d.clienteNome ?? 'O cliente';
    const excerto = d.descricao.length > 400 ? `${d.descricao.slice(0, 397)}...` : d.descricao;
    return {
      inApp: { titulo: 'Garantia acionada', corpo: `${quem} acionou a garantia de "${d.titulo}". Aceite com uma data ou conteste.`, link },
      assunto: `Garantia acionada: ${d.titulo}`,
      fragment: fragment({
        titulo: 'Um cliente acionou a garantia',
        paras: [
          `${quem} acionou a garantia técnica do trabalho "${d.titulo}" e descreve assim o problema:`,
          `"${excerto}"`,
          'Aceite e proponha uma data para a visita, ou conteste o pedido explicando porquê. A nossa equipa acompanha e encerra o pedido.',
        ],
        facts: [
          ['Projeto', d.titulo],
          ['Cliente', quem],
          ...(d.concluidoEm ? [['Concluído em', formatDate(d.concluidoEm)] as [string, string]] : []),
          ['Fotografias', d.fotos === 0 ? 'Nenhuma' : String(d.fotos)],
        ],
        cta: { label: 'Responder ao pedido de garantia', path: link },
      }),
    };
  },

  adminGarantiaAcionada(d: { titulo: string; clienteNome: string | null; profissionalNome: string | null }): Rendered {
    const quem = d.profissionalNome ? ` sobre ${d.profissionalNome}` : '';
    return {
      inApp: { titulo: 'Garantia acionada', corpo: `"${d.titulo}"${quem}.`, link: LINKS.adminGarantias },
      assunto: `Garantia acionada: ${d.titulo}`,
      fragment: adminItem(`"${d.titulo}"${d.clienteNome ? `, de ${d.clienteNome}` : ''}${quem}`, LINKS.adminGarantias),
    };
  },

  garantiaRespondida(d: {
    titulo: string;
    clienteId: number;
    profissionalNome: string | null;
    aceite: boolean;
    agendadoPara: Date | null;
    resposta: string | null;
  }): Rendered {
    const link = LINKS.projetosCliente(d.clienteId);
    const quem = d.profissionalNome ?? 'O profissional';
    const quando = d.agendadoPara ? formatDateTime(d.agendadoPara) : null;
    if (d.aceite) {
      return {
        inApp: { titulo: 'Garantia aceite', corpo: `${quem} aceitou a garantia de "${d.titulo}"${quando ? `: visita a ${quando}` : ''}.`, link },
        assunto: `Garantia aceite: ${d.titulo}`,
        fragment: fragment({
          titulo: 'O profissional aceitou a garantia',
          paras: [`${quem} aceitou o seu pedido de garantia para "${d.titulo}" e propôs uma visita.`, ...(d.resposta ? [`"${d.resposta}"`] : [])],
          facts: quando ? [['Visita', quando]] : undefined,
          cta: { label: 'Ver o pedido de garantia', path: link },
        }),
      };
    }
    return {
      inApp: { titulo: 'Garantia contestada', corpo: `${quem} contestou a garantia de "${d.titulo}". A nossa equipa vai analisar.`, link },
      assunto: `Garantia contestada: ${d.titulo}`,
      fragment: fragment({
        titulo: 'O profissional contestou a garantia',
        paras: [
          `${quem} contestou o seu pedido de garantia para "${d.titulo}":`,
          ...(d.resposta ? [`"${d.resposta}"`] : []),
          'A nossa equipa vai analisar o pedido e dar-lhe uma resolução.',
        ],
        cta: { label: 'Ver o pedido de garantia', path: link },
      }),
    };
  },

  garantiaFechada(d: { titulo: string; resolucao: string; para: 'cliente' | 'profissional'; clienteId: number | null }): Rendered {
    const link = d.para === 'cliente' && d.clienteId !== null ? LINKS.projetosCliente(d.clienteId) : LINKS.garantiasProfissional;
    return {
      inApp: { titulo: 'Garantia encerrada', corpo: `A garantia de "${d.titulo}" foi encerrada pela nossa equipa.`, link },
      assunto: `Garantia encerrada: ${d.titulo}`,
      fragment: fragment({
        titulo: 'Pedido de garantia encerrado',
        paras: [`A nossa equipa encerrou o pedido de garantia ${d.para === 'cliente' ? 'do seu projeto' : 'do trabalho'} "${d.titulo}".`],
        facts: [['Resolução', d.resolucao]],
        cta: { label: 'Ver o pedido de garantia', path: link },
      }),
    };
  },

  confirmarEmail(d: { nome: string; link: string }): Rendered {
    const html = [
      h('Confirme o seu e-mail'),
      p(`Olá, ${esc(d.nome)}. Para que os seus projetos sigam para aprovação, confirme que este e-mail é seu.`),
      button('Confirmar o e-mail', esc(d.link)),
      p(`<span style="color:${C.muted};font-size:14px">Se não criou uma conta no ${PRODUCT_NAME}, ignore este e-mail.</span>`),
    ].join('');
    const text = [
      'Confirme o seu e-mail',
      '',
      `Olá, ${clean(d.nome)}. Para que os seus projetos sigam para aprovação, confirme que este e-mail é seu.`,
      '',
      `Confirmar o e-mail: ${clean(d.link)}`,
      '',
      `Se não criou uma conta no ${PRODUCT_NAME}, ignore este e-mail.`,
    ].join('\n');
    return { inApp: null, assunto: 'Confirme o seu e-mail', fragment: { html, text } };
  },
};

/** One line of the admins' digest: what waits, and where to decide it. */
function adminItem(line: string, path: string): Fragment {
  const url = `${BASE}${path}`;
  return {
    html: `<p style="margin:0 0 8px;font-size:15px;line-height:1.5;color:${C.ink}">• ${esc(line)} · <a href="${url}" style="color:${C.blue700}">abrir</a></p>`,
    text: `- ${clean(line)}: ${url}`,
  };
}

// --- The layout, applied when sending ----------------------------------------------------------

export interface MailParts {
  /** Stored fragments of this mail (one, or several for a digest). */
  rows: { tipo: string; html: string; text: string }[];
  base: string;
  /** Absent for transactional mail (nothing to switch off). */
  cancelUrl?: string;
  digest?: 'diario' | 'admin';
}

const ADMIN_ORDER: NotificationKind[] = [
  'admin_projeto_pendente',
  'admin_avaliacao_pendente',
  'admin_documentos_pendentes',
  'admin_lead_reportado',
  'admin_garantia_acionada',
];
const ADMIN_LINKS: Partial<Record<NotificationKind, string>> = {
  admin_projeto_pendente: LINKS.adminProjetos,
  admin_avaliacao_pendente: LINKS.adminReviews,
  admin_documentos_pendentes: LINKS.adminProfissionais,
  admin_lead_reportado: LINKS.adminLeads,
  admin_garantia_acionada: LINKS.adminGarantias,
};

/** Subject of a digest mail (single mails keep the subject stored with the event). */
export function digestSubject(kind: 'diario' | 'admin', n: number): string {
  if (kind === 'diario') return n === 1 ? 'Resumo diário: 1 novo projeto na sua zona' : `Resumo diário: ${n} novos projetos na sua zona`;
  return n === 1 ? 'Administração: 1 novidade à sua espera' : `Administração: ${n} novidades à sua espera`;
}

/**
 * A section of the admins' digest: its kind and how many lines. New projects are one line an hour
 * (adminProjetoPendente), so their count would say 1 however many wait: not shown.
 */
const groupTitle = (g: { k: NotificationKind; rows: unknown[] }) =>
  g.k === 'admin_projeto_pendente' ? NOTIFICATION_KIND_LABELS[g.k] : `${NOTIFICATION_KIND_LABELS[g.k as SwitchableKind]} (${g.rows.length})`;

/** The whole mail, HTML and text, around the stored fragments. */
export function renderMail(parts: MailParts): { html: string; text: string } {
  const abs = (s: string) => s.split(BASE).join(parts.base);
  let bodyHtml: string;
  let bodyText: string;
  if (parts.digest === 'admin') {
    const groups = ADMIN_ORDER.map((k) => ({ k, rows: parts.rows.filter((r) => r.tipo === k) })).filter((g) => g.rows.length);
    bodyHtml =
      h('Novidades à espera da administração') +
      groups
        .map(
          (g) =>
            `<h3 style="margin:20px 0 8px;font-size:16px;color:${C.blue800}">${esc(groupTitle(g))}</h3>` +
            g.rows.map((r) => r.html).join('') +
            button('Abrir na administração', `${BASE}${ADMIN_LINKS[g.k]}`),
        )
        .join('');
    bodyText = ['Novidades à espera da administração', ...groups.flatMap((g) => ['', groupTitle(g), ...g.rows.map((r) => r.text)])].join('\n');
  } else if (parts.digest === 'diario') {
    const n = parts.rows.length;
    const intro =
      n === 1
        ? 'Nas últimas 24 horas entrou 1 projeto na sua zona e especialidade.'
        : `Nas últimas 24 horas entraram ${n} projetos na sua zona e especialidade.`;
    bodyHtml =
      h('O seu resumo diário') +
      p(esc(intro)) +
      parts.rows.map((r) => `<div style="border-top:1px solid ${C.line};padding-top:16px;margin-top:16px">${r.html}</div>`).join('');
    bodyText = ['O seu resumo diário', '', intro, ...parts.rows.flatMap((r) => ['', '----', '', r.text])].join('\n');
  } else {
    bodyHtml = parts.rows.map((r) => r.html).join('');
    bodyText = parts.rows.map((r) => r.text).join('\n\n');
  }
  const prefs = `${parts.base}${LINKS.preferencias}`;
  const footerHtml = parts.cancelUrl
    ? `Recebeu este e-mail porque tem conta no ${PRODUCT_NAME}. <a href="${esc(parts.cancelUrl)}" style="color:${C.muted}">Deixar de receber estes e-mails</a> · <a href="${esc(prefs)}" style="color:${C.muted}">Preferências de notificação</a>`
    : `Recebeu este e-mail porque tem conta no ${PRODUCT_NAME}.`;
  const footerText = parts.cancelUrl
    ? `Recebeu este e-mail porque tem conta no ${PRODUCT_NAME}.\nDeixar de receber estes e-mails: ${parts.cancelUrl}\nPreferências de notificação: ${prefs}`
    : `Recebeu este e-mail porque tem conta no ${PRODUCT_NAME}.`;
  const html = `<!doctype html><html lang="pt-PT"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(PRODUCT_NAME)}</title></head>
<body style="margin:0;padding:0;background:${C.bg};font-family:${FONT};color:${C.ink}">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${C.bg}"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px">
<tr><td style="background:${C.blue900};border-radius:12px 12px 0 0;padding:18px 24px"><a href="${esc(parts.base)}/" style="color:#ffffff;text-decoration:none;font-size:20px;font-weight:800;letter-spacing:-0.01em"><span style="color:${C.amber500}">⚡</span> ${esc(PRODUCT_NAME)}</a></td></tr>
<tr><td style="background:#ffffff;border:1px solid ${C.line};border-top:0;border-radius:0 0 12px 12px;padding:28px 24px">${abs(bodyHtml)}</td></tr>
<tr><td style="padding:16px 8px;font-size:13px;line-height:1.5;color:${C.muted};text-align:center">${footerHtml}</td></tr>
</table></td></tr></table></body></html>`;
  const text = `${PRODUCT_NAME}\n\n${abs(bodyText)}\n\n--\n${footerText}\n`;
  return { html, text };
}

// --- Kinds stored as data ----------------------------------------------------------------------

/**
 * Kinds whose outbox line and bell row hold the template's data (`dados`, jsonb) instead of the
 * rendered text: the mail is rendered when it is sent, the bell's text when it is read. Written by
 * statements that build the data themselves (applying, publishing, approving, a review approved, a
 * professional chosen: one round trip, no text sent
 * to the database or kept in its log; a project's approval: one small row per professional of the
 * zone instead of the whole mail, ~900 times). The data is what the template takes, as JSON.
 */
const STORED = {
  projeto_aprovado: T.projetoAprovado,
  nova_candidatura: T.novaCandidatura,
  projeto_lotado: T.projetoLotado,
  novo_projeto_na_zona: T.novoProjetoNaZona,
  admin_projeto_pendente: T.adminProjetoPendente,
  avaliacao_aprovada: T.avaliacaoAprovada,
  avaliacao_publicada: T.avaliacaoPublicada,
  escolhido: T.escolhido,
  nao_escolhido: T.naoEscolhido,
  projeto_fechado: T.projetoFechado,
} satisfies Partial<Record<NotificationKind, (d: never) => Rendered>>;

export type StoredKind = keyof typeof STORED;
export type StoredData<K extends StoredKind> = Parameters<(typeof STORED)[K]>[0];

/** What a stored line says; undefined for a kind this build does not store as data. */
export function renderStored(kind: string, dados: unknown): Rendered | undefined {
  const render = (STORED as Record<string, ((d: unknown) => Rendered) | undefined>)[kind];
  return render && dados !== null && typeof dados === 'object' ? render(dados) : undefined;
}

/**
 * The bell's text of a row: as stored, or rendered from its data. A row this build cannot render (a
 * kind or data of another version) shows a generic line rather than failing the whole list.
 */
export function bellText(r: { tipo: string; titulo: string | null; corpo: string | null; link: string | null; dados: unknown }) {
  if (r.titulo !== null && r.corpo !== null) return { titulo: r.titulo, corpo: r.corpo, link: r.link };
  let inApp: Rendered['inApp'] | undefined;
  try {
    inApp = renderStored(r.tipo, r.dados)?.inApp;
  } catch {
    inApp = undefined;
  }
  return inApp ?? { titulo: PRODUCT_NAME, corpo: 'Tem uma novidade na sua conta.', link: r.link };
}
