CREATE TABLE "catalogue_versions" (
	"name" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "task_completions_user_period_idx" ON "task_completions" USING btree ("user_id","period_key");
--> statement-breakpoint
INSERT INTO "catalogue_versions" ("name", "version") VALUES ('tasks', 1);
--> statement-breakpoint
-- Every change to the task catalogue, however made (the API, a seed, an operator's SQL), moves its version in the
-- same transaction: an API node that cached the catalogue sees the new version in its next read and loads it again.
CREATE FUNCTION "catalogue_versions_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "catalogue_versions" SET "version" = "version" + 1 WHERE "name" = TG_TABLE_NAME;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "tasks_catalogue_version"
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "tasks"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_versions_bump"();
