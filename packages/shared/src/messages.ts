/**
 * Every text a user reads for validation and errors (spec §5 and §8), in one place.
 * Deliberate changes from the spec (DESIGN.md §4): passwords need 8 characters, the OTP has 6 digits.
 */
import { INTERNAL_ERROR } from './api-messages';

export const PASSWORD_MIN = 8;
export const OTP_LENGTH = 6;

export { INTERNAL_ERROR };

export const M = {
  // login (cliente / profissional)
  emailRequired: 'Email é obrigatório',
  emailInvalid: 'Email inválido',
  senhaRequired: 'Senha é obrigatória',
  senhaMin: `A senha deve ter pelo menos ${PASSWORD_MIN} caracteres`,
  loginError: 'Erro ao fazer login. Verifique os dados.',
  loginSuccess: 'Login realizado com sucesso!',
  // registration
  nomeRequired: 'Nome é obrigatório',
  emailFormatInvalid: 'Formato de email inválido',
  senhaMinShort: `Mínimo ${PASSWORD_MIN} caracteres`,
  cidadeRequired: 'Cidade é obrigatória',
  bairroRequired: 'Bairro é obrigatório',
  registerError: 'Erro ao cadastrar. Verifique os dados.',
  clienteRegistered: 'Cliente cadastrado com sucesso!',
  profissionalRegistered: 'Profissional cadastrado com sucesso!',
  emailTaken: 'Já existe uma conta com este email.',
  passwordTooCommon: 'Esta senha é demasiado comum. Escolha outra mais difícil de adivinhar.',
  // admin
  adminEmailRequired: 'E-mail é obrigatório',
  adminEmailInvalid: 'Formato de e-mail inválido',
  adminSenhaMin: `A senha deve ter no mínimo ${PASSWORD_MIN} caracteres`,
  adminNomeRequired: 'Nome é obrigatório.',
  adminSignupEmailRequired: 'E-mail é obrigatório.',
  adminSignupEmailInvalid: 'Formato de e-mail inválido.',
  adminSignupSenhaMin: `A senha deve ter no mínimo ${PASSWORD_MIN} caracteres.`,
  adminConfirmRequired: 'Confirmação de senha é obrigatória.',
  adminConfirmMismatch: 'As senhas não coincidem.',
  adminSignupError: 'Não foi possível realizar o cadastro.',
  adminSignupSuccess: 'Cadastro realizado com sucesso.',
  adminSignupClosed: 'O registo de administradores está fechado. Peça a um administrador que crie a sua conta.',
  // profile completion
  campoObrigatorio: 'Este campo é obrigatório',
  imagemMax: 'A imagem deve ter até 10MB',
  imagemTipo: 'O ficheiro tem de ser uma imagem (JPEG, PNG, WebP ou AVIF).',
  telefoneRequired: 'Telefone é obrigatório',
  telefoneInvalid: 'Telefone inválido',
  especialidadeMin: 'Selecione ao menos uma especialidade',
  consentimentoRequired: 'Tem de autorizar o tratamento da cópia do Cartão de Cidadão.',
  idInvalido: 'ID inválido. Faça login novamente.',
  perfilOkTitle: 'Deu certo!',
  perfilOkText: 'Cadastro completo!',
  perfilErroTitle: 'Erro!',
  perfilErroText: 'O seu registo não foi concluído, tente novamente!',
  // account
  authMissing: 'Dados de autenticação ausentes',
  accountLoadError: 'Erro ao carregar informações do usuário',
  tipoInvalido: 'Tipo de usuário inválido',
  perfilUpdateErrorTitle: 'Erro',
  perfilUpdateError: 'Erro ao atualizar o perfil.',
  perfilUpdated: 'Perfil atualizado com sucesso!',
  senhaAtualRequired: 'Informe sua senha atual',
  novaSenhaRequired: 'Informe a nova senha',
  novaSenhaMin: `A nova senha deve ter no mínimo ${PASSWORD_MIN} caracteres`,
  senhaAlterada: 'Senha alterada com sucesso!',
  senhaErro: 'Erro ao alterar a senha!',
  naoAutenticado: 'Usuário não autenticado.',
  senhaAtualErrada: 'A senha atual não está correta.',
  senhaParaEmail: 'Para mudar o e-mail, confirme a sua senha atual.',
  // projects
  projetoPublicado: 'Projeto publicado com sucesso!',
  projetoErro: 'Erro ao publicar o projeto. Tente novamente.',
  campoProjetoObrigatorio: 'Campo obrigatório',
  // reviews
  preenchaCampos: 'Preencha todos os campos.',
  feedbackEnviado: 'Feedback enviado!',
  feedbackErro: 'Feedback não enviado! Tente novamente.',
  // apply / credits
  candidaturaErroTitle: 'Erro ao se candidatar',
  candidaturaErro: 'Não foi possível usar o crédito. Tente novamente.',
  candidaturaOkTitle: 'Candidatura enviada com sucesso!',
  candidaturaOk: 'Os contatos do cliente foram liberados para você.',
  chamadoNaoEncontrado: 'Chamado não encontrado.',
  profissionalNaoIdentificado: 'Profissional não identificado.',
  erroCarregarChamados: 'Erro ao carregar chamados.',
  creditosInsuficientes: 'Créditos insuficientes. Compre um plano para se candidatar.',
  projetoCheio: 'Este projeto já tem 5 candidaturas e não aceita mais.',
  jaCandidatado: 'Já se candidatou a este projeto.',
  projetoIndisponivel: 'Este projeto já não está disponível para candidaturas.',
  // OTP / recovery
  recEmailRequired: 'O e-mail é obrigatório',
  recEmailInvalid: 'Digite um e-mail válido',
  otpDigits: 'Preencha todos os dígitos do código',
  otpEmailMissing: 'Email não encontrado. Volte e tente novamente.',
  otpInvalid: 'Código inválido ou expirado',
  otpSendError: 'Erro ao enviar OTP',
  otpValidateError: 'Erro ao validar OTP',
  recNovaSenhaRequired: 'A nova senha é obrigatória',
  recConfirmRequired: 'A confirmação de senha é obrigatória',
  recConfirmMismatch: 'As senhas não coincidem',
  recError: 'Erro em alterar senha!',
  // admin
  adminCreditosTitle: 'Atenção',
  adminCreditosInvalid: 'Insira um valor válido de créditos.',
  confirmTitle: 'Tem certeza?',
  confirmText: 'Esta ação não pode ser desfeita!',
  confirmYes: 'Sim, excluir',
  confirmNo: 'Cancelar',
  // checkout
  metodoTitle: 'Selecione um método',
  metodoText: 'Escolha uma forma de pagamento.',
  nenhumPlano: 'Nenhum plano selecionado.',
  acessoNegado: 'Acesso negado',
  apenasProfissionais: 'Apenas profissionais podem adquirir créditos.',
  // generic server answers
  unauthorized: 'Sessão inválida ou expirada. Inicie sessão novamente.',
  forbidden: 'Não tem permissão para esta ação.',
  notFound: 'Não encontrado.',
  validation: 'Os dados enviados não são válidos.',
  tooManyRequests: 'Demasiadas tentativas. Aguarde um pouco e tente novamente.',
  internal: INTERNAL_ERROR,
} as const;
