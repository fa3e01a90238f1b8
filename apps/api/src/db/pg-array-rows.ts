import { createRequire } from 'node:module';
import pg from 'pg';

/**
 * node-postgres, on every result's column list (each execution: it asks PostgreSQL to describe the
 * portal every time), also builds an empty row object with the columns' names, in dictionary mode
 * (`Object.create(null)`, then a spread), which only its object rows use. drizzle reads its selects
 * as arrays (`rowMode: 'array'`), where that object is never read: for job search it was 6 % of the
 * API's CPU under load (`addFields` in a CPU profile; about 10× the cost of the type parsers it
 * needs). For array rows, only the parsers are built here; object rows keep node-postgres' own code.
 * `pg/lib/result.js` is a public subpath of the package ("./lib/*" in its exports) and the same
 * module node-postgres itself loads.
 */

interface Field {
  dataTypeID: number;
  format?: string;
}
interface TypeSource {
  getTypeParser(oid: number, format: string): (value: string) => unknown;
}
interface ResultShape {
  rowAsArray: boolean;
  fields: Field[];
  _types?: TypeSource;
  _parsers?: ((value: string) => unknown)[];
}
type ResultClass = { prototype: ResultShape & { addFields(fields: Field[]): void; __tcArrayRows?: true } };

export function fasterArrayRows() {
  const Result = createRequire(import.meta.url)('pg/lib/result.js') as ResultClass;
  const proto = Result.prototype;
  if (proto.__tcArrayRows) return;
  const objectRows = proto.addFields;
  proto.addFields = function addFields(this: ResultShape, fields: Field[]) {
    if (!this.rowAsArray) return objectRows.call(this, fields);
    this.fields = fields;
    // The client sets its own types on every query's result; pg.types when a result has none.
    const types: TypeSource = this._types ?? (pg.types as unknown as TypeSource);
    const parsers = new Array<(value: string) => unknown>(fields.length);
    for (let i = 0; i < fields.length; i++) parsers[i] = types.getTypeParser(fields[i]!.dataTypeID, fields[i]!.format || 'text');
    this._parsers = parsers;
  };
  proto.__tcArrayRows = true;
}

type QueryConfig = Record<string, unknown>;
type UtilsModule = {
  normalizeQueryConfig(config: string | QueryConfig, values?: unknown, callback?: unknown): QueryConfig;
  __tcQueryConfig?: true;
};

/**
 * node-postgres copies each query's config before filling in its values (so the caller's object is
 * left as it was) through `Object.getOwnPropertyDescriptors` and `Object.defineProperties`: ~4.7 µs a
 * query here, 1.7 % of the API's CPU on a client's list. The same copy of the config's own fields
 * with `Object.assign`, onto the same prototype: ~0.4 µs. The configs the app and drizzle pass are
 * plain objects of plain fields, where the two copies are the same. `pg/lib/utils.js` is a public
 * subpath, and the module query.js reads `normalizeQueryConfig` from on every query.
 */
export function fasterQueryConfig() {
  const utils = createRequire(import.meta.url)('pg/lib/utils.js') as UtilsModule;
  if (utils.__tcQueryConfig) return;
  utils.normalizeQueryConfig = function normalizeQueryConfig(config, values, callback) {
    const copy: QueryConfig =
      typeof config === 'string' ? { text: config } : Object.assign(Object.create(Object.getPrototypeOf(config) as object) as QueryConfig, config);
    if (values) {
      if (typeof values === 'function') copy.callback = values;
      else copy.values = values;
    }
    if (callback) copy.callback = callback;
    return copy;
  };
  utils.__tcQueryConfig = true;
}
