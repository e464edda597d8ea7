#!/usr/bin/env bash
# Idempotent set-up on a fresh machine: a virtual environment with the project and its
# test tools. Safe to run again; it only installs what changed.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  "$PY" -m venv .venv
fi
.venv/bin/python -m pip install -q --disable-pip-version-check -e '.[dev]'
