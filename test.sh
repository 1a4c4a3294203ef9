#!/usr/bin/env bash
# Run every test (pytest): sets up .venv with the test tools on first use, then runs pytest.
set -euo pipefail
cd "$(dirname "$0")"
SKALD_EXTRAS=test . scripts/ensure-venv.sh
exec .venv/bin/python -m pytest -q "$@"
