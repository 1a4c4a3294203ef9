"""A player's settings: reading what they type, quiet hours across midnight and time zones,
and times in words."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from bot.store.rows import Prefs
from bot.table import people
from bot.table.people import SettingsError


def at(text: str, zone: str = "UTC") -> float:
    return datetime.fromisoformat(text).replace(tzinfo=ZoneInfo(zone)).timestamp()


def test_zones_are_read_without_regard_to_case() -> None:
    assert people.parse_zone("europe/oslo") == "Europe/Oslo"
    assert people.parse_zone(" America/New York ") == "America/New_York"
    assert people.parse_zone("utc") == "UTC"
    with pytest.raises(SettingsError, match="not a time zone"):
        people.parse_zone("Midgard/Asgard")
    assert "Europe/Oslo" in people.zone_choices("oslo")
    assert len(people.zone_choices("a")) == 25


@pytest.mark.parametrize(
    ("text", "span"),
    [
        ("22:00-07:00", (1320, 420)),
        ("23-6", (1380, 360)),
        ("0730 to 0900", (450, 540)),
        ("off", (None, None)),
    ],
)
def test_quiet_hours_are_read(text: str, span: tuple[int | None, int | None]) -> None:
    assert people.parse_quiet(text) == span


@pytest.mark.parametrize("text", ["22:00", "25:00-07:00", "10:00-10:00", "late-early"])
def test_unreadable_quiet_hours_get_one_sentence(text: str) -> None:
    with pytest.raises(SettingsError) as caught:
        people.parse_quiet(text)
    message = str(caught.value)
    assert message.endswith(".") and "\n" not in message


def test_quiet_hours_across_midnight_in_the_players_zone() -> None:
    prefs = Prefs("1", zone="Asia/Tokyo", quiet_from=22 * 60, quiet_to=7 * 60)
    # 03:00 in Tokyo is 18:00 UTC the day before: quiet until 07:00 Tokyo (22:00 UTC)
    assert people.quiet_end(prefs, at("2026-11-23T03:00", "Asia/Tokyo")) == at(
        "2026-11-23T07:00", "Asia/Tokyo"
    )
    assert people.quiet_end(prefs, at("2026-11-22T23:30", "Asia/Tokyo")) == at(
        "2026-11-23T07:00", "Asia/Tokyo"
    )
    assert people.quiet_end(prefs, at("2026-11-23T07:00", "Asia/Tokyo")) is None
    assert people.quiet_end(prefs, at("2026-11-23T12:00", "Asia/Tokyo")) is None
    assert people.quiet_end(Prefs("1"), at("2026-11-23T03:00")) is None


def test_quiet_hours_within_one_day_and_over_a_clock_change() -> None:
    prefs = Prefs("1", zone="Europe/Oslo", quiet_from=13 * 60, quiet_to=15 * 60)
    assert people.quiet_end(prefs, at("2026-06-01T14:00", "Europe/Oslo")) == at(
        "2026-06-01T15:00", "Europe/Oslo"
    )
    assert people.quiet_end(prefs, at("2026-06-01T12:59", "Europe/Oslo")) is None
    night = Prefs("1", zone="Europe/Oslo", quiet_from=0, quiet_to=6 * 60)
    # the night clocks go back in Oslo (25 October 2026): still 06:00 local
    end = people.quiet_end(night, at("2026-10-25T01:00", "Europe/Oslo"))
    assert end == at("2026-10-25T06:00", "Europe/Oslo")


def test_away_is_a_date_or_a_length() -> None:
    now = at("2026-11-22T12:00")
    assert people.parse_away("5 days", "UTC", now) == now + 5 * 86400
    assert people.parse_away("2w", "UTC", now) == now + 14 * 86400
    assert people.parse_away("2026-12-03", "Europe/Oslo", now) == at("2026-12-03T00:00", "Europe/Oslo")
    assert people.parse_away("off", "UTC", now) is None
    for bad in ("2026-11-01", "yesterday", "999 days"):
        with pytest.raises(SettingsError):
            people.parse_away(bad, "UTC", now)


def test_since_in_words() -> None:
    now = at("2026-11-26T18:00")  # a Thursday
    assert people.since_words(at("2026-11-26T09:05"), now) == "since 09:05"
    assert people.since_words(at("2026-11-25T20:00"), now) == "since yesterday"
    assert people.since_words(at("2026-11-24T08:00"), now) == "since Tuesday"
    assert people.since_words(at("2026-11-03T08:00"), now) == "since 3 November"
    # the same moment is "yesterday" in Oslo but "today" far to the west
    then, later = at("2026-11-25T22:30"), at("2026-11-25T23:30")  # 23:30 and 00:30 in Oslo
    assert people.since_words(then, later, "Europe/Oslo") == "since yesterday"
    assert people.since_words(then, later, "America/Chicago") == "since 16:30"


def test_durations_in_words() -> None:
    assert people.duration_words(30) == "under a minute"
    assert people.duration_words(12 * 60 + 5) == "12 min"
    assert people.duration_words(3 * 3600 + 5 * 60) == "3 h 05 min"
    assert people.duration_words(2.5 * 86400) == "2.5 days"


def test_settings_are_shown_back_in_one_message() -> None:
    now = at("2026-11-22T12:00")
    prefs = Prefs(
        "1",
        zone="Europe/Oslo",
        quiet_from=1320,
        quiet_to=420,
        notify="both",
        heads_up=True,
        away_until=at("2026-12-03T00:00", "Europe/Oslo"),
    )
    text = people.describe(prefs, now)
    assert "Europe/Oslo (it is 13:00 there now)" in text
    assert "Quiet hours: 22:00-07:00" in text
    assert "a mention in the channel and a direct message" in text
    assert "heads-up: on" in text and "Away: until 3 December" in text
    assert len(text) < 2000
