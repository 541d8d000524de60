CREATE TABLE "care_plan_due" (
	"care_plan_id" uuid NOT NULL,
	"activity_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"occurs_on" date NOT NULL,
	"activity_order" smallint NOT NULL,
	CONSTRAINT "care_plan_due_care_plan_id_activity_id_occurs_on_pk" PRIMARY KEY("care_plan_id","activity_id","occurs_on")
);
--> statement-breakpoint
ALTER TABLE "care_plans" ADD COLUMN "due_through" date;--> statement-breakpoint
ALTER TABLE "care_plans" ADD COLUMN "next_due_on" date;--> statement-breakpoint
ALTER TABLE "care_plan_due" ADD CONSTRAINT "care_plan_due_care_plan_id_care_plans_id_fk" FOREIGN KEY ("care_plan_id") REFERENCES "public"."care_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_plan_due" ADD CONSTRAINT "care_plan_due_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_plan_due" ADD CONSTRAINT "care_plan_due_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "care_plan_due_owner_day_idx" ON "care_plan_due" USING btree ("owner_id","occurs_on");--> statement-breakpoint
CREATE INDEX "care_plan_due_patient_day_idx" ON "care_plan_due" USING btree ("owner_id","patient_id","occurs_on","activity_id");