/**
 * Every text a person reads is pt-PT (DESIGN.md §1, docs/glossary-pt-PT.md): no pt-BR words and no
 * English (validation texts included), except the texts the product specification quotes, which are
 * kept verbatim. This reads the source of the web app, the API and the shared package, takes what a
 * person can read (string literals, template literals, JSX text), leaves out what is code (imports,
 * keys, identifiers, comparisons, SQL, logs, internal errors, class names...) and looks for the words
 * of the glossary.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
const SOURCES = ['apps/web/src', 'apps/api/src', 'packages/shared/src'];
/** Not read by users: tests, test helpers, operator-facing start-up and command-line code, migrations. */
const SKIP = [
  /\.test\.tsx?$/,
  /(^|\/)test(-utils)?(\/|\.ts$)/,
  /^apps\/api\/src\/(config|cli|db\/migrations)\//,
  /\.d\.ts$/,
  // A data list (the passwords refused at sign-up), not a text.
  /^apps\/api\/src\/lib\/common-passwords\.ts$/,
];

/** pt-BR (or non-pt-PT) word → the pt-PT word the app uses. The same table is in docs/glossary-pt-PT.md. */
export const PT_BR: { re: RegExp; word: string; use: string }[] = [
  { re: /\bcontatos?\b/i, word: 'contato', use: 'contacto' },
  { re: /\bcontatar\b/i, word: 'contatar', use: 'contactar' },
  { re: /\bcelular(es)?\b/i, word: 'celular', use: 'telemóvel' },
  { re: /\bsalv(ar|ando|e|ou|os|as)\b/i, word: 'salvar', use: 'guardar' },
  { re: /\bexclu(ir|indo|a|ído|ída|ídos|ídas|iu)\b/i, word: 'excluir', use: 'eliminar' },
  { re: /\bdelet(ar|ado|ada|e)\b/i, word: 'deletar', use: 'eliminar' },
  { re: /\busu[áa]rios?\b/i, word: 'usuário', use: 'utilizador' },
  { re: /\bdigite\b/i, word: 'digite', use: 'introduza / escreva' },
  { re: /\btelas?\b/i, word: 'tela', use: 'ecrã / página' },
  { re: /\barquivos?\b/i, word: 'arquivo', use: 'ficheiro' },
  { re: /\bcadastr(o|os|ar|ado|ada|ados|adas|e|ou)\b/i, word: 'cadastro', use: 'registo / registar' },
  { re: /\bregistr(o|os|ar|ado|ada|ados|adas|e|ou)\b/i, word: 'registro', use: 'registo / registar' },
  { re: /\bbusca(r|ndo)?\b/i, word: 'buscar', use: 'pesquisar / procurar' },
  { re: /\bacess(ar|e|em|ando)\b/i, word: 'acessar', use: 'aceder' },
  { re: /\bequipe\b/i, word: 'equipe', use: 'equipa' },
  { re: /\bgerenci(ar|amento|e)\b/i, word: 'gerenciar', use: 'gerir' },
  { re: /\bcompartilh(ar|e)\b/i, word: 'compartilhar', use: 'partilhar' },
  { re: /\baplicativo\b/i, word: 'aplicativo', use: 'aplicação' },
  { re: /\bvocê\b/i, word: 'você', use: 'o senhor / a sua... (ou omitir)' },
  { re: /\bliberad[oa]s?\b|\bliberar\b/i, word: 'liberar', use: 'desbloquear / disponibilizar' },
  { re: /\bplanej(ar|amento)\b/i, word: 'planejar', use: 'planear' },
  { re: /\bencana(dor|dores|mento)\b/i, word: 'encanador', use: 'canalizador / canalização' },
  { re: /\bbanheiro\b/i, word: 'banheiro', use: 'casa de banho' },
  { re: /\bvaso sanitário\b/i, word: 'vaso sanitário', use: 'sanita' },
  { re: /\bgeladeira\b/i, word: 'geladeira', use: 'frigorífico' },
  { re: /\bde fato\b/i, word: 'de fato', use: 'de facto' },
  { re: /\bCEP\b/, word: 'CEP', use: 'código postal' },
  { re: /\bCPF\b/, word: 'CPF', use: 'NIF' },
  // "Carregando..." / "Enviando...": the pt-BR gerund of a progress text; pt-PT says "A carregar...".
  { re: /^\s*\p{L}+[aei]ndo\b[^]*?(\.\.\.|…)\s*$/u, word: 'gerúndio ("Enviando...")', use: '"A enviar..."' },
];

/** English that must never reach a person: zod's and Fastify's default texts, and common interface words. */
export const ENGLISH: { re: RegExp; word: string }[] = [
  // ("Invalid input", "is required" and the like are caught by their first or last word.)
  ...[
    'invalid',
    'required',
    'expected',
    'must be',
    'not found',
    'unrecognized',
    'too small',
    'too big',
    'checkout',
    'loading',
    'submit',
    'save',
    'cancel',
    'delete',
    'search',
    'next',
    'previous',
    'close',
    'error',
    'success',
    'something went wrong',
    'try again',
    'please',
    'sign in',
    'sign up',
    'log out',
    'password',
    'welcome',
    'settings',
    'upload',
    'download',
  ].map((w) => ({ re: new RegExp(`\\b${w}\\b`, 'i'), word: w })),
];

/**
 * The texts the specification quotes (kept verbatim, DESIGN.md §1) that contain a word of the lists
 * above. A number in them also matches a `${...}` (decision 0002 moved "6" to 8 characters and
 * 4 to 6 digits through constants). Nothing else may use these words.
 */
export const SPEC_QUOTES = [
  // §2 screens
  'Buscar por nome, especialidade ou cidade...',
  'Carregando perfil...',
  'Salvando...',
  'Cadastro do Cliente',
  'Cadastro do Profissional',
  'Cadastro completo!',
  'Digite o código de 4 dígitos enviado para seu e-mail.',
  // §5 validation, §8 errors
  'Digite um e-mail válido',
  'Erro ao cadastrar. Verifique os dados.',
  'Cliente cadastrado com sucesso!',
  'Profissional cadastrado com sucesso!',
  'Não foi possível realizar o cadastro.',
  'Cadastro realizado com sucesso.',
  'Erro ao carregar informações do usuário',
  'Tipo de usuário inválido',
  'Usuário não autenticado.',
  'Os contatos do cliente foram liberados para você.',
  'Sim, excluir',
  'Erro ao buscar projetos.',
  'Erro ao excluir projeto.',
  'Erro ao buscar reviews.',
  'Erro ao excluir review.',
  // §8 failures the spec only logs (kept should they ever be shown)
  'Erro ao buscar todas as requests',
  'Erro ao buscar requests do cliente',
  'Erro ao buscar request por ID',
  'Erro ao buscar profissionais do request',
  'Erro ao deletar request',
  'Erro ao buscar créditos',
];

const quoteRes = SPEC_QUOTES.map((q) => new RegExp(q.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\d+/g, '(?:\\d+|\\{\\})'), 'g'));

export type Hit = { file: string; line: number; text: string; problem: string };

/** The problems in one text a person may read, after taking out the spec's quotes. */
export function problemsIn(text: string): string[] {
  let rest = text.replace(/\s+/g, ' ').trim();
  for (const re of quoteRes) rest = rest.replace(re, ' § ');
  const out: string[] = [];
  for (const w of PT_BR) if (w.re.test(rest)) out.push(`pt-BR "${w.word}" (use ${w.use})`);
  for (const w of ENGLISH) if (w.re.test(rest)) out.push(`English "${w.word}"`);
  return out;
}

/** Strings that are code, not text: no space and not a capitalised word or one with accents. */
const looksLikeCode = (s: string) => !/\s/.test(s.trim()) && !/^\p{Lu}\p{Ll}+[.!?:…]*$/u.test(s.trim()) && !/[^\p{ASCII}]/u.test(s);
/** JSX attributes whose values are code. */
const CODE_ATTRS =
  /^(className|id|htmlFor|to|href|src|srcSet|type|name|role|key|autoComplete|inputMode|pattern|method|target|rel|accept|dateTime|lang|style|data-[\w-]+|aria-(describedby|labelledby|controls|live|current|hidden|haspopup|owns|invalid|busy))$/;
/** Calls whose string arguments are code or go to operators, never to users. */
const codeCall = (callee: string) =>
  /(^|\.)(log|logger|console)\.\w+$|^console\.|(^|\.)(raw|placeholder|querySelector|querySelectorAll|getItem|setItem|removeItem|getAttribute|setAttribute|addEventListener|startsWith|endsWith|includes|split|replace|match|test|join|header|getHeader|setHeader|hasOwnProperty)$|^(require|import|sql|z\.enum|z\.literal|pgEnum|pgTable|index|uniqueIndex|check|text|integer|varchar|timestamp|boolean|jsonb|smallint|doublePrecision|serial|bigint)$/.test(
    callee,
  );
const ERROR_CLASSES = /^(Error|TypeError|RangeError|SyntaxError)$/;

function isCodeContext(node: ts.Node): boolean {
  const p = node.parent;
  if (!p) return false;
  if (ts.isImportDeclaration(p) || ts.isExportDeclaration(p) || ts.isExternalModuleReference(p) || ts.isImportTypeNode(p.parent ?? p)) return true;
  if (ts.isLiteralTypeNode(p)) return true;
  if (
    (ts.isPropertyAssignment(p) || ts.isPropertyDeclaration(p) || ts.isPropertySignature(p) || ts.isMethodDeclaration(p) || ts.isEnumMember(p)) &&
    p.name === node
  )
    return true;
  // OpenAPI summaries of the API's routes: read by developers at /api/docs, not by the product's users.
  if (ts.isPropertyAssignment(p) && p.initializer === node && p.name.getText() === 'summary') return true;
  if (ts.isElementAccessExpression(p) && p.argumentExpression === node) return true;
  if (ts.isCaseClause(p)) return true;
  if (
    ts.isBinaryExpression(p) &&
    [
      ts.SyntaxKind.EqualsEqualsEqualsToken,
      ts.SyntaxKind.ExclamationEqualsEqualsToken,
      ts.SyntaxKind.EqualsEqualsToken,
      ts.SyntaxKind.ExclamationEqualsToken,
      ts.SyntaxKind.InKeyword,
    ].includes(p.operatorToken.kind)
  )
    return true;
  if (ts.isJsxAttribute(p) || (ts.isJsxExpression(p) && p.parent && ts.isJsxAttribute(p.parent))) {
    const attr = ts.isJsxAttribute(p) ? p : (p.parent as ts.JsxAttribute);
    if (CODE_ATTRS.test(attr.name.getText())) return true;
  }
  if (ts.isTaggedTemplateExpression(p)) return true;
  // Arguments of a code call (not its callee: `[a, 'texto'].join(' ')` keeps 'texto').
  for (let child: ts.Node = node, n: ts.Node | undefined = p; n; child = n, n = n.parent) {
    if (ts.isTaggedTemplateExpression(n)) return true;
    const args: readonly ts.Node[] = ts.isCallExpression(n) || ts.isNewExpression(n) ? (n.arguments ?? []) : [];
    const isArg = args.includes(child);
    if (isArg && ts.isCallExpression(n) && codeCall(n.expression.getText())) return true;
    if (isArg && ts.isNewExpression(n) && ERROR_CLASSES.test(n.expression.getText())) return true;
    if (ts.isStatement(n) || ts.isJsxElement(n) || ts.isJsxSelfClosingElement(n)) break;
  }
  return false;
}

/** The readable texts of one source file. */
export function textsOf(fileName: string, source: string): { line: number; text: string }[] {
  const sf = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const out: { line: number; text: string }[] = [];
  const add = (node: ts.Node, text: string) => {
    if (text.trim() && !looksLikeCode(text)) out.push({ line: sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1, text });
  };
  const jsxChildrenText = (children: ts.NodeArray<ts.JsxChild>) =>
    children.map((c) => (ts.isJsxText(c) ? c.text : ts.isJsxExpression(c) && !c.expression ? '' : '{}')).join('');
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      if (!isCodeContext(node)) add(node, node.text);
    } else if (ts.isTemplateExpression(node)) {
      if (!isCodeContext(node)) add(node, node.head.text + node.templateSpans.map((s) => `{}${s.literal.text}`).join(''));
    } else if ((ts.isJsxElement(node) || ts.isJsxFragment(node)) && node.children.some((c) => ts.isJsxText(c) && c.text.trim())) {
      add(
        node.children.find((c) => ts.isJsxText(c) && c.text.trim())!,
        jsxChildrenText(node.children),
      );
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : sourceFiles(rel);
    return /\.tsx?$/.test(e.name) && !SKIP.some((re) => re.test(rel)) ? [rel] : [];
  });
}

export function scan(): Hit[] {
  return SOURCES.flatMap(sourceFiles).flatMap((file) =>
    textsOf(file, readFileSync(join(ROOT, file), 'utf8')).flatMap(({ line, text }) =>
      problemsIn(text).map((problem) => ({ file, line, text: text.replace(/\s+/g, ' ').trim(), problem })),
    ),
  );
}

describe('pt-PT glossary', () => {
  it('finds pt-BR words and English in what a person reads, not in code, and lets the spec quotes through', () => {
    const src = `
      import { x } from 'salvar';
      const a = { contato: 'x', 'Salvar': 1 };
      if (tipo === 'Salvar') log.info('user not found');
      throw new Error('Invalid input: expected string');
      const b = <Button loadingText="A guardar...">Salvar</Button>;
      const c = <input placeholder="Digite o nome" className="salvar" />;
      const d = { message: 'Invalid input' };
      const e = \`Digite o código de \${OTP_LENGTH} dígitos enviado para seu e-mail.\`;
      const f = <p>Os contatos do cliente foram liberados para você.</p>;
      const g = 'Enviando...';
      const h = sql\`select contato from usuarios\`;
      const i = <p>Veja o seu contato: {x}</p>;
    `;
    const found = textsOf('x.tsx', src).flatMap((t) => problemsIn(t.text).map((p) => `${t.line}: ${p}`));
    expect(found).toEqual([
      '6: pt-BR "salvar" (use guardar)',
      '7: pt-BR "digite" (use introduza / escreva)',
      '8: English "invalid"',
      '11: pt-BR "gerúndio ("Enviando...")" (use "A enviar...")',
      '13: pt-BR "contato" (use contacto)',
    ]);
  });

  it('the source has none', () => {
    const hits = scan().map((h) => `${h.file}:${h.line}  ${h.problem}  «${h.text.slice(0, 120)}»`);
    expect(hits, hits.join('\n')).toEqual([]);
  });

  it('docs/glossary-pt-PT.md lists every word the test refuses', () => {
    const doc = readFileSync(join(ROOT, 'docs/glossary-pt-PT.md'), 'utf8').toLowerCase();
    const missing = [...PT_BR.map((w) => w.word.split(' (')[0]!), ...ENGLISH.map((w) => w.word)].filter((w) => !doc.includes(w.toLowerCase()));
    expect(missing).toEqual([]);
  });
});
