/**
 * Property-based fuzz of every API route, read from the app's own OpenAPI document (a new route is
 * fuzzed without touching this file). Each route is called anonymously (or with a garbage token) and
 * with a valid token of each role, with input that is INVALID BY CONSTRUCTION against the route's
 * documented schema: bad path params, query strings, JSON bodies, raw bodies and multipart forms.
 *
 * Every answer must be: never 5xx; every 4xx a JSON `{ code, message }` in pt-PT (no English
 * validation words); a refusal (400/401/403/413/415...) whenever the input breaks the documented
 * schema (a 2xx or a 404 there means the route accepted a bad value); and no row of any table
 * changed, no file stored.
 *
 * Reproduce a failure: fast-check prints `{ seed: S, path: "P" }`; run
 *   FUZZ_SEED=S FUZZ_PATH=P npx vitest run apps/api/src/test/fuzz.test.ts -t "<the test's name>"
 * FUZZ_RUNS=n changes the number of runs per route and identity.
 */
import { afterAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import sharp from 'sharp';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { M } from '@tc/shared';
import { adminSession, createTestApp, registerAndLogin } from './harness';

// ---------------------------------------------------------------------------------------------
// The app, its document and the identities
// ---------------------------------------------------------------------------------------------

// No e-mail worker in this process: its deliveries would write rows between two requests and be
// blamed on the second. Every write here must come from the request being checked.
const t = await createTestApp({ env: { NOTIFICATIONS_WORKER: 'false' } });
afterAll(() => t.close());

const admin = await adminSession(t.app);
const cliente = await registerAndLogin(t.app, 'cliente');
const profissional = await registerAndLogin(t.app, 'profissional');

type Who = 'anónimo' | 'cliente' | 'profissional' | 'admin';
const identities: { who: Who; id?: number; auth?: Record<string, string> }[] = [
  { who: 'anónimo' },
  { who: 'cliente', id: cliente.id, auth: cliente.auth },
  { who: 'profissional', id: profissional.id, auth: profissional.auth },
  { who: 'admin', id: admin.id, auth: admin.auth },
];
/** Ids that exist: valid-looking path ids are drawn far away from them. */
const OWN_IDS = [cliente.id, profissional.id, admin.id];

const NUM_RUNS = Number(process.env.FUZZ_RUNS ?? 20);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);
const REPLAY_PATH = process.env.FUZZ_PATH;

interface Schema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
  nullable?: boolean;
  default?: unknown;
}
interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema: Schema;
}
interface Operation {
  method: string;
  /** OpenAPI path, e.g. /api/requests/{id} */
  path: string;
  params: Parameter[];
  query: Parameter[];
  json?: Schema;
  form?: Schema;
}

const doc = (
  t.app as unknown as {
    swagger(): { paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: { content: Record<string, { schema: Schema }> } }>> };
  }
).swagger();
const operations: Operation[] = Object.entries(doc.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, op]) => ({
    method: method.toUpperCase(),
    path,
    params: (op.parameters ?? []).filter((p) => p.in === 'path'),
    query: (op.parameters ?? []).filter((p) => p.in === 'query'),
    json: op.requestBody?.content['application/json']?.schema,
    form: op.requestBody?.content['multipart/form-data']?.schema,
  })),
);

// ---------------------------------------------------------------------------------------------
// Small helpers
// ---------------------------------------------------------------------------------------------

/** A long repeated text that prints short in a counterexample. */
class Long {
  constructor(
    readonly unit: string,
    readonly n: number,
  ) {}
  toJSON() {
    return this.unit.repeat(this.n);
  }
  toString() {
    return this.toJSON();
  }
  [fc.toStringMethod]() {
    return `${JSON.stringify(this.unit)}.repeat(${this.n})`;
  }
}
const text = (v: unknown) => (v instanceof Long ? v.toString() : String(v));

const INT_MAX = 2_147_483_647;
const types = (s: Schema): string[] =>
  (s.anyOf ?? s.oneOf ?? [s]).flatMap((b) => (b.anyOf || b.oneOf ? types(b) : ([b.type].flat().filter(Boolean) as string[])));
const enumOf = (s: Schema): unknown[] | undefined => {
  const branches = s.anyOf ?? s.oneOf;
  if (branches) {
    const all = branches.map(enumOf);
    return all.every(Boolean) ? (all.flat() as unknown[]) : undefined;
  }
  return s.enum ?? (s.const !== undefined ? [s.const] : undefined);
};
/** The object a body schema describes (a nullable body is `anyOf: [object, null]` or `nullable`). */
const objectOf = (s: Schema): Schema =>
  s.properties || s.type === 'object' ? s : ((s.anyOf ?? s.oneOf ?? []).find((b) => b.properties || b.type === 'object') ?? s);
const acceptsNull = (s: Schema) => !!s.nullable || (s.anyOf ?? s.oneOf ?? []).some((b) => b.type === 'null' || b.nullable);
const isFile = (s: Schema) => s.format === 'binary' || (s.type === 'array' && s.items?.format === 'binary');
const lower = (s: Schema) => (s.exclusiveMinimum === true ? (s.minimum ?? 0) + 1 : typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum + 1 : s.minimum);
const upper = (s: Schema) => (s.exclusiveMaximum === true ? (s.maximum ?? 0) - 1 : typeof s.exclusiveMaximum === 'number' ? s.exclusiveMaximum - 1 : s.maximum);
/** Strings that would read as an existing row's id (digits, maybe padded): never sent as a "bad" id. */
const looksLikeLiveId = (v: string) => /^\s*\d+\s*$/.test(v) && Number(v) >= 1 && Number(v) <= INT_MAX;

const CONTROL = ['\u0000', 'a\u0000b', 'x\u0001y', '\u0007', '\u001b[31mvermelho', 'fim\u007f'];
const controlArb = fc.constantFrom(...CONTROL);
const SAMPLES = ['Lisboa', '+351912345678', 'desentupimentos', 'Segura#123', 'ninguem@exemplo.pt', 'NORMAL', 'olá', '123456', '2024-05'];

// ---------------------------------------------------------------------------------------------
// Values from a JSON schema: valid ones, and ones invalid by construction
// ---------------------------------------------------------------------------------------------

/** A value the schema accepts (or nearly: only other fields' invalidity makes a request refused). */
function validArb(s: Schema, ownId?: number): fc.Arbitrary<unknown> {
  const e = enumOf(s);
  if (e) return fc.constantFrom(...e);
  if (s.anyOf || s.oneOf) return fc.oneof(...(s.anyOf ?? s.oneOf)!.map((b) => validArb(b, ownId)));
  const type = types(s)[0];
  if (type === 'integer' || type === 'number') {
    const lo = lower(s) ?? 1;
    const hi = Math.min(upper(s) ?? INT_MAX, INT_MAX);
    const own = ownId !== undefined && ownId >= lo && ownId <= hi ? [fc.constant(ownId)] : [];
    return fc.oneof(fc.integer({ min: lo, max: hi }), ...own);
  }
  if (type === 'boolean') return fc.boolean();
  if (type === 'array') return fc.array(validArb(s.items ?? {}, ownId), { minLength: s.minItems ?? 0, maxLength: Math.min(s.maxItems ?? 3, 3) });
  if (type === 'object') return validObjectArb(s, ownId);
  // string
  const fits = (v: string) => v.length >= (s.minLength ?? 0) && v.length <= (s.maxLength ?? Infinity) && (!s.pattern || new RegExp(s.pattern).test(v));
  const samples = SAMPLES.filter(fits);
  const random = fc.string({ minLength: s.minLength ?? 0, maxLength: Math.max(Math.min(s.maxLength ?? 30, 30), s.minLength ?? 0) }).filter(fits);
  // A random text rarely matches a pattern: patterned fields take the samples that fit (or an unfit one).
  if (s.pattern) return samples.length ? fc.constantFrom(...samples) : fc.constant('x');
  return samples.length ? fc.oneof(fc.constantFrom(...samples), random) : random;
}

function validObjectArb(s: Schema, ownId?: number): fc.Arbitrary<Record<string, unknown>> {
  const props = s.properties ?? {};
  const model = Object.fromEntries(
    Object.entries(props)
      .filter(([, p]) => !isFile(p))
      .map(([k, p]) => [k, validArb(p, ownId)]),
  );
  return fc.record(model, { requiredKeys: (s.required ?? []).filter((k) => k in model) });
}

/** Values this schema refuses whatever the route does with them. */
function invalidArb(s: Schema, where: 'json' | 'text'): fc.Arbitrary<unknown> {
  // Any string with a control character is refused at the edge (plugins/control-chars.ts).
  const options: fc.Arbitrary<unknown>[] = [controlArb];
  const ts = types(s);
  const e = enumOf(s);
  const accepts = (type: string) => ts.length === 0 || ts.includes(type) || (type === 'integer' && ts.includes('number'));
  if (where === 'json') {
    const wrong: unknown[] = [];
    if (!accepts('boolean')) wrong.push(true, false);
    if (!s.nullable && !(s.anyOf ?? []).some((b) => b.nullable || b.type === 'null')) wrong.push(null);
    if (!accepts('array')) wrong.push([], ['a'], [1]);
    if (!accepts('object')) wrong.push({}, { a: { b: 1 } });
    if (!accepts('string')) wrong.push('texto', '');
    if (!accepts('integer')) wrong.push(0, -1, 1.5, 1e99);
    if (wrong.length) options.push(fc.constantFrom(...wrong));
  }
  if (e) {
    const known = e.map((v) => String(v).trim().toLowerCase());
    options.push(fc.oneof(fc.string(), fc.constantFrom('TODOS_NAO', 'desconhecido', 'ÇÃO')).filter((v) => !known.includes(v.trim().toLowerCase())));
  } else if (ts.length === 1 && (ts[0] === 'integer' || ts[0] === 'number')) {
    const lo = lower(s);
    const hi = upper(s);
    const bad: unknown[] = ['abc', '1.5', '1e3', '0x10', 'true', '١٢', '99999999999999999999'];
    if (where === 'json') bad.push(1e99, -1e99, Number.MAX_SAFE_INTEGER + 2);
    if (ts[0] === 'integer') bad.push(where === 'json' ? 2.5 : '2.5');
    if (lo !== undefined && lo > -Number.MAX_SAFE_INTEGER) bad.push(where === 'json' ? lo - 1 : String(lo - 1), where === 'json' ? -1e9 : '-1000000000');
    if (lo !== undefined && lo > 0) bad.push(where === 'json' ? 0 : '0', '');
    if (hi !== undefined && hi < Number.MAX_SAFE_INTEGER) bad.push(where === 'json' ? hi + 1 : String(hi + 1), where === 'json' ? 2 ** 31 : String(2 ** 31));
    options.push(
      fc.constantFrom(...bad).filter((v) => typeof v !== 'string' || !(looksLikeLiveId(v) && Number(v) >= (lo ?? 1) && Number(v) <= (hi ?? INT_MAX))),
    );
  } else if (ts.length === 1 && ts[0] === 'string' && !isFile(s)) {
    if (s.maxLength !== undefined) {
      options.push(fc.integer({ min: 1, max: 60 }).map((k) => new Long('x', s.maxLength! + k)));
      options.push(fc.constantFrom(new Long('ção', s.maxLength + 1), new Long('z', 200_000)));
    }
    if ((s.minLength ?? 0) >= 1) options.push(fc.constant(s.minLength! > 1 ? 'y'.repeat(s.minLength! - 1) : ''));
    if (s.pattern) {
      const re = new RegExp(s.pattern);
      const misses = ['abc', '2024', '2024-1-1', 'x2024-01', 'sem-arroba.pt', '12345', '@@', 'a@b'].filter(
        (v) => !re.test(v) && !re.test(v.trim().toLowerCase()),
      );
      if (misses.length) options.push(fc.constantFrom(...misses));
    }
  } else if (ts.length === 1 && ts[0] === 'array') {
    if ((s.minItems ?? 0) >= 1) options.push(fc.constant([]));
    if (s.items && !isFile(s.items)) options.push(invalidArb(s.items, where).map((v) => [v]));
  } else if (ts.length === 1 && ts[0] === 'object' && s.properties) {
    options.push(invalidObjectArb(s, where));
  }
  return fc.oneof(...options);
}

/** An object (body or form fields) that breaks at least one of its schema's rules. */
function invalidObjectArb(s: Schema, where: 'json' | 'text', ownId?: number): fc.Arbitrary<Record<string, unknown>> {
  const props = Object.entries(s.properties ?? {}).filter(([, p]) => !isFile(p));
  const required = new Set(s.required ?? []);
  if (!props.length) return fc.record({ extra: controlArb });
  return fc
    .tuple(
      fc.subarray(
        props.map(([k]) => k),
        { minLength: 1 },
      ),
      validObjectArb(s, ownId),
      fc.dictionary(
        fc.string({ minLength: 1, maxLength: 12 }).filter((k) => !(k in (s.properties ?? {})) && k !== '__proto__'),
        fc.jsonValue({ maxDepth: 2 }),
        { maxKeys: 3 },
      ),
      fc.array(fc.boolean(), { minLength: props.length, maxLength: props.length }),
    )
    .chain(([broken, base, extra, dropCoin]) => {
      const overrides = broken.map((k) => {
        const p = s.properties![k];
        const breaks: fc.Arbitrary<unknown>[] = [invalidArb(p, where)];
        if (required.has(k)) breaks.push(fc.constant(undefined));
        return fc.oneof(...breaks).map((v) => [k, v] as const);
      });
      return fc.tuple(...overrides).map((pairs) => {
        const out: Record<string, unknown> = { ...extra, ...base };
        // Some optional fields left out, for variety.
        props.forEach(([k], i) => {
          if (!required.has(k) && dropCoin[i]) delete out[k];
        });
        for (const [k, v] of pairs) {
          if (v === undefined) delete out[k];
          else out[k] = v;
        }
        return out;
      });
    });
}

// ---------------------------------------------------------------------------------------------
// Requests: recipes (printable) and how to send them
// ---------------------------------------------------------------------------------------------

type FileKind = 'png' | 'pdf' | 'texto' | 'bytes' | 'vazio' | 'png-falso' | 'svg';
type Part = { name: string; value: string | Long } | { name: string; file: FileKind; filename: string; type: string };
type Body =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown; contentType?: string }
  | { kind: 'raw'; text: string | Long; contentType: string }
  | { kind: 'grande'; bytes: number }
  | { kind: 'multipart'; parts: Part[]; cut?: number; contentType?: 'sem-boundary' | 'outro-boundary' | 'boundary-vazio' | 'boundary-longo' };

interface Recipe {
  path: Record<string, string | Long>;
  query: [string, string | Long][];
  rawQuery?: string;
  auth?: string;
  body: Body;
  /** Input that breaks the documented schema: must be refused. */
  strict: boolean;
  /** A path that may not match the router at all (empty or odd segments): 404 is a refusal too. */
  pathBroken: boolean;
}

const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123456' } })
  .png()
  .toBuffer();
const fileBytes = (k: FileKind): Buffer =>
  ({
    png,
    pdf: Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\n%%EOF'),
    texto: Buffer.from('isto não é uma imagem'),
    bytes: Buffer.from(Array.from({ length: 64 }, (_, i) => (i * 37 + 11) % 256)),
    vazio: Buffer.alloc(0),
    'png-falso': Buffer.concat([png.subarray(0, 16), Buffer.from('corrompido'.repeat(10))]),
    svg: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
  })[k];

function multipartPayload(body: Extract<Body, { kind: 'multipart' }>) {
  const boundary = '----tcfuzz7f3a9';
  const chunks: Buffer[] = [];
  for (const p of body.parts) {
    if ('file' in p) {
      chunks.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: ${p.type}\r\n\r\n`),
      );
      chunks.push(fileBytes(p.file), Buffer.from('\r\n'));
    } else {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n${text(p.value)}\r\n`));
    }
  }
  const end = Buffer.from(`--${boundary}--\r\n`);
  let payload = Buffer.concat([...chunks, end]);
  // Cut anywhere before the closing delimiter (keeping a byte at least: an empty body is an empty
  // form, not a cut one): the form can never be complete.
  if (body.cut !== undefined) payload = payload.subarray(0, Math.max(1, Math.floor(body.cut * (payload.length - end.length))));
  const contentType =
    body.contentType === 'sem-boundary'
      ? 'multipart/form-data'
      : `multipart/form-data; boundary=${({ 'outro-boundary': 'outra-fronteira', 'boundary-vazio': '""', 'boundary-longo': 'b'.repeat(300) } as Record<string, string>)[body.contentType ?? ''] ?? boundary}`;
  return { payload, contentType };
}

function send(op: Operation, r: Recipe, auth?: Record<string, string>) {
  let url = op.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(text(r.path[name] ?? '')).replace(/%25(?=[0-9A-Za-z]{2})/g, '%'));
  const qs = r.query.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(text(v))}`);
  if (r.rawQuery) qs.push(r.rawQuery);
  if (qs.length) url += `?${qs.join('&')}`;
  const headers: Record<string, string> = { ...(r.auth ? { authorization: r.auth } : auth) };
  let payload: string | Buffer | undefined;
  const b = r.body;
  if (b.kind === 'json') {
    payload = JSON.stringify(b.value) ?? 'null';
    headers['content-type'] = b.contentType ?? 'application/json';
  } else if (b.kind === 'raw') {
    payload = text(b.text);
    headers['content-type'] = b.contentType;
  } else if (b.kind === 'grande') {
    payload = JSON.stringify({ texto: 'a'.repeat(b.bytes) });
    headers['content-type'] = 'application/json';
  } else if (b.kind === 'multipart') {
    const m = multipartPayload(b);
    payload = m.payload;
    headers['content-type'] = m.contentType;
  }
  // An answer that never comes is a failure too (and must not hang the whole run).
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('sem resposta em 10 s')), 10_000);
  });
  return Promise.race([t.app.inject({ method: op.method as 'GET', url, headers, payload }), timeout]).finally(() => clearTimeout(timer));
}

// ---------------------------------------------------------------------------------------------
// Generators per kind of input
// ---------------------------------------------------------------------------------------------

const hasBody = (op: Operation) => op.method !== 'GET' && op.method !== 'HEAD';

/** A path value the route's schema accepts, pointing at no row (ids far from the ones that exist). */
function pathValidArb(p: Parameter): fc.Arbitrary<string> {
  const e = enumOf(p.schema);
  if (e) return fc.constantFrom(...e.map(String));
  if (types(p.schema).includes('integer')) {
    const hi = Math.min(upper(p.schema) ?? INT_MAX, INT_MAX);
    const lo = Math.max(lower(p.schema) ?? 1, Math.max(...OWN_IDS) + 1_000_000);
    return (lo <= hi ? fc.integer({ min: lo, max: hi }) : fc.constant(hi)).map(String);
  }
  return fc.oneof(
    fc.constantFrom('ninguem@exemplo.pt', '00000000-0000-0000-0000-000000000000.webp'),
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }),
  );
}

const PATH_BAD = [
  'abc',
  '0',
  '-1',
  '1.5',
  '1e99',
  '1e3',
  '0x1',
  '+1',
  '99999999999999999999',
  '2147483648',
  'true',
  'null',
  '[]',
  '{}',
  '..%2F..%2Fetc%2Fpasswd',
  '..',
  '%2e%2e',
  '%00',
  '%01',
  '%zz',
  '%',
  'ção',
  '😀',
  '١٢',
  '%20',
  ' ',
  '',
];
/** A path value refused by the route's schema (or not even routed), never an existing id. */
function pathInvalidArb(p: Parameter): fc.Arbitrary<string | Long> {
  const ts = types(p.schema);
  const e = enumOf(p.schema);
  const arbs: fc.Arbitrary<string | Long>[] = [fc.constantFrom('%00', 'a%00b', '%1b', '%7f')];
  if (ts.includes('integer') || ts.includes('number')) {
    arbs.push(
      fc.constantFrom(...PATH_BAD),
      fc.constant(new Long('9', 400)),
      // Not a lone "." (a dot segment: `/profissional/./garantias` is `/profissional/garantias`, another
      // route, by URL rules); ".." is in PATH_BAD, whose routes it leaves are checked to be 404.
      fc.string({ unit: 'grapheme', maxLength: 12 }).filter((v) => !/^[\s\d]*$/.test(v) && v !== '.'),
    );
  } else if (e) {
    arbs.push(
      fc.oneof(fc.constantFrom(...PATH_BAD), fc.string({ unit: 'grapheme', maxLength: 12 })).filter((v) => v !== '.' && !e.map(String).includes(decodeSafe(v))),
    );
  }
  return fc.oneof(...arbs).filter((v) => !looksLikeLiveId(decodeSafe(text(v))));
}
const decodeSafe = (v: string) => {
  try {
    return decodeURIComponent(v);
  } catch {
    return v;
  }
};
/** Path values where the schema itself cannot refuse anything (free text): only control characters are refused. */
const pathFreeArb = fc.oneof(
  fc.constantFrom(...PATH_BAD),
  fc.string({ unit: 'grapheme', maxLength: 40 }).map(encodeURIComponent),
  fc.constant(new Long('%C3%A7', 3000)),
);

const validPathArb = (op: Operation) => fc.record(Object.fromEntries(op.params.map((p) => [p.name, pathValidArb(p)])));

/** Query values that break a documented query parameter. Coercion of text to numbers ("1e1") is how query strings work: not counted as bad. */
function queryInvalidArb(p: Parameter): fc.Arbitrary<[string, string | Long][]> {
  const s = p.schema;
  const ts = types(s);
  const arbs: fc.Arbitrary<string | Long>[] = [controlArb];
  const e = enumOf(s);
  if (e) {
    const known = e.map((v) => String(v).toLowerCase());
    arbs.push(fc.oneof(fc.string({ minLength: 1 }), fc.constantFrom('desconhecido', 'ÇÃO')).filter((v) => !known.includes(v.trim().toLowerCase())));
  } else if (ts.includes('integer') || ts.includes('number')) {
    const bad = ['abc', '1.5', 'true', 'null', '[]', '99999999999999999999', '1e99', 'NaN', 'Infinity'];
    const lo = lower(s);
    const hi = upper(s);
    if (lo !== undefined && lo > 0) bad.push('0', '-1', '', ' ');
    if (hi !== undefined) bad.push(String(hi + 1), String(hi * 1000));
    arbs.push(fc.constantFrom(...bad));
  } else if (ts.includes('string')) {
    if (s.maxLength !== undefined)
      arbs.push(
        fc.integer({ min: 1, max: 40 }).map((k) => new Long('q', s.maxLength! + k)),
        fc.constant(new Long('ã', 50_000)),
      );
    if ((s.minLength ?? 0) >= 1) arbs.push(fc.constant(''));
    if (s.pattern) {
      const re = new RegExp(s.pattern);
      arbs.push(fc.constantFrom('abc', '2024', '2024-1', '20245-01', 'x2024-01', '').filter((v) => !re.test(v)));
    }
  }
  const single = fc.oneof(...arbs).map((v) => [[p.name, v]] as [string, string | Long][]);
  // The same name twice makes an array where one value is expected.
  const twice = ts.includes('array')
    ? single
    : fc.tuple(fc.constantFrom('1', 'a', ''), fc.constantFrom('2', 'b')).map(
        ([a, b]) =>
          [
            [p.name, a],
            [p.name, b],
          ] as [string, string][],
      );
  return fc.oneof(single, twice);
}

function queryValidArb(p: Parameter): fc.Arbitrary<[string, string][]> {
  return fc.oneof(
    fc.constant([] as [string, string][]),
    validArb(p.schema).map((v) => [[p.name, String(v)]] as [string, string][]),
  );
}

const extraQueryArb = fc.array(fc.tuple(fc.string({ minLength: 1, maxLength: 10 }), fc.string({ maxLength: 20 })), { maxLength: 3 });

function recipeArb(op: Operation, ownId?: number): fc.Arbitrary<Recipe> {
  const free = op.params.filter((p) => !types(p.schema).includes('integer') && !enumOf(p.schema));
  const kinds: fc.Arbitrary<Recipe>[] = [];

  // 1. Path params: at least one refused value (or free text, which must merely not break anything).
  if (op.params.length) {
    kinds.push(
      fc.tuple(validPathArb(op), fc.integer({ min: 0, max: op.params.length - 1 })).chain(([valid, i]) => {
        const p = op.params[i];
        const isFree = free.includes(p);
        return (isFree ? pathFreeArb : pathInvalidArb(p)).map((bad) => {
          const raw = text(bad);
          const refused = !isFree || /%0[0-9a-f]|%1[0-9a-f]|%7f/i.test(raw);
          return {
            path: { ...valid, [p.name]: bad },
            query: [],
            body: { kind: 'none' },
            strict: refused,
            pathBroken: true,
          } satisfies Recipe;
        });
      }),
    );
  }

  // 2. Query strings: documented params broken, or unknown ones (free: only must not break anything).
  kinds.push(
    fc
      .tuple(
        validPathArb(op),
        op.query.length ? fc.integer({ min: 0, max: op.query.length - 1 }) : fc.constant(-1),
        fc.tuple(...op.query.map(queryValidArb)),
        extraQueryArb,
        fc.option(fc.constantFrom('%zz=1', 'a=%', '=', '&&', 'page[]=1', 'a[b][c]=d', '%00=1', `x=${'%E2%82'}`), { nil: undefined }),
      )
      .chain(([path, i, validPairs, extra, rawQuery]) => {
        const broken = i >= 0 ? queryInvalidArb(op.query[i]) : fc.constant([] as [string, string | Long][]);
        return broken.map((bad) => {
          const others = validPairs.filter((_, j) => j !== i).flat();
          const known = new Set(op.query.map((q) => q.name));
          const query = [...others, ...bad, ...extra.filter(([k]) => !known.has(k))];
          const controlInRaw = rawQuery === '%00=1';
          return {
            path,
            query,
            rawQuery,
            body: { kind: 'none' },
            strict: i >= 0 || controlInRaw || query.some(([k, v]) => CONTROL.some((c) => text(v) === c || k === c)),
            pathBroken: false,
          } satisfies Recipe;
        });
      }),
  );

  if (hasBody(op)) {
    // 3. JSON bodies: broken objects, non-objects, the wrong content type.
    const documented = op.json ? objectOf(op.json) : { type: 'object', properties: {} };
    // A body the route may go without (null, or none at all) is not a bad one.
    const bodyOptional = !op.json || acceptsNull(op.json);
    const jsonValues = fc.oneof(
      { weight: 4, arbitrary: invalidObjectArb(documented, 'json', ownId) },
      { weight: 1, arbitrary: fc.constantFrom<unknown>(...(bodyOptional ? [] : [null]), true, 42, 'texto', [], [{}], [[1]]) },
    );
    kinds.push(
      fc
        .tuple(
          validPathArb(op),
          jsonValues,
          fc.constantFrom(
            undefined,
            undefined,
            undefined,
            'text/plain',
            'application/xml',
            'application/x-www-form-urlencoded',
            'application/octet-stream',
            'image/png',
            'foo/bar',
            'application/json; charset=utf-16',
          ),
        )
        .map(([path, value, contentType]) => ({
          path,
          query: [],
          body: { kind: 'json', value, contentType },
          pathBroken: false,
          // A route without a body schema may ignore a body it can parse (JSON, text); the others get 415.
          strict: !!op.json || !!op.form || (contentType !== undefined && !['text/plain', 'application/json; charset=utf-16'].includes(contentType)),
        })),
    );
    // 4. Raw bodies: malformed JSON, empty, prototype poisoning, too large.
    kinds.push(
      fc
        .tuple(
          validPathArb(op),
          fc.oneof(
            // Never JSON, or poisoned: refused by the parser whatever the route.
            fc
              .constantFrom('{', '{"a":', '[1,]', 'nul', '{"a":1}}', "{'a':1}", '\u0000', '{"a":"\\u0000"}', '', ' ', '{"__proto__":{"x":1}}')
              .map((s) => ({ body: { kind: 'raw', text: s, contentType: 'application/json' } as Body, always: true })),
            fc.constant({ body: { kind: 'raw', text: new Long('[', 100_000), contentType: 'application/json' } as Body, always: true }),
            fc.constantFrom(1_100_000, 3_000_000).map((bytes) => ({ body: { kind: 'grande', bytes } as Body, always: true })),
            // JSON that only a route with a body schema refuses.
            fc
              .constantFrom('"\\ud800"', '{"constructor":{"prototype":{"x":1}}}', '1e999')
              .map((s) => ({ body: { kind: 'raw', text: s, contentType: 'application/json' } as Body, always: false })),
          ),
        )
        .map(([path, { body, always }]) => ({ path, query: [], body, strict: always || !!op.json || !!op.form, pathBroken: false })),
    );
    // 5. Multipart forms: documented fields broken, files that are not images, cut-off forms...
    kinds.push(
      fc.tuple(validPathArb(op), multipartArb(op, ownId)).map(([path, { body, strict }]) => ({
        path,
        query: [],
        body,
        strict: strict && (op.form !== undefined || !bodyOptional),
        pathBroken: false,
      })),
    );
  }

  // Anonymous requests sometimes carry a token that is not one.
  const badAuth = fc.oneof(
    { weight: 2, arbitrary: fc.constant(undefined) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        'Bearer',
        'Bearer abc.def.ghi',
        'Basic dXNlcjpwYXNz',
        'Bearer \u00e7',
        `Bearer ${'a'.repeat(5000)}`,
        'bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIiwidGlwbyI6ImFkbWluIn0.',
      ),
    },
  );
  return fc.tuple(fc.oneof(...kinds), ownId === undefined ? badAuth : fc.constant(undefined)).map(([r, auth]) => (auth ? { ...r, auth } : r));
}

/** A multipart form that is invalid by construction for this route's documented form. */
function multipartArb(op: Operation, ownId?: number): fc.Arbitrary<{ body: Body; strict: boolean }> {
  const form = op.form ?? { type: 'object', properties: {} };
  const props = form.properties ?? {};
  const fileFields = Object.keys(props).filter((k) => isFile(props[k]));
  const requiredFiles = fileFields.filter((k) => form.required?.includes(k));
  const fileKind = fc.constantFrom<FileKind>('png', 'pdf', 'texto', 'bytes', 'vazio', 'png-falso', 'svg');
  const badFileKind = fc.constantFrom<FileKind>('pdf', 'texto', 'bytes', 'png-falso', 'svg');
  const fileName = fc.constantFrom('foto.png', 'doc.pdf', '../../etc/passwd', 'ç😀.jpg', '', 'a'.repeat(300));
  const mime = fc.constantFrom('image/png', 'image/jpeg', 'application/pdf', 'text/plain', 'application/octet-stream');
  const fileNames = [...fileFields, 'ficheiro', 'x'];
  const filePart = (names: string[], kinds: fc.Arbitrary<FileKind>) =>
    fc.tuple(fc.constantFrom(...names), kinds, fileName, mime).map(([name, file, filename, type]): Part => ({ name, file, filename, type }));

  const toParts = (fields: Record<string, unknown>): Part[] =>
    Object.entries(fields).flatMap(([name, v]) => {
      if (Array.isArray(v)) return v.map((x) => ({ name: `${name}[]`, value: x instanceof Long ? x : typeof x === 'object' ? JSON.stringify(x) : String(x) }));
      return [{ name, value: v instanceof Long ? v : typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v) }];
    });

  const validFields = validObjectArb(form, ownId);
  const textFields = Object.keys(props).filter((k) => !isFile(props[k]));
  const brokenFields = Object.keys(props).some((k) => !isFile(props[k])) ? invalidObjectArb(form, 'text', ownId) : fc.constant({ extra: '\u0000' });
  const someFiles = fc.array(filePart(fileNames, fileKind), { maxLength: 3 });

  // Each one is refused whatever the rest of the form holds.
  const broken: fc.Arbitrary<Part[]>[] = [
    // a text field breaks its rule
    fc.tuple(brokenFields, someFiles).map(([f, files]) => [...toParts(f), ...files]),
    // a declared image field carries something that is not an image
    // (sent before any other file, and the others under names the form does not read)
    ...(fileFields.length
      ? [
          fc
            .tuple(validFields, filePart(fileFields, badFileKind), fc.array(filePart(['ficheiro', 'x'], fileKind), { maxLength: 2 }))
            .map(([f, bad, files]) => [...toParts(f), bad, ...files]),
        ]
      : []),
    // a required image is missing, or sent as a text field
    ...(requiredFiles.length
      ? [
          fc
            .tuple(validFields, fc.constantFrom(...requiredFiles), fc.boolean())
            .map(([f, name, asText]) => [...toParts(f), ...(asText ? [{ name, value: 'nao-sou-um-ficheiro' }] : [])]),
        ]
      : []),
    // a text field over the parser's 1 MB field size
    ...(textFields.length
      ? [fc.tuple(validFields, fc.constantFrom(...textFields)).map(([f, name]) => toParts({ ...f, [name]: new Long('x', 1_100_000) }))]
      : []),
    // more files than the form allows (4)
    fc.tuple(validFields, fc.array(filePart(fileNames, fileKind), { minLength: 5, maxLength: 7 })).map(([f, files]) => [...toParts(f), ...files]),
  ];
  return fc.oneof(
    { weight: 6, arbitrary: fc.oneof(...broken).map((parts) => ({ body: { kind: 'multipart', parts } as Body, strict: true })) },
    // cut off before its end, or with a content type whose boundary is missing or wrong
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          fc.oneof(...broken, validFields.map(toParts)),
          fc.double({ min: 0, max: 0.999, noNaN: true }),
          fc.constantFrom(undefined, undefined, 'sem-boundary', 'outro-boundary', 'boundary-vazio', 'boundary-longo'),
        )
        .map(([parts, cut, contentType]) => ({ body: { kind: 'multipart', parts, cut: contentType ? undefined : cut, contentType } as Body, strict: true })),
    },
    // no fields and no file at all
    { weight: 1, arbitrary: fc.constant({ body: { kind: 'multipart', parts: [] } as Body, strict: !!op.form && (form.required ?? []).length > 0 }) },
  );
}

// ---------------------------------------------------------------------------------------------
// What every answer must be, and what must not change
// ---------------------------------------------------------------------------------------------

/**
 * English that a validation library or a framework would put in a message: its vocabulary and the
 * small words of any English sentence (none of which is a Portuguese word).
 */
const ENGLISH = new RegExp(
  `(?<![\\p{L}\\p{N}])(${[
    'invalid',
    'expected',
    'received',
    'required',
    'must',
    'should',
    'cannot',
    'unexpected',
    'unsupported',
    'undefined',
    'null',
    'nan',
    'string',
    'number',
    'integer',
    'boolean',
    'object',
    'array',
    'body',
    'querystring',
    'params?',
    'payload',
    'request',
    'error',
    'failed',
    'limit',
    'reach',
    'field',
    'file',
    'too',
    'not',
    'bad',
    'malformed',
    'missing',
    'empty',
    'content',
    'type',
    'unknown',
    'characters?',
    'property',
    'allowed',
    'exceed(ed|ing)?',
    'large',
    'long',
    'length',
    'max',
    'min',
    'url',
    'component',
    'route',
    'method',
    'found',
    'the',
    'is',
    'are',
    'was',
    'of',
    'to',
    'and',
    'with',
    'for',
    'this',
    'that',
    'be',
    'an',
    'at',
    'from',
    'has',
    'have',
    'please',
    'your',
    'you',
    'value',
    'input',
    'format',
    'internal',
    'server',
    'unauthorized',
    'forbidden',
  ].join('|')})(?![\\p{L}\\p{N}])`,
  'iu',
); // whole words: "até" is not "at"

function checkAnswer(r: Recipe, res: { statusCode: number; headers: Record<string, unknown>; body: string }) {
  const where = `${res.statusCode} ${res.body.slice(0, 300)}`;
  if (res.statusCode >= 500) throw new Error(`5xx: ${where}`);
  if (res.statusCode >= 400) {
    if (!String(res.headers['content-type'] ?? '').includes('application/json')) throw new Error(`4xx sem JSON: ${where}`);
    const json = JSON.parse(res.body) as { code?: unknown; message?: unknown; fields?: Record<string, unknown> };
    if (typeof json.code !== 'string' || !json.code) throw new Error(`4xx sem code: ${where}`);
    if (typeof json.message !== 'string' || !json.message.trim()) throw new Error(`4xx sem message: ${where}`);
    for (const m of [json.message, ...Object.values(json.fields ?? {})]) {
      if (typeof m !== 'string' || ENGLISH.test(m)) throw new Error(`mensagem não portuguesa (${JSON.stringify(m)}): ${where}`);
      // No file over 10 MB is ever sent here: the image-size message would name the wrong problem.
      if (m === M.imagemMax) throw new Error(`mensagem de imagem grande sem imagem grande: ${where}`);
    }
  }
  if (r.strict) {
    const refusals = [400, 401, 403, 405, 406, 413, 414, 415, ...(r.pathBroken ? [404] : [])];
    if (!refusals.includes(res.statusCode)) throw new Error(`entrada inválida aceite: ${where}`);
  }
}

/**
 * Every table of the schema (read from the catalogue, so a new table is covered too). Nothing is
 * excluded: no table may change on a refused request.
 *
 * Two nets. A row trigger on each table notes every insert, update and delete (even one that writes
 * the same values) in `fuzz_changes`, in the writer's own transaction (a rolled-back write leaves no
 * note): one cheap count after each request. And a fingerprint per table (row count + hash of all
 * its rows) before and after each route and identity.
 */
const tables = (
  await t.db.execute<{ name: string }>(sql`
  select table_name as name from information_schema.tables
  where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`)
).rows.map((r) => r.name);
await t.db.execute(sql`create table fuzz_changes (tabela text not null)`);
await t.db.execute(
  sql.raw(`create function fuzz_note_change() returns trigger language plpgsql as $$
  begin insert into fuzz_changes values (TG_TABLE_NAME); return null; end $$`),
);
for (const name of tables) {
  await t.db.execute(sql.raw(`create trigger fuzz_note_change after insert or update or delete on "${name}" for each row execute function fuzz_note_change()`));
  await t.db.execute(sql.raw(`create trigger fuzz_note_truncate after truncate on "${name}" for each statement execute function fuzz_note_change()`));
}
/** Tables written since the last call (and the note cleared). */
async function takeChanges(): Promise<string[]> {
  const { rows } = await t.db.execute<{ tabela: string }>(sql`delete from fuzz_changes returning tabela`);
  return [...new Set(rows.map((r) => r.tabela))];
}
const fingerprintSql = sql.raw(
  tables
    .map((name) => `select '${name}' as t, count(*)::int as n, md5(coalesce(string_agg(x::text, E'\\n' order by x::text), '')) as h from "${name}" x`)
    .join(' union all '),
);
async function fingerprint(): Promise<Record<string, string>> {
  const { rows } = await t.db.execute<{ t: string; n: number; h: string }>(fingerprintSql);
  return Object.fromEntries(rows.map((r) => [r.t, `${r.n}:${r.h}`]));
}
function changedTables(before: Record<string, string>, after: Record<string, string>) {
  return Object.keys({ ...before, ...after }).filter((k) => before[k] !== after[k]);
}
const storedFiles = () => {
  try {
    return readdirSync(join(t.dataDir, 'uploads'), { recursive: true }).length;
  } catch {
    return 0;
  }
};

// ---------------------------------------------------------------------------------------------
// The tests: one per route and identity
// ---------------------------------------------------------------------------------------------

it('reads the routes from the OpenAPI document, multipart forms included', () => {
  expect(operations.length).toBeGreaterThan(40);
  expect(operations.some((o) => o.form)).toBe(true);
  expect(tables).toEqual(expect.arrayContaining(['clientes', 'profissionais', 'admins', 'requests']));
});

for (const op of operations) {
  describe(`${op.method} ${op.path}`, () => {
    for (const identity of identities) {
      // Generous: shrinking a failure replays many requests, and its report must not be lost to a timeout.
      it(identity.who, { timeout: 180_000 }, async () => {
        await takeChanges();
        let before = await fingerprint();
        let filesBefore = storedFiles();
        await fc.assert(
          fc.asyncProperty(recipeArb(op, identity.id), async (recipe) => {
            const res = await send(op, recipe, identity.auth);
            checkAnswer(recipe, res);
            // Checked after every request, so the counterexample is the culprit. A change is legitimate
            // only when the route accepted the request (2xx) and its input broke no documented rule:
            // a route that takes no input at all (e.g. "send the e-mail again") does its work whatever
            // junk comes with it.
            const changed = await takeChanges();
            const files = storedFiles();
            if (!changed.length && files === filesBefore) return;
            if (res.statusCode >= 300 || recipe.strict) {
              throw new Error(
                `linhas alteradas (${changed.join(', ') || 'nenhuma'}) ou ficheiros guardados (${files - filesBefore}); resposta ${res.statusCode} ${res.body.slice(0, 200)}`,
              );
            }
            before = await fingerprint();
            filesBefore = files;
          }),
          { numRuns: NUM_RUNS, seed: SEED, path: REPLAY_PATH, endOnFailure: !!REPLAY_PATH, includeErrorInReport: true },
        );
        expect(changedTables(before, await fingerprint()), 'tabelas alteradas sem nota do gatilho').toEqual([]);
        expect(storedFiles()).toBe(filesBefore);
      });
    }
  });
}
