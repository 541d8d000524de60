-- Premier's search. A search is audited with how many results it showed, never what
-- was searched for. Prescriptions get a trigram index on the lower-cased texts the search reads
-- (the same expression as `prescriptionSearchText` in schema/clinical.ts, which the query repeats);
-- patients and visits already have theirs (0001, 0007).
ALTER TABLE "audit_events" ADD COLUMN "result_count" integer;--> statement-breakpoint
CREATE INDEX "prescriptions_search_trgm_idx" ON "prescriptions" USING gin (lower("medication" || ' ' || "strength" || ' ' || "instructions" || ' ' || "stop_reason") gin_trgm_ops);
