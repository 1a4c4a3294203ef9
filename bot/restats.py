"""``./run.sh restats``: make the record (results and ratings, docs/ratings.md) again from
every stored finished game, in the order they finished. ``--db`` names the database
(default: ``SKALD_DB`` from the environment or ``.env``, else ``skald.db``)."""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import time

from dotenv import load_dotenv

from bot.store.storage import Storage
from bot.table import record


async def _restats(target: str) -> int:
    storage = await Storage.open(target)
    try:
        started = time.perf_counter()
        made = await record.recompute(storage, time.time)
        print(f"Recorded {made} finished games again in {time.perf_counter() - started:.1f} s.")
    finally:
        await storage.close()
    return 0


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="run.sh restats", description=__doc__)
    parser.add_argument("--db", help="the SQLite file or postgresql:// URL (default: SKALD_DB or skald.db)")
    args = parser.parse_args(argv)
    load_dotenv()
    target = args.db or os.environ.get("SKALD_DB", "").strip() or "skald.db"
    if (
        not target.startswith(("postgresql://", "postgres://"))
        and target != ":memory:"
        and not os.path.exists(target)
    ):
        print(f"There is no database at {target}: give its path with --db.", file=sys.stderr)
        return 1
    return asyncio.run(_restats(target))
