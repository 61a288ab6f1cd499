#!/usr/bin/env bash
# Prepare a fresh machine: find Python >= 3.12, make .venv/, install both packages (editable)
# with pinned dependencies, install the pinned npm packages, and compile the built-in variants.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

find_python() {
  local candidates=(python3.13 python3.12 python3)
  local dir
  for dir in "${PYENV_ROOT:-$HOME/.pyenv}"/versions/3.1[2-9]*/bin /usr/local/bin /usr/bin; do
    [ -d "$dir" ] || continue
    candidates+=("$dir/python3.13" "$dir/python3.12" "$dir/python3")
  done
  local c
  for c in "${candidates[@]}"; do
    if "$c" -c 'import sys; sys.exit(sys.version_info < (3, 12))' >/dev/null 2>&1; then
      command -v "$c" 2>/dev/null || echo "$c"
      return 0
    fi
  done
  return 1
}

if [ ! -x .venv/bin/python ] || ! .venv/bin/python -c 'import sys; sys.exit(sys.version_info < (3, 12))' 2>/dev/null; then
  if ! py=$(find_python); then
    echo "setup: Patience needs Python 3.12 or newer (python3.13, python3.12 or python3); none was found." >&2
    exit 1
  fi
  echo "setup: creating .venv with $py ($("$py" --version))"
  rm -rf .venv
  "$py" -m venv .venv
fi

# pip warns about every extra index folder this machine's pip.conf names but lacks: hide that line.
pip_install() {
  .venv/bin/python -m pip install --quiet "$@" 2>&1 | { grep -v "^WARNING: Location '" || true; }
}

stamp=.venv/.installed
if [ ! -f "$stamp" ] || [ requirements.lock -nt "$stamp" ] || [ engine/pyproject.toml -nt "$stamp" ] || [ generator/pyproject.toml -nt "$stamp" ]; then
  pip_install --upgrade pip
  pip_install -r requirements.lock
  pip_install --no-deps -e engine -e generator
  touch "$stamp"
fi

if [ -f package-lock.json ]; then
  if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    command -v npm >/dev/null || { echo "setup: npm is needed for the self-hosted Pyodide; install Node.js and npm." >&2; exit 1; }
    npm ci --no-audit --no-fund --silent
  fi
fi

.venv/bin/python -m patience_gen compile rules/
