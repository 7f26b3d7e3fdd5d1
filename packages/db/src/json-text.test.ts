import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { epochMs, jsonArrayText, jsonConstant, jsonObjectText } from './json-text';
import { describeWithDatabases } from './testing';

const TRICKY = [
  'plain',
  'a "quoted" word',
  'back\\slash',
  'line\nbreak\ttab',
  'ünïcødé ✓',
  '\u0001control',
  '',
];

describeWithDatabases('JSON text by concatenation', ({ database }) => {
  it('writes what JSON.stringify writes for every kind of field, null as null, in the given order', async () => {
    const db = database().db;
    const rows = TRICKY.map((text, index) => ({ index, text }));
    const values = sql.join(
      rows.map((row) => sql`(${row.index}::int, ${row.text}::text)`),
      sql`, `,
    );
    const list = jsonArrayText(
      jsonObjectText({
        n: { number: sql`v.i * 1000000000000::bigint` },
        decimal: { number: sql`(v.i::numeric / 4)` },
        text: { text: sql`v.t` },
        nothing: { text: sql`null::text` },
        plain: { plainText: sql`(v.i * 2)::text` },
        fixed: { constant: 'fixed "one"' },
        kind: {
          json: sql`case when v.i % 2 = 0 then ${jsonConstant('even')} else ${jsonConstant(true)} end`,
        },
      }),
      sql`(values ${values}) as v(i, t)`,
      sql`v.i desc`,
    );
    const [row] = await db.select({ list: sql<string>`${list}` }).from(sql`(select 1) as one`);
    const parsed = JSON.parse(row!.list);
    expect(parsed).toEqual(
      [...rows].reverse().map((row) => ({
        n: row.index * 1_000_000_000_000,
        decimal: row.index / 4,
        text: row.text,
        nothing: null,
        plain: String(row.index * 2),
        fixed: 'fixed "one"',
        kind: row.index % 2 === 0 ? 'even' : true,
      })),
    );
    expect(Object.keys(parsed[0])).toEqual(['n', 'decimal', 'text', 'nothing', 'plain', 'fixed', 'kind']);
  });

  it('writes [] for no rows', async () => {
    const [row] = await database()
      .db.select({
        list: sql<string>`${jsonArrayText(
          jsonObjectText({ a: { number: sql`x.a` } }),
          sql`(select 1 as a where false) as x`,
          sql`x.a`,
        )}`,
      })
      .from(sql`(select 1) as one`);
    expect(row!.list).toBe('[]');
  });

  it('writes a time as whole milliseconds, cut as Date#getTime cuts it', async () => {
    const times = [
      '2026-11-24 10:20:30.123999+00',
      '1999-12-31 23:59:59.999999+00',
      '2030-01-01 00:00:00+00',
    ];
    const [row] = await database()
      .db.select({ ms: sql<string>`array_to_string(array_agg(${epochMs(sql`t`)} order by t), ',')` })
      .from(sql`unnest(${`{${times.join(',')}}`}::timestamptz[]) as t`);
    expect(row!.ms.split(',').map(Number)).toEqual(
      ['1999-12-31T23:59:59.999Z', '2026-11-24T10:20:30.123Z', '2030-01-01T00:00:00.000Z'].map((iso) =>
        Date.parse(iso),
      ),
    );
  });

  it('refuses a key it would have to escape', () => {
    expect(() => jsonObjectText({ "it's": { number: sql`1` } })).toThrow(/not a plain JSON key/);
  });
});
