#!/usr/bin/env bash
# Run Skald: sets up .venv on first use (or when pyproject.toml changes), then starts the bot.
# ./run.sh          the Discord bot (needs DISCORD_TOKEN in .env)
# ./run.sh local    the offline sandbox in this terminal
set -euo pipefail
cd "$(dirname "$0")"
. scripts/ensure-venv.sh
exec .venv/bin/python -m bot "$@"
