#!/usr/bin/env bash
# Run Skald: sets up .venv on first use (or when pyproject.toml changes), then starts it.
# ./run.sh                 the Discord bot (needs DISCORD_TOKEN in .env), run from the project folder
# ./run.sh local           the offline sandbox in this terminal
# ./run.sh replay FILE     replay an exported game
# ./run.sh restats         make the ratings and stats again from the stored games (docs/ratings.md)
# Relative paths in the arguments are read from the folder you call it from.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
. "$root/scripts/ensure-venv.sh"
if [ $# -eq 0 ] || [ "$*" = restats ]; then
    cd "$root"  # the bot keeps skald.db and reads .env beside the project
fi
exec "$root/.venv/bin/python" -m bot "$@"
