CREATE TYPE "public"."sso_protocol" AS ENUM('saml', 'oidc');--> statement-breakpoint
CREATE TABLE "company_identity_settings" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"domain" text,
	"domain_verified_at" timestamp with time zone,
	"domain_confirmation_email" text,
	"domain_confirmation_token_hash" text,
	"domain_confirmation_expires_at" timestamp with time zone,
	"sso_protocol" "sso_protocol",
	"saml_entry_point" text,
	"saml_idp_issuer" text,
	"saml_certificate" text,
	"oidc_issuer" text,
	"oidc_client_id" text,
	"oidc_client_secret_sealed" text,
	"require_sso" boolean DEFAULT false NOT NULL,
	"jit_provisioning" boolean DEFAULT true NOT NULL,
	"default_role" "company_member_role" DEFAULT 'viewer' NOT NULL,
	"scim_token_hash" text,
	"scim_token_prefix" text,
	"scim_token_created_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scim_users" (
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"external_id" text,
	"active" boolean DEFAULT true NOT NULL,
	"role" "company_member_role" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scim_users_company_id_user_id_pk" PRIMARY KEY("company_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "company_identity_settings" ADD CONSTRAINT "company_identity_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scim_users" ADD CONSTRAINT "scim_users_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scim_users" ADD CONSTRAINT "scim_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "company_identity_verified_domain_idx" ON "company_identity_settings" USING btree ("domain") WHERE "company_identity_settings"."domain_verified_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "company_identity_scim_token_idx" ON "company_identity_settings" USING btree ("scim_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "scim_users_external_id_idx" ON "scim_users" USING btree ("company_id","external_id");--> statement-breakpoint
CREATE INDEX "scim_users_user_idx" ON "scim_users" USING btree ("user_id");