#!/usr/bin/env bash
# `npm run test:static`: the type check and the lint at once. Each runs on one core, so on two cores together they
# take about as long as the longer one (decision 087). Both always run to the end; it fails when either does.
set -uo pipefail

npm run -s typecheck &
typecheck=$!
npm run -s lint
lint=$?
wait "$typecheck"
types=$?
[ "$types" -eq 0 ] || echo "static checks: the type check failed" >&2
[ "$lint" -eq 0 ] || echo "static checks: the lint failed" >&2
[ "$types" -eq 0 ] && [ "$lint" -eq 0 ]
