#!/usr/bin/env bash
# Makes sure Debian's chromium is there for the browser tests (npm run
# test:browser): installs it with apt-get when it is missing. Exits non-zero
# when it cannot (no apt-get, not root, no network): the caller decides what
# that means (.ci/run skips the browser tests and says why).
set -euo pipefail
if command -v chromium >/dev/null 2>&1; then exit 0; fi
if ! command -v apt-get >/dev/null 2>&1; then echo "chromium is missing and there is no apt-get to install it" >&2; exit 1; fi
if [ "$(id -u)" -ne 0 ]; then echo "chromium is missing and installing it needs root (apt-get install chromium)" >&2; exit 1; fi
echo "installing chromium (apt-get install chromium)…" >&2
apt-get update -qq >&2
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium >&2
command -v chromium >/dev/null 2>&1
