-- Handles are reserved in profile_registrations from now on (one table decides who holds a handle). Profiles made
-- before it existed are on chain and in customers: record them as created, so nobody can reserve their handles.
INSERT INTO "profile_registrations" ("customer_id", "handle", "owner_address", "status", "profile_id")
SELECT "id", "handle", "osp_aa_address", 'created', "profile_id"
FROM "customers"
WHERE "handle" IS NOT NULL
  AND "profile_id" IS NOT NULL
  AND "osp_aa_address" IS NOT NULL
  AND "handle" ~ '^[a-z0-9_]{4,15}$'
ON CONFLICT DO NOTHING;
