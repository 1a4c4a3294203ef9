"""Quiet hours hold exactly on the nights the clocks change, in every zone of the tz
database, for both changes of the next two years: inside the hours, the end given is in
the future, the wall clock there shows the end (or has just jumped out of the hours), every
moment before it is still inside: the first moment the clock leaves the hours."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from functools import cache
from zoneinfo import ZoneInfo, available_timezones

import pytest

from bot.store.rows import Prefs
from bot.table.people import quiet_end

START = datetime(2026, 12, 1, tzinfo=UTC)
DAYS = 2 * 365
SPANS = [
    (22 * 60, 7 * 60),
    (0, 23 * 60 + 59),
    (60 + 30, 2 * 60 + 30),
    (2 * 60, 3 * 60),
    (23 * 60, 60),
    (2 * 60 + 15, 2 * 60 + 45),
]


@cache
def changes(zone: str) -> tuple[float, ...]:
    """The moments the zone's clocks change in the two years (to the hour)."""
    tz = ZoneInfo(zone)
    found = []
    for day in range(DAYS):
        a, b = START + timedelta(days=day), START + timedelta(days=day + 1)
        if a.astimezone(tz).utcoffset() != b.astimezone(tz).utcoffset():
            for hour in range(24):
                h0, h1 = a + timedelta(hours=hour), a + timedelta(hours=hour + 1)
                if h0.astimezone(tz).utcoffset() != h1.astimezone(tz).utcoffset():
                    found.append(h1.timestamp())
                    break
    return tuple(found)


ZONES = sorted(z for z in available_timezones() if changes(z))


def inside(prefs: Prefs, when: float) -> bool:
    local = datetime.fromtimestamp(when, ZoneInfo(prefs.zone))
    minute = local.hour * 60 + local.minute
    start, end = prefs.quiet_from, prefs.quiet_to
    assert start is not None and end is not None
    return start <= minute < end if start < end else minute >= start or minute < end


def test_the_zones_with_clock_changes_are_found() -> None:
    assert "Europe/Oslo" in ZONES and "America/New_York" in ZONES and "Antarctica/Troll" in ZONES
    assert len(changes("Europe/Oslo")) == 4  # two springs, two autumns
    assert "Asia/Tokyo" not in ZONES


@pytest.mark.parametrize("zone", ZONES)
def test_quiet_hours_hold_across_the_clock_changes(zone: str) -> None:
    tz = ZoneInfo(zone)
    for change in changes(zone):
        for start, end in SPANS:
            prefs = Prefs("1", zone=zone, quiet_from=start, quiet_to=end)
            for step in range(-14 * 4, 14 * 4):  # every 15 minutes from 14 h before to 14 h after
                now = change + step * 900 + 7
                ends = quiet_end(prefs, now)
                if not inside(prefs, now):
                    assert ends is None, (zone, start, end, now)
                    continue
                assert ends is not None and ends > now, (zone, start, end, now, ends)
                # a day and the hours at most (the end's wall time may be skipped once: then the
                # next day's; every moment up to it is checked to be quiet just below)
                assert ends - now <= 50 * 3600, (zone, start, end, now, ends)
                assert not inside(prefs, ends), (zone, start, end, now, ends)  # the hours are over then
                shown = datetime.fromtimestamp(ends, tz)
                jumped = tz.utcoffset(shown) != tz.utcoffset(datetime.fromtimestamp(ends - 1, tz))
                assert (shown.hour * 60 + shown.minute == end) or jumped, (zone, start, end, now, shown)
                for probe in range(int(now) + 600, int(ends), 900):  # still quiet until then
                    assert inside(prefs, probe), (zone, start, end, now, ends, probe)
