#!/usr/bin/env bash
# `npm run setup`: installs what `npm test` needs beyond npm's packages, from Debian's apt, and only what is missing
# (run it again: it does nothing). .ci/run runs it too.
#   chromium                    the e2e suite's browser (Playwright drives /usr/bin/chromium)
#   default-jre-headless        Java for the Nu HTML checker (vnu-jar, tests/e2e/site-checks)
#   varnish, varnish-modules    the shared-cache tests run the project's VCL with xkey (tests/support/varnish.ts)
#   postgresql                  the database, and the server tools the replica tests run (initdb, pg_basebackup)
#   redis-server                queues, rate limits and page invalidations
# Elsewhere: install the same by hand (or `npx playwright install chromium`); Postgres and Redis may also run in
# Docker (`docker compose up -d postgres redis`), but the replica tests still need Postgres's server tools here.
set -euo pipefail

missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v java >/dev/null 2>&1 || missing+=(default-jre-headless)
for package in varnish varnish-modules redis-server; do
  dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
done
compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null || missing+=(postgresql)

if [ ${#missing[@]} -eq 0 ]; then
  echo "setup: every prerequisite is installed"
  exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "setup: missing ${missing[*]}; this is not Debian: install them with your system's packages" >&2
  exit 1
fi
sudo=()
if [ "$(id -u)" -ne 0 ]; then sudo=(sudo); fi
echo "setup: installing Debian's ${missing[*]}"
"${sudo[@]}" apt-get update -qq
"${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
