#!/usr/bin/env bash
# Runs the service on its embedded default. Until the HTTP API lands, that is the judge
# replaying the demo duel: the rulebook comic's first beat, then a full recorded duel.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
.venv/bin/judge replay examples/comic-beat-1.json
.venv/bin/judge replay examples/demo-duel.json | tail -n 25
