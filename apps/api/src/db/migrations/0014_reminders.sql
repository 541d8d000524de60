CREATE TABLE "reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"source" text NOT NULL,
	"source_id" uuid NOT NULL,
	"event_at" timestamp (3) with time zone NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp (3) with time zone,
	"email_pending" boolean DEFAULT false NOT NULL,
	"email_sent_at" timestamp (3) with time zone,
	CONSTRAINT "reminders_source_event_key" UNIQUE("source","source_id","event_at"),
	CONSTRAINT "reminders_source_check" CHECK ("reminders"."source" in ('appointment', 'care-plan-activity'))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "reminder_hours" integer DEFAULT 24;--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reminders_owner_created_idx" ON "reminders" USING btree ("owner_id","created_at","id");--> statement-breakpoint
CREATE INDEX "reminders_email_pending_idx" ON "reminders" USING btree ("created_at") WHERE "reminders"."email_pending";--> statement-breakpoint
CREATE INDEX "appointments_booked_start_idx" ON "appointments" USING btree ("starts_at") WHERE "appointments"."status" = 'booked';