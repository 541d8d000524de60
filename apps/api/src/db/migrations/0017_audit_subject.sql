-- An audit event names the record it is about as (subject_kind, subject_id), and a second one
-- as (related_kind, related_id) (on `acknowledge`, the allergy warned of), instead of one
-- column per kind of record. Existing rows keep what they named: the append-only trigger is
-- off for this one UPDATE only, and this transaction holds the table's lock throughout, so no
-- other statement sees or changes it meanwhile.
ALTER TABLE "audit_events" ADD COLUMN "subject_kind" text;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "subject_id" uuid;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "related_kind" text;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "related_id" uuid;--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_subject_check" CHECK (("audit_events"."subject_kind" is null) = ("audit_events"."subject_id" is null));--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_related_check" CHECK (("audit_events"."related_kind" is null) = ("audit_events"."related_id" is null));--> statement-breakpoint
ALTER TABLE "audit_events" DISABLE TRIGGER "audit_events_no_change";--> statement-breakpoint
-- The allergy is the subject of an allergy's own events, and the related record of an event
-- that names another record too (`acknowledge`: the prescription saved despite it).
UPDATE "audit_events" SET
  "subject_kind" = CASE
    WHEN "appointment_id" IS NOT NULL THEN 'appointment'
    WHEN "visit_id" IS NOT NULL THEN 'visit'
    WHEN "prescription_id" IS NOT NULL THEN 'prescription'
    WHEN "care_plan_id" IS NOT NULL THEN 'carePlan'
    ELSE 'allergy'
  END,
  "subject_id" = COALESCE("appointment_id", "visit_id", "prescription_id", "care_plan_id", "allergy_id"),
  "related_kind" = CASE
    WHEN "allergy_id" IS NOT NULL
      AND COALESCE("appointment_id", "visit_id", "prescription_id", "care_plan_id") IS NOT NULL
    THEN 'allergy'
  END,
  "related_id" = CASE
    WHEN COALESCE("appointment_id", "visit_id", "prescription_id", "care_plan_id") IS NOT NULL
    THEN "allergy_id"
  END
WHERE num_nonnulls("appointment_id", "visit_id", "allergy_id", "prescription_id", "care_plan_id") > 0;--> statement-breakpoint
ALTER TABLE "audit_events" ENABLE TRIGGER "audit_events_no_change";--> statement-breakpoint
-- No id is dropped unmoved: a row naming more records than the two places hold stops here.
DO $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM "audit_events"
    WHERE num_nonnulls("appointment_id", "visit_id", "allergy_id", "prescription_id", "care_plan_id")
      > num_nonnulls("subject_id", "related_id")
  ) THEN
    RAISE EXCEPTION 'audit_events: a row names more records than subject and related can hold';
  END IF;
END;
$$;--> statement-breakpoint
ALTER TABLE "audit_events" DROP COLUMN "appointment_id";--> statement-breakpoint
ALTER TABLE "audit_events" DROP COLUMN "visit_id";--> statement-breakpoint
ALTER TABLE "audit_events" DROP COLUMN "allergy_id";--> statement-breakpoint
ALTER TABLE "audit_events" DROP COLUMN "prescription_id";--> statement-breakpoint
ALTER TABLE "audit_events" DROP COLUMN "care_plan_id";
