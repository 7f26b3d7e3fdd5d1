/**
 * Upper bounds of the API's texts and lists: OpenAPI's maxLength and maxItems, and checked where the schemas are (a
 * request over one is a 400, an answer over one a 500). A request bound is above anything a client of the spec sends
 * (product.md 5 and the formats of the chain); an answer bound is above anything the API stores or computes.
 */
export const MAX = {
  /** Ids, codes, keys, symbols and other short tokens. */
  key: 128,
  /** Names, titles, handles, labels. */
  name: 256,
  /** Descriptions, rule texts, messages. */
  text: 16_384,
  url: 8192,
  /** An EVM (42 characters) or Solana (up to 44) address. */
  address: 64,
  /** A 32-byte hash, 0x-prefixed. */
  hash: 66,
  /** A decimal integer or amount: a uint256 has 78 digits, with sign, point and grouping on top. */
  decimal: 128,
  /** Hex call data, signatures and tokens: Fastify's body limit (1 MiB), so no request is refused that fit before. */
  blob: 1_048_576,
  /** A list that is not paged: a catalogue (tasks, badges, tiers, settings) or one player's own rows. */
  list: 10_000,
  /** A published season's lists of players, moves and prizes: every player of a season, with room. */
  players: 10_000_000,
} as const;
