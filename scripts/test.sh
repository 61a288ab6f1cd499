#!/usr/bin/env bash
# Run every test on a fresh machine: setup, Debian's Chromium for the browser tests, lint (ruff,
# ESLint), the JavaScript unit tests (node --test) and pytest.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
export NO_MKDOCS_2_WARNING=1
bash scripts/setup.sh

if [ ! -x /usr/bin/chromium ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "test: installing Debian's chromium for the browser tests"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    echo "test: the browser tests need Debian's chromium at /usr/bin/chromium (apt-get install chromium)." >&2
    exit 1
  fi
fi

.venv/bin/ruff check .
.venv/bin/mypy --strict engine/src/patience generator/src/patience_gen hooks
node_modules/.bin/eslint .
node --test tests/js/
.venv/bin/python -m pytest "$@"
