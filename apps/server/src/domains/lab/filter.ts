import { sql, type RawBuilder } from 'kysely';
import { LAB_MSG } from '@atlas/contracts';

/**
 * The Mongo-style `filter` and `options` of the dataset calls (DESIGN §3), translated to SQL over a table with a
 * key column and a JSONB `doc`. Pure: it builds Kysely raw SQL fragments (every value is a bound parameter, every
 * field name too) and touches no database. The subset:
 *
 * - filter: `{field: value}` equality (scalars, null = missing or null, objects and arrays compare as JSON),
 *   `{field: {$in: [values]}}`, `{field: {$regex: "text", $options: "i"}}` (always case-insensitive),
 *   `{$or: [filter, …]}`; several fields are ANDed; dotted names reach into nested objects.
 * - options: `projection` ({field: 1} or {field: 0}, top-level fields), `sort` ({field: 1|-1} or
 *   [[field, 1|-1], …]), `limit` (0 = none, at most 10000), `skip`.
 *
 * Anything else — `$where`, `$gt`, `$ne`, `$and`, `$expr`, a `$` key nested inside a value, unknown options — is a
 * FilterError, which the routes answer with 400 and its message.
 */
export class FilterError extends Error {}

/** How fields map to columns: `_id` and the key are columns, everything else lives in `doc`. */
export interface TableShape {
  keyColumn: string;
  /** Table alias used in column references (for correlated subqueries); none by default. */
  alias?: string;
}

export type Filter = Record<string, unknown>;

export interface QueryOptions {
  projection?: { mode: 'include' | 'exclude'; fields: string[]; withId: boolean };
  sort: Array<{ field: string; direction: 'asc' | 'desc' }>;
  limit?: number;
  skip?: number;
}

const MAX_LIMIT = 10_000;
const MAX_IN = 1000;
const MAX_OR_DEPTH = 5;
const MAX_REGEX = 500;

/** Parses the `filter` query parameter; absent or empty means everything. */
export function parseFilterParam(text: string | undefined): Filter {
  return parseObject(text, 'filter');
}

/** Parses and checks the `options` query parameter. */
export function parseOptionsParam(text: string | undefined): QueryOptions {
  return checkOptions(parseObject(text, 'options'));
}

function parseObject(text: string | undefined, what: 'filter' | 'options'): Record<string, unknown> {
  if (text === undefined || text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new FilterError(LAB_MSG.filterNotJson(what));
  }
  if (!isPlainObject(value)) throw new FilterError(LAB_MSG.filterNotObject(what));
  return value;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const col = (shape: TableShape, name: string) => sql.ref(shape.alias ? `${shape.alias}.${name}` : name);

function checkField(field: string): string[] {
  if (!field || field.length > 200 || field.startsWith('$')) throw new FilterError(LAB_MSG.filterField(field));
  const segments = field.split('.');
  if (segments.some((s) => s === '' || s.startsWith('$'))) throw new FilterError(LAB_MSG.filterField(field));
  return segments;
}

/** The whole record as JSONB: doc plus `_id` and the key (which win over same-named doc fields). */
export function recordJson(shape: TableShape): RawBuilder<Record<string, unknown>> {
  return sql<
    Record<string, unknown>
  >`(${col(shape, 'doc')} || jsonb_build_object('_id', ${col(shape, '_id')}::text, ${sql.lit(shape.keyColumn)}, ${col(shape, shape.keyColumn)}))`;
}

/** A column field (`_id` or the key), as text; null for a doc field. */
function columnText(field: string, shape: TableShape): RawBuilder<string> | null {
  if (field === '_id') return sql<string>`${col(shape, '_id')}::text`;
  if (field === shape.keyColumn) return sql<string>`${col(shape, shape.keyColumn)}`;
  return null;
}

/** A field as JSONB (null when missing). */
function fieldJson(field: string, shape: TableShape): RawBuilder<unknown> {
  const segments = checkField(field);
  const column = columnText(field, shape);
  if (column) return sql`to_jsonb(${column})`;
  return segments.reduce<RawBuilder<unknown>>((acc, s) => sql`${acc} -> ${s}::text`, sql`${col(shape, 'doc')}`);
}

/** A field as text (scalars unquoted; null when missing). */
function fieldText(field: string, shape: TableShape): RawBuilder<string> {
  const segments = checkField(field);
  const column = columnText(field, shape);
  if (column) return column;
  const head = segments
    .slice(0, -1)
    .reduce<RawBuilder<unknown>>((acc, s) => sql`${acc} -> ${s}::text`, sql`${col(shape, 'doc')}`);
  return sql<string>`(${head} ->> ${segments[segments.length - 1]!}::text)`;
}

const jsonParam = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

/** Throws when a value meant for equality hides an operator (`{a: {b: {$gt: 1}}}`). */
function checkNoOperators(value: unknown, field: string): void {
  if (Array.isArray(value)) value.forEach((v) => checkNoOperators(v, field));
  else if (isPlainObject(value))
    for (const [key, inner] of Object.entries(value)) {
      if (key.startsWith('$')) throw new FilterError(LAB_MSG.filterOperator(key));
      checkNoOperators(inner, field);
    }
}

function isScalar(value: unknown): value is string | number | boolean | null {
  return value === null || ['string', 'number', 'boolean'].includes(typeof value);
}

function equality(field: string, value: unknown, shape: TableShape): RawBuilder<boolean> {
  checkNoOperators(value, field);
  const column = columnText(field, shape);
  if (column) {
    if (value === null) return sql<boolean>`false`;
    if (typeof value !== 'string' && typeof value !== 'number')
      throw new FilterError(LAB_MSG.filterValue(field, 'expected a text value'));
    return sql<boolean>`${column} = ${String(value)}`;
  }
  const json = fieldJson(field, shape);
  if (value === null) return sql<boolean>`(${json} is null or ${json} = 'null'::jsonb)`;
  return sql<boolean>`${json} = ${jsonParam(value)}`;
}

function inList(field: string, values: unknown, shape: TableShape): RawBuilder<boolean> {
  if (!Array.isArray(values)) throw new FilterError(LAB_MSG.filterValue(field, '$in needs a list'));
  if (values.length > MAX_IN) throw new FilterError(LAB_MSG.filterValue(field, `$in takes at most ${MAX_IN} values`));
  if (!values.every(isScalar))
    throw new FilterError(LAB_MSG.filterValue(field, '$in values must be text, numbers, true/false or null'));
  if (values.length === 0) return sql<boolean>`false`;
  const column = columnText(field, shape);
  if (column) {
    const texts = values.filter((v) => typeof v === 'string' || typeof v === 'number').map(String);
    if (texts.length === 0) return sql<boolean>`false`;
    return sql<boolean>`${column} in (${sql.join(texts.map((t) => sql`${t}`))})`;
  }
  const json = fieldJson(field, shape);
  const parts = [sql<boolean>`${json} in (${sql.join(values.map(jsonParam))})`];
  if (values.includes(null)) parts.push(sql<boolean>`${json} is null`);
  return parts.length === 1 ? parts[0]! : sql<boolean>`(${sql.join(parts, sql` or `)})`;
}

function regex(field: string, pattern: unknown, flags: unknown, shape: TableShape): RawBuilder<boolean> {
  if (typeof pattern !== 'string' || pattern.length > MAX_REGEX)
    throw new FilterError(LAB_MSG.filterValue(field, `$regex needs a text pattern of at most ${MAX_REGEX} characters`));
  if (flags !== undefined && (typeof flags !== 'string' || !/^i?$/.test(flags)))
    throw new FilterError(LAB_MSG.filterValue(field, "$options may only be 'i'"));
  try {
    new RegExp(pattern);
  } catch {
    throw new FilterError(LAB_MSG.badRegex(pattern));
  }
  // PostgreSQL ~* : case-insensitive POSIX (ARE) match, which agrees with JavaScript for the usual patterns.
  return sql<boolean>`coalesce(${fieldText(field, shape)} ~* ${pattern}, false)`;
}

function condition(field: string, value: unknown, shape: TableShape): RawBuilder<boolean> {
  checkField(field);
  if (!isPlainObject(value) || !Object.keys(value).some((k) => k.startsWith('$'))) return equality(field, value, shape);
  const ops = Object.keys(value);
  const plain = ops.find((k) => !k.startsWith('$'));
  if (plain !== undefined) throw new FilterError(LAB_MSG.filterValue(field, `'${plain}' mixed with operators`));
  const parts: RawBuilder<boolean>[] = [];
  for (const op of ops) {
    if (op === '$in') parts.push(inList(field, value.$in, shape));
    else if (op === '$regex') parts.push(regex(field, value.$regex, value.$options, shape));
    else if (op === '$options') {
      if (!('$regex' in value)) throw new FilterError(LAB_MSG.filterValue(field, '$options needs $regex'));
    } else throw new FilterError(LAB_MSG.filterOperator(op));
  }
  return parts.length === 1 ? parts[0]! : sql<boolean>`(${sql.join(parts, sql` and `)})`;
}

/** The WHERE condition of a filter; `true` for an empty filter. */
export function translateFilter(filter: Filter, shape: TableShape, depth = 0): RawBuilder<boolean> {
  const parts: RawBuilder<boolean>[] = [];
  for (const [key, value] of Object.entries(filter)) {
    if (key === '$or') {
      if (depth >= MAX_OR_DEPTH)
        throw new FilterError(LAB_MSG.filterValue('$or', `nested more than ${MAX_OR_DEPTH} deep`));
      if (!Array.isArray(value) || value.length === 0 || value.length > 100)
        throw new FilterError(LAB_MSG.filterValue('$or', 'needs a list of 1 to 100 filters'));
      const branches = value.map((branch) => {
        if (!isPlainObject(branch)) throw new FilterError(LAB_MSG.filterValue('$or', 'each branch must be an object'));
        return translateFilter(branch, shape, depth + 1);
      });
      parts.push(sql<boolean>`(${sql.join(branches, sql` or `)})`);
    } else if (key.startsWith('$')) {
      throw new FilterError(LAB_MSG.filterOperator(key));
    } else {
      parts.push(condition(key, value, shape));
    }
  }
  if (parts.length === 0) return sql<boolean>`true`;
  return parts.length === 1 ? parts[0]! : sql<boolean>`(${sql.join(parts, sql` and `)})`;
}

function checkOptions(options: Record<string, unknown>): QueryOptions {
  const result: QueryOptions = { sort: [] };
  for (const [key, value] of Object.entries(options)) {
    if (key === 'projection') result.projection = checkProjection(value);
    else if (key === 'sort') result.sort = checkSort(value);
    else if (key === 'limit' || key === 'skip') {
      const max = key === 'limit' ? MAX_LIMIT : Number.MAX_SAFE_INTEGER;
      if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > max)
        throw new FilterError(LAB_MSG.optionsValue(key, `a whole number from 0 to ${max}`));
      if (key === 'limit') result.limit = value === 0 ? undefined : value;
      else result.skip = value;
    } else throw new FilterError(LAB_MSG.optionsKey(key));
  }
  return result;
}

function checkProjection(value: unknown): QueryOptions['projection'] {
  if (!isPlainObject(value)) throw new FilterError(LAB_MSG.optionsValue('projection', 'an object of field: 1 or 0'));
  let withId = true;
  const include: string[] = [];
  const exclude: string[] = [];
  for (const [field, flag] of Object.entries(value)) {
    if (flag !== 0 && flag !== 1 && flag !== true && flag !== false)
      throw new FilterError(LAB_MSG.optionsValue('projection', `'${field}' must be 1 or 0`));
    if (checkField(field).length > 1)
      throw new FilterError(LAB_MSG.optionsValue('projection', 'top-level fields only'));
    const on = flag === 1 || flag === true;
    if (field === '_id') withId = on;
    else (on ? include : exclude).push(field);
  }
  if (include.length && exclude.length)
    throw new FilterError(LAB_MSG.optionsValue('projection', 'cannot mix included and excluded fields'));
  if (include.length) return { mode: 'include', fields: include, withId };
  return { mode: 'exclude', fields: exclude, withId };
}

function checkSort(value: unknown): QueryOptions['sort'] {
  const pairs: Array<[string, unknown]> = Array.isArray(value)
    ? value.map((pair) => {
        if (!Array.isArray(pair) || pair.length !== 2 || typeof pair[0] !== 'string')
          throw new FilterError(LAB_MSG.optionsValue('sort', 'a list of [field, 1 or -1] pairs'));
        return [pair[0], pair[1]];
      })
    : isPlainObject(value)
      ? Object.entries(value)
      : (() => {
          throw new FilterError(LAB_MSG.optionsValue('sort', 'an object of field: 1 or -1'));
        })();
  if (pairs.length > 10) throw new FilterError(LAB_MSG.optionsValue('sort', 'at most 10 fields'));
  return pairs.map(([field, direction]) => {
    checkField(field);
    if (direction !== 1 && direction !== -1)
      throw new FilterError(LAB_MSG.optionsValue('sort', `'${field}' must be 1 or -1`));
    return { field, direction: direction === 1 ? 'asc' : 'desc' };
  });
}

/** The selected JSON of a record under a projection (top-level fields). */
export function projectedJson(options: QueryOptions, shape: TableShape): RawBuilder<Record<string, unknown>> {
  const record = recordJson(shape);
  const projection = options.projection;
  if (!projection) return record;
  if (projection.mode === 'include') {
    const fields = projection.withId ? ['_id', ...projection.fields] : projection.fields;
    return sql<
      Record<string, unknown>
    >`(select coalesce(jsonb_object_agg(e.key, e.value), '{}'::jsonb) from jsonb_each(${record}) e where e.key in (${sql.join(fields.map((f) => sql`${f}::text`))}))`;
  }
  const fields = projection.withId ? projection.fields : ['_id', ...projection.fields];
  return fields.reduce<RawBuilder<Record<string, unknown>>>((acc, f) => sql`(${acc} - ${f}::text)`, record);
}

/** ORDER BY of the options' sort, then the key for a stable order. */
export function orderBy(options: QueryOptions, shape: TableShape): RawBuilder<unknown> {
  const terms = options.sort.map(({ field, direction }) => {
    const column = columnText(field, shape);
    const expr = column ?? fieldJson(field, shape);
    return direction === 'asc' ? sql`${expr} asc nulls last` : sql`${expr} desc nulls last`;
  });
  terms.push(sql`${col(shape, shape.keyColumn)} asc`);
  return sql.join(terms);
}

/** LIMIT/OFFSET of the options (empty when neither is set). */
export function limitOffset(options: QueryOptions): RawBuilder<unknown> {
  const limit = options.limit === undefined ? sql`` : sql` limit ${options.limit}`;
  const offset = options.skip ? sql` offset ${options.skip}` : sql``;
  return sql`${limit}${offset}`;
}
