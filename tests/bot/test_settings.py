"""The settings read at start: each wrong value named in one sentence."""

from __future__ import annotations

import pytest

from bot.config import SettingsError, load_settings


@pytest.fixture(autouse=True)
def clean(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in (
        "DISCORD_TOKEN",
        "SKALD_DB",
        "SKALD_TEST_GUILD",
        "SKALD_REMINDER_HOURS",
        "DISCORD_FAKE_URL",
        "SKALD_SHARDS",
        "SKALD_DRAWERS",
        "SKALD_DRAWER_MB",
    ):
        monkeypatch.setenv(name, "")  # set but empty: a .env file cannot fill it in


def test_defaults() -> None:
    settings = load_settings()
    assert settings.test_guild is None and settings.reminder_hours == 24 and settings.database == "skald.db"
    assert settings.shards is None and settings.rate_share == 1.0
    assert settings.drawers is None  # one drawing process per core
    assert settings.drawer_mb == 100


@pytest.mark.parametrize("text, expected", [("60", 60), (" 150 ", 150), ("65536", 65536)])
def test_drawer_mb_is_a_ceiling_in_mb(monkeypatch: pytest.MonkeyPatch, text: str, expected: int) -> None:
    monkeypatch.setenv("SKALD_DRAWER_MB", text)
    assert load_settings().drawer_mb == expected


@pytest.mark.parametrize("text", ["59", "0", "-100", "100MB", "1.5", "65537"])
def test_a_wrong_drawer_ceiling_is_named(monkeypatch: pytest.MonkeyPatch, text: str) -> None:
    monkeypatch.setenv("SKALD_DRAWER_MB", text)
    with pytest.raises(SettingsError, match="SKALD_DRAWER_MB must be the memory in MB") as error:
        load_settings()
    assert (
        "\n" not in str(error.value) and repr(text) in str(error.value) and "60 to 65536" in str(error.value)
    )


@pytest.mark.parametrize("text, expected", [("0", 0), ("1", 1), (" 3 ", 3), ("64", 64)])
def test_drawers_is_a_count_from_zero(monkeypatch: pytest.MonkeyPatch, text: str, expected: int) -> None:
    monkeypatch.setenv("SKALD_DRAWERS", text)
    assert load_settings().drawers == expected


@pytest.mark.parametrize("text", ["-1", "two", "1.5", "65"])
def test_a_wrong_drawers_count_is_named(monkeypatch: pytest.MonkeyPatch, text: str) -> None:
    monkeypatch.setenv("SKALD_DRAWERS", text)
    with pytest.raises(SettingsError, match="SKALD_DRAWERS must be a number of drawing processes") as error:
        load_settings()
    assert "\n" not in str(error.value) and repr(text) in str(error.value)


@pytest.mark.parametrize("hours, expected", [("1", 1.0), ("336", 336.0), ("12.5", 12.5), (" 48 ", 48.0)])
def test_reminder_hours_within_bounds(monkeypatch: pytest.MonkeyPatch, hours: str, expected: float) -> None:
    monkeypatch.setenv("SKALD_REMINDER_HOURS", hours)
    assert load_settings().reminder_hours == expected


@pytest.mark.parametrize("hours", ["0", "0.5", "337", "-3", "abc", "nan", "inf", "24h"])
def test_reminder_hours_out_of_bounds(monkeypatch: pytest.MonkeyPatch, hours: str) -> None:
    monkeypatch.setenv("SKALD_REMINDER_HOURS", hours)
    with pytest.raises(SettingsError) as error:
        load_settings()
    message = str(error.value)
    assert "\n" not in message and "SKALD_REMINDER_HOURS" in message and "1 to 336" in message
    assert repr(hours) in message


def test_test_guild_is_a_number(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SKALD_TEST_GUILD", "123456789012345678")
    assert load_settings().test_guild == 123456789012345678
    for typo in ("12345678901234567O", "my server", "-5", "1e5"):
        monkeypatch.setenv("SKALD_TEST_GUILD", typo)
        with pytest.raises(SettingsError, match="SKALD_TEST_GUILD must be a server id") as error:
            load_settings()
        assert "\n" not in str(error.value)


def test_each_wrong_setting_gets_its_own_sentence(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SKALD_TEST_GUILD", "x")
    monkeypatch.setenv("SKALD_REMINDER_HOURS", "0")
    with pytest.raises(SettingsError) as error:
        load_settings()
    lines = str(error.value).splitlines()
    assert (
        len(lines) == 2 and lines[0].startswith("SKALD_TEST_GUILD") and lines[1].startswith("SKALD_REMINDER")
    )


@pytest.mark.parametrize(
    "text, ids, count, share",
    [
        ("0,1/4", (0, 1), 4, 0.5),
        ("3/4", (3,), 4, 0.25),
        (" 2, 0 / 3 ", (0, 2), 3, 2 / 3),
        ("0/1", (0,), 1, 1.0),
    ],
)
def test_shards_name_this_process_share(
    monkeypatch: pytest.MonkeyPatch, text: str, ids: tuple[int, ...], count: int, share: float
) -> None:
    monkeypatch.setenv("SKALD_SHARDS", text)
    settings = load_settings()
    assert settings.shards is not None and settings.shards.ids == ids and settings.shards.count == count
    assert settings.rate_share == pytest.approx(share)


@pytest.mark.parametrize("text", ["4/4", "0,0/2", "0,1", "a/4", "1/0", "0,/2", "-1/2", "1/2/3", "0;1/2"])
def test_malformed_shards_are_named_in_one_sentence(monkeypatch: pytest.MonkeyPatch, text: str) -> None:
    monkeypatch.setenv("SKALD_SHARDS", text)
    with pytest.raises(SettingsError) as error:
        load_settings()
    message = str(error.value)
    assert "\n" not in message and message.startswith("SKALD_SHARDS must") and repr(text) in message
