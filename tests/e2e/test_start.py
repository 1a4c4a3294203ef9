"""Starting ``python -m bot`` with something wrong: one sentence and a non-zero exit,
never a traceback; and no warnings about voice, which Skald does not use."""

from __future__ import annotations

import asyncio
import socket
import subprocess
import sys

from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.process import ROOT, WAIT, bot_env


async def _run(**settings: str) -> tuple[int, str]:
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot",
        cwd=ROOT,
        env=bot_env(**settings),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    out, _ = await asyncio.wait_for(process.communicate(), WAIT)
    assert process.returncode is not None
    return process.returncode, out.decode(errors="replace")


def _said(output: str) -> list[str]:
    """What the bot told the person, without discord.py's INFO log lines."""
    return [line for line in output.splitlines() if line.strip() and " INFO " not in line]


async def test_a_wrong_token_is_one_sentence_and_a_failure(tmp_path: object) -> None:
    async with FakeDiscord(token="the-right-one") as fake:
        code, output = await _run(
            DISCORD_TOKEN="a-wrong-one", DISCORD_FAKE_URL=fake.url, SKALD_DB=f"{tmp_path}/s.db"
        )
    assert code != 0
    assert "Traceback" not in output
    said = _said(output)
    assert len(said) == 1 and "DISCORD_TOKEN" in said[0] and "refused" in said[0], output


async def test_no_network_is_one_sentence_and_a_failure(tmp_path: object) -> None:
    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    code, output = await _run(
        DISCORD_TOKEN="x", DISCORD_FAKE_URL=f"http://127.0.0.1:{port}", SKALD_DB=f"{tmp_path}/s.db"
    )
    assert code != 0
    assert "Traceback" not in output
    said = _said(output)
    assert len(said) == 1 and "Could not reach Discord" in said[0] and "network" in said[0], output


async def test_no_voice_warnings_on_a_good_start(tmp_path: object) -> None:
    async with FakeDiscord() as fake:
        process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "bot",
            cwd=ROOT,
            env=bot_env(
                DISCORD_TOKEN=fake.token,
                DISCORD_FAKE_URL=fake.url,
                SKALD_DB=f"{tmp_path}/s.db",
                SKALD_TEST_GUILD=str(fake.guild_id),
            ),
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
        )
        try:
            await fake.wait_for(lambda: any(s.identified for s in fake.sessions), WAIT, what="a session")
        finally:
            process.terminate()
            out, _ = await asyncio.wait_for(process.communicate(), WAIT)
    output = out.decode(errors="replace")
    assert not fake.refusals, fake.refusals  # the command sync is one Discord takes
    assert "logging in using static token" in output  # the log is there, so this sees it
    assert "voice" not in output.lower() and "PyNaCl" not in output and "davey" not in output


async def test_settings_are_checked_before_connecting() -> None:
    code, output = await _run(
        DISCORD_TOKEN="x", SKALD_REMINDER_HOURS="0", SKALD_TEST_GUILD="my server", SKALD_DB=":memory:"
    )
    assert code != 0 and "Traceback" not in output
    said = _said(output)
    assert len(said) == 2, output
    assert "SKALD_TEST_GUILD" in said[0] and "SKALD_REMINDER_HOURS" in said[1] and "336" in said[1]
    assert "logging in" not in output  # stopped before going near Discord
