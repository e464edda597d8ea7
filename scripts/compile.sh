#!/usr/bin/env bash
# Optional: compile the hot modules of the BattleCON rules core with mypyc, for speed.
#
#   bash scripts/compile.sh          # build: a .so beside each listed .py (Python imports it first),
#                                    # and their shared runtime (judge/battlecon__mypyc*.so)
#   bash scripts/compile.sh --clean  # remove every compiled module: back to pure Python
#   bash scripts/compile.sh --if-changed  # build only if the sources, this script, mypy or
#                                    # Python changed since the last build (scripts/setup.sh)
#   bash scripts/compile.sh judge/battlecon/engine.py ...  # only these (to measure one)
#
# The Python source stays the source of truth and must behave the same compiled
# (tests/judge/test_compiled_build.py checks it); mypyc compiles a copy in which each
# dataclass's __init__ is written out (scripts/mypyc_source.py). Nothing built is committed
# (.gitignore). `benchmarks/run.py` reports whether it ran compiled.
# Needs a C compiler and the Python headers; mypyc ships with mypy (the dev extras).
# Which modules: the engine loop, what it asks on every step, the cards, the state, the
# facts and the index of kits (kits.py); why the others stay interpreted: docs/compiled.md.
set -euo pipefail
cd "$(dirname "$0")/.."

MODULES=(
  judge/battlecon/engine.py
  judge/battlecon/hooks.py
  judge/battlecon/stats.py
  judge/battlecon/rules.py
  judge/battlecon/movement.py
  judge/battlecon/ranges.py
  judge/battlecon/special.py
  judge/battlecon/antes.py
  judge/battlecon/actions.py
  judge/battlecon/context.py
  judge/battlecon/names.py
  judge/battlecon/cards.py
  judge/battlecon/state.py
  judge/battlecon/agenda.py
  judge/battlecon/replay.py
  judge/battlecon/duel.py
  judge/battlecon/facts.py
  judge/battlecon/kits.py
  judge/battlecon/rulestamp.py
  judge/battlecon/spending.py
  judge/battlecon/ante_cancel.py
  judge/battlecon/negation.py
  judge/battlecon/moving.py
  judge/battlecon/placing.py
  judge/battlecon/clash_reveal.py
  judge/battlecon/each_beat.py
  judge/battlecon/along.py
  judge/battlecon/decisions.py
  judge/battlecon/speed/cache.py
  judge/battlecon/speed/stored.py
)
# Always built: what the build was built from, which the package checks at import so that a
# build older than its source never runs (judge/battlecon/speed/build.py).
STAMP=judge/battlecon/speed/stamp.py
BUILD=build/mypyc
KEY_FILE=$BUILD/key

# What a build depends on: its sources, how they are compiled, mypy's and Python's versions.
key() {
  { cat "${MODULES[@]}" scripts/mypyc_source.py scripts/compile.sh judge/battlecon/speed/build.py
    .venv/bin/python -c 'import sys, mypy.version; print(sys.version, mypy.version.__version__)'
  } | sha256sum | cut -d' ' -f1
}

built() {
  find judge -name '*.cpython-*.so' ! -name '*__mypyc.*' | wc -l
}

remove_built() {
  find judge -name '*.cpython-*.so' -delete
  rm -f ./*__mypyc.cpython-*.so
}

clean() {
  remove_built
  rm -rf "$BUILD"
}

if [[ "${1:-}" == "--clean" ]]; then
  clean
  echo "compile: removed the compiled modules; the rules core runs as pure Python"
  exit 0
fi

FULL=1
if [[ "${1:-}" == "--if-changed" ]]; then
  if [[ -f $KEY_FILE && "$(cat "$KEY_FILE")" == "$(key)" && "$(built)" -eq $((${#MODULES[@]} + 1)) ]]; then
    echo "compile: the compiled build is up to date ($((${#MODULES[@]} + 1)) modules)"
    exit 0
  fi
  shift
fi
if [[ $# -gt 0 ]]; then
  MODULES=("$@")
  FULL=0
fi
want=$(key)
MODULES+=("$STAMP")
clean
start=$(date +%s.%N)
mkdir -p "$BUILD"
# What mypyc compiles: a copy of judge/ whose listed modules have each dataclass's __init__
# written out (scripts/mypyc_source.py); the .so files built from it go beside the sources.
.venv/bin/python scripts/mypyc_source.py "$BUILD/src" "${MODULES[@]}"
ROOT=$PWD
# mypyc's and the C compiler's chatter goes to $BUILD/log; its end is shown if the build fails.
if ! (cd "$BUILD/src" && "$ROOT/.venv/bin/python" - "$ROOT/$BUILD" "${MODULES[@]}" <<'PY'
import os, sys
from setuptools import setup
from mypyc.build import mypycify

build, modules = sys.argv[1], sys.argv[2:]
jobs = str(os.cpu_count() or 1)
sys.argv = ["compile", "build_ext", "--inplace", "--build-temp", f"{build}/temp",
            "--build-lib", f"{build}/lib", "--parallel", jobs]
setup(name="judge-compiled", script_args=sys.argv[1:],
      ext_modules=mypycify(modules, opt_level="3", target_dir=f"{build}/c",
                           # their shared runtime inside the package (judge/battlecon__mypyc):
                           # an editable install puts only the packages on the path
                           group_name="judge.battlecon"))
PY
) >"$BUILD/log" 2>&1; then
  tail -n 30 "$BUILD/log" >&2
  remove_built
  echo "compile: the build failed (above; all of it in $BUILD/log): the rules core runs as pure Python" >&2
  exit 1
fi
(cd "$BUILD/src" && find judge -name '*.cpython-*.so' -exec cp {} "$ROOT/{}" \;)
end=$(date +%s.%N)
if [[ $FULL == 1 ]]; then
  echo "$want" >"$KEY_FILE"
fi
printf 'compile: %d modules compiled in %.0f s\n' "${#MODULES[@]}" "$(echo "$end - $start" | bc)"
