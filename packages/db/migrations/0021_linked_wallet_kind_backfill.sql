-- Custom SQL migration file, put your code below! --
-- Wallets linked before each wallet had a kind: the first linked wallet of a player is their partner NFT wallet,
-- the second their partner token wallet (at most 2 were ever allowed).
UPDATE "user_addresses" AS ua
SET "link_kind" = CASE ranked.position WHEN 1 THEN 'partner_nft'::"linked_wallet_kind" ELSE 'partner_token'::"linked_wallet_kind" END
FROM (
  SELECT "id", row_number() OVER (PARTITION BY "user_id" ORDER BY "bind_time", "id") AS position
  FROM "user_addresses"
  WHERE "is_connected" AND "link_kind" IS NULL
) AS ranked
WHERE ua."id" = ranked."id" AND ranked.position <= 2;
