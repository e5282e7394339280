#!/usr/bin/env bash
# Runs `npm test` once for each day given (YYYY-MM-DD), with every process's clock starting at
# noon UTC of that day (libfaketime, Debian's `faketime` package), so that a test which depends on
# the day it runs fails here rather than on the day it happens to be (decision 034).
#   scripts/test-on-days.sh 2026-11-28 2026-11-30 2026-12-31
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v faketime >/dev/null 2>&1; then
  echo "faketime is missing: apt-get install faketime" >&2
  exit 2
fi
if [ $# -eq 0 ]; then
  echo "usage: scripts/test-on-days.sh YYYY-MM-DD..." >&2
  exit 2
fi
for day in "$@"; do
  echo "== npm test on $day ($(date -u -d "$day" +%A))"
  TZ=UTC faketime "$day 12:00:00" npm test
done
