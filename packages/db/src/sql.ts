/**
 * Drizzle's query operators for callers outside this package. npm keeps drizzle-orm inside packages/db, so apps
 * import operators from here (one copy of drizzle-orm, one set of types) instead of depending on it themselves.
 */
export {
  and,
  asc,
  count,
  countDistinct,
  desc,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  like,
  lt,
  lte,
  ne,
  not,
  or,
  type SQL,
  sql,
  sum,
} from 'drizzle-orm';
