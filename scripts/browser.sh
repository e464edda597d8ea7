#!/usr/bin/env bash
# Debian's chromium for the viewer's browser tests (Playwright cannot download its own
# browser here). Idempotent; never fails: without chromium the browser tests say they
# skipped (and fail under CI, where they must run).
set -uo pipefail
if command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ]; then
  exit 0
fi
if [ "$(id -u)" != "0" ] || ! command -v apt-get >/dev/null 2>&1; then
  echo "browser.sh: chromium is missing and cannot be installed here (needs root and apt-get);" \
       "the viewer's browser tests will be skipped" >&2
  exit 0
fi
echo "browser.sh: installing Debian's chromium for the viewer tests..." >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq >/dev/null 2>&1 || true
if ! apt-get install -y -qq --no-install-recommends chromium fonts-dejavu-core >/dev/null 2>&1; then
  echo "browser.sh: apt-get could not install chromium; the browser tests will be skipped" >&2
fi
exit 0
