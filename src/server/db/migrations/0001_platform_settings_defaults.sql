-- Reference data: the System Settings defaults of spec §9 (admin document).
INSERT INTO "platform_settings" ("key", "value") VALUES
  ('session_timeout_minutes', '60'),
  ('allow_registrations', 'true'),
  ('email_verification', 'true'),
  ('admin_two_factor', 'true'),
  ('maintenance_mode', 'false'),
  ('notify_new_user', 'true'),
  ('notify_new_job', 'true'),
  ('api_access', 'true')
ON CONFLICT ("key") DO NOTHING;
