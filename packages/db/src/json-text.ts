import { type SQL, sql } from 'drizzle-orm';

/**
 * One field of a JSON object written by `jsonObjectText`:
 * - `number`: an integer or decimal expression, written as it is (a JSON number);
 * - `text`: any text expression, escaped by `to_json` (a JSON string);
 * - `plainText`: text that never needs escaping (digits, a decimal, grouped USD, a hash its table checks), quoted
 *   as it is;
 * - `constant`: a value fixed when the statement is built, written by `JSON.stringify` and sent as a parameter;
 * - `json`: JSON text already, such as a `case` between `jsonConstant`s.
 * A null value is written as `null`, so a line never drops out of its list.
 */
export type JsonField =
  | { number: SQL }
  | { text: SQL }
  | { plainText: SQL }
  | { constant: string | number | boolean }
  | { json: SQL };

/** `value` as JSON text, a parameter of the statement: for a `json` field choosing between constants. */
export function jsonConstant(value: string | number | boolean): SQL {
  return sql`${JSON.stringify(value)}::text`;
}

function valueText(field: JsonField): SQL {
  if ('constant' in field) return jsonConstant(field.constant);
  if ('json' in field) return sql`coalesce((${field.json}), 'null')`;
  if ('number' in field) return sql`coalesce((${field.number})::text, 'null')`;
  if ('text' in field) return sql`coalesce(to_json((${field.text})::text)::text, 'null')`;
  return sql`coalesce('"' || (${field.plainText}) || '"', 'null')`;
}

/**
 * A JSON object's text by concatenation, for the lines of a list PostgreSQL writes for the answer (`jsonListText`):
 * `json_build_object` looks up the type of every value on every line, which was a quarter of the history page's
 * statement (`npm run bench:api`); this writes the same object for a fraction of it. The keys are this code's own.
 */
export function jsonObjectText(fields: Record<string, JsonField>): SQL {
  const bad = Object.keys(fields).find((key) => !/^[A-Za-z][A-Za-z0-9_]*$/.test(key));
  if (bad !== undefined) throw new TypeError(`not a plain JSON key: ${bad}`);
  const parts = Object.entries(fields).map(
    ([key, field], index) =>
      sql`${sql.raw(`'${index === 0 ? '{' : ','}${JSON.stringify(key)}:'`)} || ${valueText(field)}`,
  );
  return sql`(${sql.join(parts, sql` || `)} || '}')`;
}

/**
 * The JSON array text of `line` (a `jsonObjectText`, never null) over `rows` (a `from` item), in `orderBy`'s order;
 * `[]` for none. An array of the lines in the order its subquery gives them, joined by commas: when `rows` come in
 * that order already (a page cut by `order by ... limit`), PostgreSQL neither sorts them again nor builds an ordered
 * aggregate (`string_agg(... order by ...)` sorted its input, a twentieth of the history page's statement).
 */
export function jsonArrayText(line: SQL, rows: SQL, orderBy: SQL): SQL<string> {
  return sql<string>`('[' || array_to_string(array(select ${line} from ${rows} order by ${orderBy}), ',') || ']')`;
}

/**
 * A timestamptz as whole milliseconds since the epoch (a JSON number), rounded down as `Date#getTime` of it would be:
 * in floating point (`date_part`) on the time cut to the millisecond, exact for any time and about three times
 * cheaper than `floor(extract(epoch ...) * 1000)`, whose `extract` computes in numeric.
 */
export function epochMs(time: SQL): SQL {
  return sql`round(date_part('epoch', date_trunc('milliseconds', ${time})) * 1000)::bigint`;
}
