-- The race's launch share lines (spec 7 /messages, spec 9: about 30 s of racing). From here on they are operator
-- data: add, edit or retire rows (is_active) without a release. {link} becomes the sharer's invite link. The web
-- and the API keep built-in lines (packages/domain share-text.ts) for when this table has none or the call fails.
INSERT INTO "game_share_messages" ("kind", "text", "sort_order")
VALUES
  ('win', 'Two coins, 30 seconds, and I called both. Race me on OJO Arena: {link} $OJO', 10),
  ('win', 'Won the coin race in 30 seconds flat. Think you can read the market faster? {link} $OJO', 20),
  ('win', 'My coins crossed the line first and the pool is mine. Your turn: {link} $OJO', 30),
  ('loss', 'The market outran me this time, 30 seconds of racing and no regrets. Rematch? {link} $OJO', 10),
  ('loss', 'Wrong coins this round. 30 seconds to the next race, join me: {link} $OJO', 20),
  ('loss', 'Not my race today, but the next one starts soon. Race me: {link} $OJO', 30);
