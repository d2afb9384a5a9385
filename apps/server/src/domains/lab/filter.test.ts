import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  FilterError,
  parseFilterParam,
  parseOptionsParam,
  projectedJson,
  translateFilter,
  orderBy,
  limitOffset,
} from './filter.js';

/** Compiles fragments without a database: the translator is pure. */
const db = new Kysely<Record<string, never>>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => new PostgresIntrospector(k),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});
const shape = { keyColumn: 'wafer_id' };
const where = (filter: unknown) => sql`${translateFilter(filter as Record<string, unknown>, shape)}`.compile(db);
const rejects = (filter: unknown, message: RegExp) => expect(() => where(filter)).toThrow(message);

describe('filter → SQL', () => {
  it('empty filter is true', () => {
    expect(where({}).sql).toBe('true');
  });

  it('equality on the key and _id uses the columns, on other fields the JSONB doc', () => {
    expect(where({ wafer_id: 'W1' })).toMatchObject({ sql: '"wafer_id" = $1', parameters: ['W1'] });
    expect(where({ _id: 'abc' })).toMatchObject({ sql: '"_id"::text = $1', parameters: ['abc'] });
    expect(where({ diameter: 100 })).toMatchObject({
      sql: '"doc" -> $1::text = $2::jsonb',
      parameters: ['diameter', '100'],
    });
    expect(where({ 'a.b': 'x' }).sql).toBe('"doc" -> $1::text -> $2::text = $3::jsonb');
    expect(where({ note: null }).sql).toContain('is null or');
  });

  it('$in, $regex (case-insensitive) and $or; several fields are ANDed', () => {
    expect(where({ wafer_id: { $in: ['W1', 'W2'] } })).toMatchObject({ sql: '"wafer_id" in ($1, $2)' });
    expect(where({ gen: { $in: [1, 'x'] } }).parameters).toEqual(['gen', '1', '"x"']);
    expect(where({ gen: { $in: [] } }).sql).toBe('false');
    const r = where({ wafer_id: { $regex: '^w0', $options: 'i' } });
    expect(r.sql).toBe('coalesce("wafer_id" ~* $1, false)');
    expect(where({ $or: [{ wafer_id: 'W1' }, { generation: 2 }], diameter: 100 }).sql).toMatch(
      /^\(\(.* or .*\) and .*\)$/,
    );
  });

  it('values and field names are parameters, never SQL text', () => {
    const q = where({ "x'); drop table wafers; --": "'; drop --" });
    expect(q.sql).not.toContain('drop');
    expect(q.parameters).toContain("x'); drop table wafers; --");
  });

  it.each([
    [{ $where: 'this.a == 1' }, /\$where/],
    [{ diameter: { $gt: 1 } }, /\$gt/],
    [{ diameter: { $ne: 1 } }, /\$ne/],
    [{ $and: [{ a: 1 }] }, /\$and/],
    [{ a: { b: { $expr: 1 } } }, /\$expr/],
    [{ a: [{ $gt: 1 }] }, /\$gt/],
    [{ a: { $in: [1], b: 2 } }, /mixed with operators/],
    [{ a: { $in: 'x' } }, /needs a list/],
    [{ a: { $in: [{ $gt: 1 }] } }, /\$in values/],
    [{ a: { $regex: 5 } }, /text pattern/],
    [{ a: { $regex: 'x', $options: 'g' } }, /\$options/],
    [{ a: { $options: 'i' } }, /needs \$regex/],
    [{ a: { $regex: '(' } }, /Invalid regular expression/],
    [{ $or: [] }, /1 to 100/],
    [{ $or: ['x'] }, /must be an object/],
    [{ 'a..b': 1 }, /Invalid field name/],
    [{ 'a.$b': 1 }, /Invalid field name/],
    [{ _id: { x: 1 } }, /text value/],
  ])('rejects %j', (filter, message) => rejects(filter, message));

  it('rejects $or nested too deep', () => {
    let f: Record<string, unknown> = { a: 1 };
    for (let i = 0; i < 7; i++) f = { $or: [f] };
    rejects(f, /nested more than/);
  });

  it('parses the JSON parameters', () => {
    expect(parseFilterParam(undefined)).toEqual({});
    expect(parseFilterParam('')).toEqual({});
    expect(() => parseFilterParam('{nope')).toThrow(FilterError);
    expect(() => parseFilterParam('[1]')).toThrow(/JSON object/);
  });
});

describe('options → SQL', () => {
  const compile = (text: string) => {
    const options = parseOptionsParam(text);
    return {
      select: sql`${projectedJson(options, shape)}`.compile(db).sql,
      order: sql`${orderBy(options, shape)}${limitOffset(options)}`.compile(db),
    };
  };

  it('sort (object or pairs), limit, skip; the key breaks ties', () => {
    const { order } = compile('{"sort": {"generation": -1, "wafer_id": 1}, "limit": 5, "skip": 10}');
    expect(order.sql).toBe(
      '"doc" -> $1::text desc nulls last, "wafer_id" asc nulls last, "wafer_id" asc limit $2 offset $3',
    );
    expect(order.parameters).toEqual(['generation', 5, 10]);
    expect(compile('{"sort": [["diameter", 1]]}').order.sql).toContain('asc nulls last');
  });

  it('projection: inclusion (with or without _id) and exclusion', () => {
    expect(compile('{"projection": {"wafer_id": 1}}').select).toContain('jsonb_each');
    expect(compile('{"projection": {"notes": 0}}').select).toContain(' - $');
    expect(compile('{}').select).toContain('jsonb_build_object');
  });

  it.each([
    ['{"hint": 1}', /Unsupported option 'hint'/],
    ['{"limit": -1}', /limit/],
    ['{"limit": 100001}', /limit/],
    ['{"limit": 1.5}', /limit/],
    ['{"sort": {"a": 2}}', /1 or -1/],
    ['{"sort": "a"}', /sort/],
    ['{"projection": {"a": 1, "b": 0}}', /mix/],
    ['{"projection": {"a.b": 1}}', /top-level/],
    ['{"projection": {"a": "yes"}}', /1 or 0/],
  ])('rejects %s', (text, message) => {
    expect(() => parseOptionsParam(text)).toThrow(message);
  });
});
