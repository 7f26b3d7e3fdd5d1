-- The task list reads the catalogue from the tasks table on every call, so nothing reads its version any more.
DROP TRIGGER IF EXISTS "tasks_catalogue_version" ON "tasks";
--> statement-breakpoint
DROP FUNCTION IF EXISTS "catalogue_versions_bump"();
--> statement-breakpoint
DROP TABLE IF EXISTS "catalogue_versions";
