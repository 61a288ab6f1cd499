#!/usr/bin/env bash
# Build the site and serve it on 127.0.0.1, rebuilding when rules, templates or catalogs change.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
export NO_MKDOCS_2_WARNING=1
bash scripts/setup.sh
exec .venv/bin/mkdocs serve --dev-addr "127.0.0.1:${PORT:-8000}" "$@"
