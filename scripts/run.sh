#!/usr/bin/env bash
# Runs the service on its embedded default: the API on a SQLite file (battlecon.db), with the
# sample duels loaded. Options and environment variables: see the README.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
exec .venv/bin/judge serve --demo "$@"
