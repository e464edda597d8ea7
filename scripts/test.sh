#!/usr/bin/env bash
# Runs the whole test suite (and the linter) on a fresh machine.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
.venv/bin/ruff check .
.venv/bin/python -m pytest -n 2 "$@"
