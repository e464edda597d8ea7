#!/usr/bin/env bash
# Runs the whole test suite (and the linter) on a fresh machine.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/postgres.sh  # a PostgreSQL server for the store tests (installed if missing)
bash scripts/browser.sh   # Debian's chromium for the viewer's browser tests (installed if missing)
.venv/bin/ruff check .
.venv/bin/lint-imports  # the layering contract in pyproject.toml
.venv/bin/mypy  # the rules core (judge/), the store (events/) and the API (api/) type-check clean
.venv/bin/python -m pytest -n 2 "$@"
