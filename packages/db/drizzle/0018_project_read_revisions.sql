CREATE SEQUENCE "public"."project_read_revision_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "project_read_revisions" (
	"project_id" uuid PRIMARY KEY NOT NULL,
	"revision" bigint NOT NULL
);
--> statement-breakpoint
-- ADR 038, "The project read kept per server": every statement that writes a row the project read shows gives the
-- projects whose read it changes a new revision, in the writing transaction. The triggers are the database's, so
-- a write from any path (a service, the seed, an import, a hand-written statement) moves the revision. The
-- catalogue's names are covered by catalogue_meta.version, which the read's fingerprint includes.
-- PL/pgSQL rather than SQL: a SQL function's statement is planned again at every call, this one's plan is kept.
CREATE FUNCTION "project_read_touch"(project_ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "project_read_revisions" ("project_id", "revision")
  SELECT ids.id, nextval('project_read_revision_seq')
  FROM (SELECT DISTINCT unnest(project_ids) AS id) AS ids
  WHERE ids.id IS NOT NULL
  ORDER BY ids.id
  ON CONFLICT ("project_id") DO UPDATE SET "revision" = excluded."revision"
  -- Once per transaction is enough (its revision is seen only with all its writes): a row this transaction wrote
  -- (age 0) is left as it is, so a long transaction does not pile up versions of one row.
  WHERE age("project_read_revisions".xmin) <> 0;
END $$;
--> statement-breakpoint
-- A project's read shows its own row and its customer's live project count: a project inserted, deleted, removed
-- or moved to another customer changes the reads of every project of the customers concerned.
CREATE FUNCTION "project_read_projects_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM project_read_touch(ARRAY(
      SELECT p.id FROM projects p WHERE p.customer_id IN (SELECT n.customer_id FROM new_rows n)));
  ELSIF TG_OP = 'DELETE' THEN
    DELETE FROM project_read_revisions r WHERE r.project_id IN (SELECT o.id FROM old_rows o);
    PERFORM project_read_touch(ARRAY(
      SELECT p.id FROM projects p WHERE p.customer_id IN (SELECT o.customer_id FROM old_rows o)));
  ELSE
    PERFORM project_read_touch(ARRAY(
      SELECT n.id FROM new_rows n
      UNION
      SELECT p.id FROM projects p WHERE p.customer_id IN (
        SELECT c.customer_id FROM old_rows o JOIN new_rows n ON n.id = o.id
        CROSS JOIN LATERAL (VALUES (o.customer_id), (n.customer_id)) AS c(customer_id)
        WHERE o.customer_id IS DISTINCT FROM n.customer_id OR o.is_removed IS DISTINCT FROM n.is_removed)));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "project_read_customers_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    RETURN NULL;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM project_read_touch(ARRAY(
      SELECT p.id FROM projects p WHERE p.customer_id IN (SELECT o.id FROM old_rows o)));
  ELSE
    PERFORM project_read_touch(ARRAY(
      SELECT p.id FROM projects p WHERE p.customer_id IN (SELECT n.id FROM new_rows n)));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Industries are shared by every organization: a project shows its own industry's name and its customer's.
CREATE FUNCTION "project_read_industries_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    RETURN NULL;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM project_read_touch(ARRAY(
      SELECT p.id FROM projects p JOIN customers c ON c.id = p.customer_id
      WHERE p.industry_id IN (SELECT o.id FROM old_rows o) OR c.industry_id IN (SELECT o.id FROM old_rows o)));
  ELSE
    PERFORM project_read_touch(ARRAY(
      SELECT p.id FROM projects p JOIN customers c ON c.id = p.customer_id
      WHERE p.industry_id IN (SELECT n.id FROM new_rows n) OR c.industry_id IN (SELECT n.id FROM new_rows n)));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "project_read_transits_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM project_read_touch(ARRAY(SELECT n.project_id FROM new_rows n));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM project_read_touch(ARRAY(SELECT o.project_id FROM old_rows o));
  ELSE
    PERFORM project_read_touch(ARRAY(
      SELECT n.project_id FROM new_rows n UNION SELECT o.project_id FROM old_rows o));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "project_read_items_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM project_read_touch(ARRAY(
      SELECT t.project_id FROM transits t WHERE t.id IN (SELECT n.transit_id FROM new_rows n)));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM project_read_touch(ARRAY(
      SELECT t.project_id FROM transits t WHERE t.id IN (SELECT o.transit_id FROM old_rows o)));
  ELSE
    PERFORM project_read_touch(ARRAY(
      SELECT t.project_id FROM transits t
      WHERE t.id IN (SELECT n.transit_id FROM new_rows n UNION SELECT o.transit_id FROM old_rows o)));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "projects_read_inserted" AFTER INSERT ON "projects" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION project_read_projects_changed();--> statement-breakpoint
CREATE TRIGGER "projects_read_updated" AFTER UPDATE ON "projects" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION project_read_projects_changed();--> statement-breakpoint
CREATE TRIGGER "projects_read_deleted" AFTER DELETE ON "projects" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION project_read_projects_changed();--> statement-breakpoint
CREATE TRIGGER "customers_read_updated" AFTER UPDATE ON "customers" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION project_read_customers_changed();--> statement-breakpoint
CREATE TRIGGER "customers_read_deleted" AFTER DELETE ON "customers" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION project_read_customers_changed();--> statement-breakpoint
CREATE TRIGGER "industries_read_updated" AFTER UPDATE ON "industries" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION project_read_industries_changed();--> statement-breakpoint
CREATE TRIGGER "industries_read_deleted" AFTER DELETE ON "industries" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION project_read_industries_changed();--> statement-breakpoint
CREATE TRIGGER "transits_read_inserted" AFTER INSERT ON "transits" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION project_read_transits_changed();--> statement-breakpoint
CREATE TRIGGER "transits_read_updated" AFTER UPDATE ON "transits" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION project_read_transits_changed();--> statement-breakpoint
CREATE TRIGGER "transits_read_deleted" AFTER DELETE ON "transits" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION project_read_transits_changed();--> statement-breakpoint
CREATE TRIGGER "items_read_inserted" AFTER INSERT ON "penetrating_items" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION project_read_items_changed();--> statement-breakpoint
CREATE TRIGGER "items_read_updated" AFTER UPDATE ON "penetrating_items" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION project_read_items_changed();--> statement-breakpoint
CREATE TRIGGER "items_read_deleted" AFTER DELETE ON "penetrating_items" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION project_read_items_changed();--> statement-breakpoint
INSERT INTO "project_read_revisions" ("project_id", "revision")
SELECT "id", nextval('project_read_revision_seq') FROM "projects";
