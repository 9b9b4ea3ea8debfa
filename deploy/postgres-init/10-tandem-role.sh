#!/bin/sh
# Run once by the postgres image on an empty data volume (/docker-entrypoint-initdb.d), as the superuser:
# the instances' role tandem, which owns the database tandem and is no superuser, the extensions the
# migrations create (pg_trgm is trusted, so tandem could create it too; here it exists before the first start),
# and no password left on the superuser, which then signs in over the local socket only.
# Sourced (not run) when not executable: no `exit`, and errors stop the image's entrypoint either way.
psql --no-psqlrc -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname postgres \
  --set password="$POSTGRES_PASSWORD" --set superuser="$POSTGRES_USER" <<'SQL'
CREATE ROLE tandem LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE PASSWORD :'password';
CREATE DATABASE tandem OWNER tandem;
\connect tandem
CREATE EXTENSION IF NOT EXISTS pg_trgm;
ALTER ROLE :"superuser" PASSWORD NULL;
SQL
