-- The profile task's Go leads to the Create profile page, where the profile is made, not to home. Only the seeded
-- link moves: a link an operator set stays.
UPDATE "tasks" SET "url" = '/create-profile' WHERE "code" = 'osp_profile_create' AND "url" = '/';
