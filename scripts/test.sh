#!/usr/bin/env bash
# `npm test`: everything that can run here, in the order a failure is cheapest to find.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n\033[1m== %s\033[0m\n' "$1"; }

step 'Type check'
npm run --silent typecheck

step 'Lint and format'
npm run --silent lint

step 'Schema matches the migrations'
npm run --silent check:schema

step 'The previous release runs on this schema'
npm run --silent release:check

# The configuration checks of deploy/ run the real tools (CI installs them: .ci/run).
missing_tools=''
for tool in nginx promtool docker-compose turnserver; do command -v "$tool" >/dev/null 2>&1 || missing_tools="$missing_tools $tool"; done
if [ -n "$missing_tools" ]; then
  echo "Missing:$missing_tools. The checks of deploy/ need them: apt-get install --no-install-recommends nginx prometheus docker-compose coturn" >&2
  exit 1
fi

# One run: the database files on PGlite and, with DATABASE_URL, again on PostgreSQL; the rest once.
step "Unit and API tests (PGlite${DATABASE_URL:+ and PostgreSQL})"
npx vitest run

step 'Build'
npm run --silent build

chromium=${CHROMIUM_PATH:-$(command -v chromium-headless-shell || command -v chromium || command -v chromium-browser || true)}
if [ -z "$chromium" ]; then
  if [ -n "${CI:-}" ]; then
    echo 'Chromium is missing: CI needs it for the browser tests (apt-get install chromium-headless-shell).' >&2
    exit 1
  fi
  echo 'Chromium is not installed, so the browser tests cannot run here: apt-get install chromium-headless-shell (or chromium).' >&2
  exit 1
fi

step 'Browser tests (Playwright, Chromium)'
npx playwright test

# Not a failure: a warning that would become one on a machine three times slower (docs/testing.md).
step 'Tests above a third of their timeout'
node --import tsx scripts/test-durations.ts || echo 'Make these faster before CI meets a slower machine: docs/testing.md says how.'
