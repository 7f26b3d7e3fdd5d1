-- The Google/Twitter/Apple stand-in left the API for apps/stand-ins, which keeps its codes in its own memory: the
-- table of the embedded provider's authorization codes has no writer or reader left.
DROP TABLE IF EXISTS "oidc_codes";
