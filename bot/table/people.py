"""A player's own settings, across all their games: time zone, quiet hours, how to be told,
"you're next" and away. Pure: no Discord, no database; the clock is passed in.

Times are epoch seconds (UTC); a time zone is an IANA name ("Europe/Oslo"). Quiet hours are
two local clock times; a span that crosses midnight (22:00-07:00) is the usual case.
"""

from __future__ import annotations

import re
from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from bot.store.rows import Prefs
from bot.table.turns import clip

NOTIFY_MODES = ("mention", "dm", "both")
NOTIFY_WORDS = {
    "mention": "a mention in the channel",
    "dm": "a direct message",
    "both": "a mention in the channel and a direct message",
}
_CLOCK = re.compile(r"^\s*(\d{1,2})(?::?(\d{2}))?\s*$")


MAX_ZONE = 64  # the longest IANA zone name is 32 characters


class SettingsError(ValueError):
    """A setting given in a form we can't read; the message is one sentence for the player."""


# --- reading what a player types -------------------------------------------------------


def parse_zone(text: str) -> str:
    """An IANA zone name, matched without regard to case ("europe/oslo" -> "Europe/Oslo")."""
    name = text.strip().replace(" ", "_")
    if name.upper() in ("UTC", "GMT", "Z"):
        return "UTC"
    if len(name) > MAX_ZONE or not name.isprintable():
        raise SettingsError(f"'{clip(text, 40)}' is not a time zone I know: use a name like Europe/Oslo.")
    try:
        ZoneInfo(name)
        return name
    except (ZoneInfoNotFoundError, ValueError, OSError):  # OSError: a name the file system refuses
        pass
    lowered = {zone.lower(): zone for zone in available_timezones()}
    if name.lower() in lowered:
        return lowered[name.lower()]
    raise SettingsError(f"'{clip(text, 40)}' is not a time zone I know: use a name like Europe/Oslo.")


def zone_choices(typed: str, limit: int = 25) -> list[str]:
    """Zone names containing what was typed, for autocomplete (Discord shows at most 25)."""
    needle = typed.strip().lower().replace(" ", "_")
    names = sorted(z for z in available_timezones() if needle in z.lower() and not z.startswith("Etc/"))
    return names[:limit]


def parse_clock(text: str) -> int:
    """'22:00', '7', '0730' -> minutes after midnight."""
    match = _CLOCK.match(text)
    if match is None:
        raise SettingsError(f"'{clip(text, 20)}' is not a time of day: write it like 22:00.")
    hours, minutes = int(match[1]), int(match[2] or 0)
    if hours > 23 or minutes > 59:
        raise SettingsError(f"'{clip(text, 20)}' is not a time of day: hours 0-23, minutes 0-59.")
    return hours * 60 + minutes


def parse_quiet(text: str) -> tuple[int | None, int | None]:
    """'22:00-07:00' -> (1320, 420); 'off' or '' -> no quiet hours."""
    if text.strip().lower() in ("", "off", "none", "no"):
        return None, None
    parts = re.split(r"\s*(?:-|–|to)\s*", text.strip())
    if len(parts) != 2:
        raise SettingsError("Write quiet hours as two times, like 22:00-07:00, or 'off'.")
    start, end = parse_clock(parts[0]), parse_clock(parts[1])
    if start == end:
        raise SettingsError("Quiet hours must start and end at different times.")
    return start, end


def parse_away(text: str, zone: str, now: float) -> float | None:
    """'2026-12-03' or '3 days' -> the end of the absence (epoch); 'off' -> None."""
    words = text.strip().lower()
    if words in ("", "off", "back", "no"):
        return None
    match = re.fullmatch(r"(\d{1,3})\s*(d|days?|w|weeks?)", words)
    if match:
        days = int(match[1]) * (7 if match[2].startswith("w") else 1)
        if not 1 <= days <= 365:
            raise SettingsError("An absence lasts from 1 day to a year.")
        return now + days * 86400
    try:
        day = date.fromisoformat(words)
    except ValueError:
        raise SettingsError("Write the day you are back as 2026-12-03, or a length like '5 days'.") from None
    until = datetime.combine(day, time(0), ZoneInfo(zone)).timestamp()
    if until <= now:
        raise SettingsError("That day has already begun: give a day in the future.")
    if until - now > 366 * 86400:
        raise SettingsError("An absence lasts at most a year.")
    return until


# --- quiet hours ----------------------------------------------------------------------


def quiet_end(prefs: Prefs, now: float) -> float | None:
    """When the quiet hours around ``now`` end (epoch), or None when ``now`` is not in them.

    The hours are read on the player's wall clock: they end at the first moment after
    ``now`` when that clock no longer shows a time inside them. Usually that is when it
    shows their end; on the nights the clocks change it may be the moment they jump (past
    the end, or back before the start), and a time in a repeated hour is read in both
    passes.
    """
    if not prefs.has_quiet:
        return None
    assert prefs.quiet_from is not None and prefs.quiet_to is not None
    tz = prefs.tz()
    start, end = prefs.quiet_from, prefs.quiet_to
    if not _inside(tz, now, start, end):
        return None
    local = datetime.fromtimestamp(now, tz)
    wall = time(end // 60, end % 60)
    shown_end = None
    for days in range(3):  # the next time the wall clock shows the end (it may skip it once)
        day = local.date() + timedelta(days=days)
        for fold in (0, 1):
            moment = datetime.combine(day, wall, tz).replace(fold=fold).timestamp()
            shown = datetime.fromtimestamp(moment, tz)
            if moment > now and (shown.hour, shown.minute) == (wall.hour, wall.minute):
                shown_end = moment if shown_end is None else min(shown_end, moment)
        if shown_end is not None:
            break
    assert shown_end is not None  # a wall time recurs every day
    if datetime.fromtimestamp(now, tz).utcoffset() != datetime.fromtimestamp(shown_end, tz).utcoffset():
        jump = _jump(tz, now, shown_end)
        if not _inside(tz, jump, start, end):
            return jump
    return shown_end


def _inside(tz: ZoneInfo, when: float, start: int, end: int) -> bool:
    local = datetime.fromtimestamp(when, tz)
    minute = local.hour * 60 + local.minute
    return start <= minute < end if start < end else minute >= start or minute < end


def _jump(tz: ZoneInfo, before: float, after: float) -> float:
    """The moment between two instants when the zone's clocks jump (to the second)."""
    offset = datetime.fromtimestamp(before, tz).utcoffset()
    low, high = before, after
    while high - low > 1:
        middle = (low + high) / 2
        if datetime.fromtimestamp(middle, tz).utcoffset() == offset:
            low = middle
        else:
            high = middle
    return float(int(high))


# --- words for times -------------------------------------------------------------------


def local_time(when: float, zone: str) -> datetime:
    return datetime.fromtimestamp(when, ZoneInfo(zone))


def since_words(then: float, now: float, zone: str = "UTC") -> str:
    """'since 14:05', 'since yesterday', 'since Tuesday', 'since 3 November', as a reader says it."""
    start, today = local_time(then, zone), local_time(now, zone).date()
    days = (today - start.date()).days
    if days <= 0:
        return f"since {start:%H:%M}"
    if days == 1:
        return "since yesterday"
    if days < 7:
        return f"since {start:%A}"
    return f"since {start.day} {start:%B}"


def day_words(when: float, zone: str, now: float) -> str:
    """'3 December' (or '3 December 2027' when not this year), in the zone's calendar."""
    moment = local_time(when, zone)
    year = "" if moment.year == local_time(now, zone).year else f" {moment.year}"
    return f"{moment.day} {moment:%B}{year}"


def duration_words(seconds: float) -> str:
    """'under a minute', '12 min', '3 h 05 min', '2.5 days'."""
    if seconds < 60:
        return "under a minute"
    minutes = int(seconds // 60)
    if minutes < 60:
        return f"{minutes} min"
    hours, rest = divmod(minutes, 60)
    if hours < 48:
        return f"{hours} h {rest:02d} min"
    return f"{seconds / 86400:.1f} days"


def clock_words(minute: int) -> str:
    return f"{minute // 60:02d}:{minute % 60:02d}"


def describe(prefs: Prefs, now: float) -> str:
    """The player's settings shown back in one message."""
    quiet = (
        f"{clock_words(prefs.quiet_from)}-{clock_words(prefs.quiet_to)}"
        if prefs.has_quiet and prefs.quiet_from is not None and prefs.quiet_to is not None
        else "none"
    )
    away = (
        f"until {day_words(prefs.away_until, prefs.zone, now)}"
        if prefs.away(now) and prefs.away_until
        else "no"
    )
    lines = [
        "**Your Skald settings** (for all your games)",
        f"- Time zone: {prefs.zone} (it is {local_time(now, prefs.zone):%H:%M} there now)",
        f"- Quiet hours: {quiet}",
        f"- Told of your turn by: {NOTIFY_WORDS[prefs.notify]}",
        f'- "You\'re next" heads-up: {"on" if prefs.heads_up else "off"}',
        f"- Away: {away}",
    ]
    return "\n".join(lines)
