CREATE TABLE "care_plan_marks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"care_plan_id" uuid NOT NULL,
	"activity_id" uuid NOT NULL,
	"occurs_on" date NOT NULL,
	"mark" text NOT NULL,
	"marked_by" uuid NOT NULL,
	"marked_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "care_plan_marks_mark_check" CHECK ("care_plan_marks"."mark" in ('done', 'skipped'))
);
--> statement-breakpoint
CREATE TABLE "care_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"title" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"goals" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"activities" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "care_plans_status_check" CHECK ("care_plans"."status" in ('active', 'on-hold', 'completed'))
);
--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "care_plan_id" uuid;--> statement-breakpoint
ALTER TABLE "care_plan_marks" ADD CONSTRAINT "care_plan_marks_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_plan_marks" ADD CONSTRAINT "care_plan_marks_care_plan_id_care_plans_id_fk" FOREIGN KEY ("care_plan_id") REFERENCES "public"."care_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_plan_marks" ADD CONSTRAINT "care_plan_marks_marked_by_users_id_fk" FOREIGN KEY ("marked_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_plans" ADD CONSTRAINT "care_plans_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_plans" ADD CONSTRAINT "care_plans_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "care_plan_marks_occurrence_idx" ON "care_plan_marks" USING btree ("care_plan_id","activity_id","occurs_on");--> statement-breakpoint
CREATE INDEX "care_plans_patient_created_idx" ON "care_plans" USING btree ("patient_id","created_at","id");--> statement-breakpoint
CREATE INDEX "care_plans_owner_created_idx" ON "care_plans" USING btree ("owner_id","created_at","id");