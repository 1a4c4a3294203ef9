#!/usr/bin/env bash
# Run every test (pytest): sets up .venv on first use (the same install as run.sh), then runs pytest.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
. "$root/scripts/ensure-venv.sh"
cd "$root"
exec "$root/.venv/bin/python" -m pytest -q "$@"
