-- Referrals count once the invitee is a full user (a profile): invitations recorded before this rule count when
-- their invitee already has a profile, from the time of the invitation; the others wait for the profile.
UPDATE "invitations" SET "counted_at" = "invitations"."created_at"
FROM "customers"
WHERE "customers"."id" = "invitations"."invitee_id" AND "customers"."handle" IS NOT NULL AND "invitations"."counted_at" IS NULL;
