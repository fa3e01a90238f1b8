import type { Role } from './statuses';

/**
 * The kinds of notification a person may switch off by e-mail, per role, with the label "Minha Conta"
 * shows. In-app notifications (the bell) always arrive; `confirmar_email` is transactional and is
 * not listed (it cannot be switched off).
 */
export const NOTIFICATION_KINDS_BY_ROLE = {
  cliente: ['projeto_aprovado', 'nova_candidatura', 'projeto_lotado', 'avaliacao_publicada', 'garantia_respondida', 'garantia_fechada'],
  profissional: [
    'novo_projeto_na_zona',
    'escolhido',
    'nao_escolhido',
    'projeto_fechado',
    'reembolso',
    'avaliacao_aprovada',
    'pagamento_confirmado',
    'garantia_acionada',
    'garantia_fechada',
  ],
  admin: ['admin_projeto_pendente', 'admin_avaliacao_pendente', 'admin_documentos_pendentes', 'admin_lead_reportado', 'admin_garantia_acionada'],
} as const satisfies Record<Role, readonly string[]>;

export type SwitchableKind = (typeof NOTIFICATION_KINDS_BY_ROLE)[Role][number];
// A kind may serve two roles (garantia_fechada: the client and the professional): listed once.
export const SWITCHABLE_KINDS = [...new Set(Object.values(NOTIFICATION_KINDS_BY_ROLE).flat())] as SwitchableKind[];

export const NOTIFICATION_KIND_LABELS: Record<SwitchableKind, string> = {
  projeto_aprovado: 'Projeto aprovado e visível para os profissionais',
  nova_candidatura: 'Novo candidato a um projeto meu',
  projeto_lotado: 'Projeto com o máximo de candidatos',
  avaliacao_publicada: 'Avaliação minha publicada',
  novo_projeto_na_zona: 'Novos projetos na minha zona e especialidade',
  escolhido: 'Fui escolhido por um cliente',
  nao_escolhido: 'O cliente escolheu outro profissional',
  projeto_fechado: 'Projeto a que me candidatei fechado ou removido',
  reembolso: 'Reembolso de créditos',
  avaliacao_aprovada: 'Avaliação sobre mim aprovada',
  pagamento_confirmado: 'Pagamento confirmado',
  admin_projeto_pendente: 'Projetos à espera de aprovação',
  admin_avaliacao_pendente: 'Avaliações à espera de moderação',
  admin_documentos_pendentes: 'Documentos de profissionais por verificar',
  admin_lead_reportado: 'Contactos reportados por profissionais',
  garantia_acionada: 'Garantia acionada por um cliente',
  garantia_respondida: 'Resposta do profissional a uma garantia minha',
  garantia_fechada: 'Garantia encerrada pela equipa',
  admin_garantia_acionada: 'Garantias acionadas por clientes',
};

/** How new matching projects reach a professional by e-mail (urgent ones always at once). */
export const NEW_PROJECTS_MODES = ['INSTANTANEO', 'DIARIO'] as const;
export type NewProjectsMode = (typeof NEW_PROJECTS_MODES)[number];
export const NEW_PROJECTS_MODE_LABELS: Record<NewProjectsMode, string> = {
  INSTANTANEO: 'De imediato',
  DIARIO: 'Resumo diário (às 8h)',
};

export const NOTIFICATIONS_TEXTS = {
  sino: 'Notificações',
  vazio: 'Sem notificações',
  marcarLidas: 'Marcar todas como lidas',
  preferenciasTitulo: 'Notificações por e-mail',
  preferenciasGuardadas: 'Preferências guardadas.',
  canceladaTitulo: 'Deixou de receber estes e-mails',
  linkInvalido: 'Este link para deixar de receber e-mails não é válido. Pode escolher os e-mails que recebe em "Minha Conta".',
} as const;

/** Unread notifications, counted up to `NOTIFICATIONS_UNREAD_CAP` (the badge then shows "99+"). */
export const NOTIFICATIONS_UNREAD_CAP = 100;
