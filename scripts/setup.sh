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

# The compiled build of the rules core (docs/compiled.md) where a C compiler is present,
# rebuilt only when what it is built from changed; pure Python otherwise, said here once.
compiled_build() {
  if [ "${JUDGE_BUILD:-}" = pure ]; then
    bash scripts/compile.sh --clean >/dev/null
    echo "setup: JUDGE_BUILD=pure: the rules core runs as pure Python"
  elif ! command -v cc >/dev/null 2>&1 && ! command -v gcc >/dev/null 2>&1; then
    echo "setup: no C compiler here: the rules core runs as pure Python (docs/compiled.md)"
  elif ! bash scripts/compile.sh --if-changed | sed 's/^compile:/setup: compiled build:/'; then
    echo "setup: the compiled build failed: the rules core runs as pure Python"
  fi
}
compiled_build

# Put `judge` on the PATH, so the README's commands work as written: a link in the first
# directory of the PATH this user may write to (/usr/local/bin as root, ~/.local/bin
# otherwise); else say how.
link_judge() {
  local target dir
  target="$(pwd)/.venv/bin/judge"
  for dir in /usr/local/bin "$HOME/.local/bin"; do
    case ":$PATH:" in *":$dir:"*) ;; *) continue ;; esac
    if [ -w "$dir" ]; then
      if [ "$(readlink "$dir/judge" 2>/dev/null)" != "$target" ]; then
        ln -sfn "$target" "$dir/judge"
        echo "setup: judge is on your PATH ($dir/judge -> $target)"
      fi
      return 0
    fi
  done
  echo "setup: could not put judge on your PATH; run 'source .venv/bin/activate' first (or use .venv/bin/judge)"
}
link_judge
