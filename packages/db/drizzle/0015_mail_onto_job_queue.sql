-- ADR 037: mail moves onto the shared job queue. Jobs not yet done are carried over (their kind prefixed
-- 'mail.'), so a mail queued before the upgrade is still sent after it.
INSERT INTO "queue_jobs" ("kind", "payload", "created_at", "run_after", "locked_until", "attempts", "last_error")
SELECT 'mail.' || "kind", "payload", "created_at", "run_after", NULL, "attempts", "last_error"
FROM "mail_jobs" WHERE "done_at" IS NULL;--> statement-breakpoint
DROP TABLE "mail_jobs" CASCADE;
