"""Every value in every game's data files changes play: none sits there doing nothing.

A group that owns a physical copy edits ``games/<id>/*.json`` to match it (see
``docs/design.md``); a value the rules never read would change nothing, silently. So for
each game in ``games.names()`` this test changes each value in a copy of the data, imports
the game's package afresh from that copy (answering its reads of the JSON files; the real
modules are put back afterwards) and checks that the game reacts.

The games it looks at are recorded once per game with the unchanged data: whole seeded
games at every player count with the default options, played by the sensible bots (they
reach scoring and victory) and, at the fewest and most players, by random ones (they try odd
corners); a whole game for every other option choice; and setups alone of every option
choice at every player count, several deals each. The changed copy is then asked about the
recorded states: its setup must deal the same state, and at each step it must show the same
(who acts, the legal actions and their labels, the public view and the acting seat's, the
breakdown, the outcome) and move on to the same next state. The value counts as read at the
first difference. The whole games' setups and first steps are looked at first, then their
last moves (final scoring), then the setups alone, then the other steps in a seeded shuffled
order, so most values are found in a few looks. A copy that makes the import, setup or a
move fail, or loop (three times the unchanged games' processor time), counts as read too:
only code that reads a value can trip on it. Takes about 25 seconds of processor time.

What is changed:

- a value outside a table (a rule parameter such as ``raid``, one number of a list) alone:
  a number to ``1``, then ``0``, ``n + 1`` and ``n - 1`` until one shows, a flag flipped, a
  text to another text, an empty entry to a value;
- a table is a list of at least two objects (cards, tiles, areas); each of its fields
  (``vikings/*/color``, ``destinations/*/cost/green``) is changed in every entry at once:
  the values are rotated among the entries (each takes the next one's), or, when they are
  all equal, each is changed as above. Cards differ by their values, so a field the rules
  never read is caught whichever cards a game deals.

Keys and values that document the data for the people editing it are listed in
``DOCUMENTATION`` and ``DOCUMENTATION_VALUES`` with the reason, and are not changed.
``PENDING`` lists values found unread whose fixes belong to other branches: they are marked
as expected failures and not run (a full look costs seconds each); empty it as the fixes
land, and they are checked like every other value.
"""

from __future__ import annotations

import contextlib
import importlib
import importlib.abc
import importlib.machinery
import json
import random
import signal
import sys
import time
import traceback
from collections.abc import Callable, Iterator
from functools import cache, lru_cache
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import CodeType, FrameType, ModuleType
from typing import Any
from unittest import mock

import msgspec
import pytest

import games
from games.core import Rng

GAMES_DIR = Path(games.__file__).parent
MAX_STEPS = 400  # moves of a whole game at most: enough for most rules to come up
DEALS = 12  # setups alone of each option choice and player count (deals differ by seed)
TIME_LIMIT = 1.0  # seconds for one changed copy, on top of 3 times the unchanged games

# Keys that document the data and are never read by design. Each is a note for the people
# who edit the file, not a rule.
DOCUMENTATION = {
    "_designed": "a file-level note on which entries are our design",
    "_note": "a file-level note on which entries are our design",
    "note": "a note explaining a group of values",
    "designed": "marks our design where the rulebook is silent (docs/design.md asks for it)",
    "names_designed": "marks the leader names as designed",
    "printed": "says which tile halves are printed in the rulebook",
    "tuned": "records the balance measurement behind a tuned value",
}

# Single values that are documentation (game, "file:path"), with the reason.
DOCUMENTATION_VALUES = {
    # The artifact's effect in words for readers of cards.json; the rules are code, the
    # boards draw their own wording (render/knarr/style.py).
    ("knarr", "cards.json:artifacts/*/text"): "rules summary for readers of the file",
}

# Values found unread whose fixes belong to other branches of issue #30 (Reavers, Pax).
# Expected failures, not run; empty this list as the fixes land.
PENDING: set[tuple[str, str]] = set()

Json = Any
State = dict[str, Any]
Config = tuple[int, dict[str, str], str, int]  # players, options, bot level, most moves


# --- mutation points -----------------------------------------------------------------------


def _is_table(value: Json) -> bool:
    return isinstance(value, list) and len(value) >= 2 and all(isinstance(e, dict) for e in value)


def _columns(entry: dict[str, Json], prefix: tuple[str, ...] = ()) -> Iterator[tuple[str, ...]]:
    """The field paths of one table entry, through nested objects."""
    for key, value in entry.items():
        if isinstance(value, dict) and value:
            yield from _columns(value, (*prefix, key))
        else:
            yield (*prefix, key)


def _get(value: Json, path: tuple[str | int, ...]) -> Json:
    for key in path:
        value = value[key]
    return value


def _has(entry: Json, path: tuple[str, ...]) -> bool:
    for key in path:
        if not isinstance(entry, dict) or key not in entry:
            return False
        entry = entry[key]
    return True


def _set(value: Json, path: tuple[str | int, ...], new: Json) -> None:
    for key in path[:-1]:
        value = value[key]
    value[path[-1]] = new


def _changed(value: Json, siblings: list[Json]) -> list[Json]:
    """Other values for one value, most telling first (a made-up text trips any code that
    looks it up)."""
    if isinstance(value, bool):
        return [not value]
    if isinstance(value, int):
        # 1 and 0 make a limit bite at once, and jump far along a list whose neighbouring
        # entries are equal (a position in a bonus row).
        return [n for n in dict.fromkeys([1, 0, value + 1, value - 1]) if n != value]
    if isinstance(value, float):
        return [value + 1.0]
    if isinstance(value, str):
        others = [s for s in siblings if isinstance(s, str) and s != value]
        return [value + "_changed", *others[:1]]
    if value is None:
        others = [s for s in siblings if s is not None]
        return [*others[:1], 1, "changed"]
    if isinstance(value, list) and value:
        return [value[::-1], value[:-1]] if value[::-1] != value else [value[:-1]]
    return []


def _documentation(path: tuple[str | int, ...]) -> bool:
    return any(isinstance(key, str) and key in DOCUMENTATION for key in path)


class Point:
    """One value (or one field of a table) and the ways to change it in a copy."""

    def __init__(self, file: str, name: str, edits: list[Callable[[Json], None]]) -> None:
        self.file = file
        self.name = name
        self.edits = edits


def _points(file: str, data: Json) -> Iterator[Point]:
    def walk(value: Json, path: tuple[str | int, ...], siblings: list[Json]) -> Iterator[Point]:
        if _documentation(path):
            return
        if isinstance(value, dict):
            for key, item in value.items():
                yield from walk(item, (*path, key), [])
        elif _is_table(value):
            yield from _table_points(value, path)
        elif isinstance(value, list):
            for index, item in enumerate(value):
                yield from walk(item, (*path, index), value)
        else:
            yield Point(file, _name(file, path), [_replace(path, new) for new in _changed(value, siblings)])

    def _table_points(table: list[dict[str, Json]], path: tuple[str | int, ...]) -> Iterator[Point]:
        seen: list[tuple[str, ...]] = []
        for entry in table:
            seen += [c for c in _columns(entry) if c not in seen]
        for column in seen:
            if _documentation(column):
                continue
            rows = [i for i, entry in enumerate(table) if _has(entry, column)]
            values = [_get(table[i], column) for i in rows]
            edits = []
            if any(v != values[0] for v in values):
                edits.append(_rotate(path, rows, column))
            else:
                for n in range(len(_changed(values[0], []))):
                    edits.append(_each(path, rows, column, n))
            if edits:
                yield Point(file, _name(file, (*path, "*", *column)), edits)

    yield from walk(data, (), [])


def _name(file: str, path: tuple[str | int, ...]) -> str:
    return f"{file}:" + "/".join(str(key) for key in path)


def _replace(path: tuple[str | int, ...], new: Json) -> Callable[[Json], None]:
    return lambda data: _set(data, path, new)


def _rotate(path: tuple[str | int, ...], rows: list[int], column: tuple[str, ...]) -> Callable[[Json], None]:
    def edit(data: Json) -> None:
        table = _get(data, path)
        values = [_get(table[i], column) for i in rows]
        for i, value in zip(rows, values[1:] + values[:1], strict=True):
            _set(table[i], column, value)

    return edit


def _each(
    path: tuple[str | int, ...], rows: list[int], column: tuple[str, ...], n: int
) -> Callable[[Json], None]:
    def edit(data: Json) -> None:
        table = _get(data, path)
        for i in rows:
            _set(table[i], column, _changed(_get(table[i], column), [])[n])

    return edit


def _all_points() -> list[tuple[str, Point]]:
    found = []
    for game_id in games.names():
        for file, data in _data_files(game_id).items():
            found += [(game_id, point) for point in _points(file, data)]
    return found


# --- the game imported from a changed copy ------------------------------------------------


_CODE: dict[str, CodeType] = {}


class _CompiledOnce(importlib.machinery.SourceFileLoader):
    """Loads a module from code compiled once per test run: a fresh import of a game is
    then mostly the running of its modules (compiling them took most of the time)."""

    def get_code(self, fullname: str) -> CodeType:
        if self.path not in _CODE:
            code = super().get_code(fullname)
            assert code is not None
            _CODE[self.path] = code
        return _CODE[self.path]


class _Finder(importlib.abc.MetaPathFinder):
    def __init__(self, package: str) -> None:
        self.package = package

    def find_spec(self, fullname: str, path: Any, target: Any = None) -> ModuleSpec | None:
        if fullname != self.package and not fullname.startswith(self.package + "."):
            return None
        spec = importlib.machinery.PathFinder.find_spec(fullname, path)
        if spec is not None and spec.origin and spec.origin.endswith(".py"):
            spec.loader = _CompiledOnce(fullname, spec.origin)
        return spec


@contextlib.contextmanager
def _imported(game_id: str, data: dict[str, Json]) -> Iterator[ModuleType]:
    """The game's package imported afresh, every read of its JSON files answered from
    ``data``; the real modules are back in place afterwards."""
    name = f"games.{game_id}"
    answers = {_texts(game_id)[f]: json.dumps(v) for f, v in data.items()}
    real_loads = json.loads

    def loads(text: Any, *args: Any, **kwargs: Any) -> Any:
        if isinstance(text, str) and text in answers:
            text = answers[text]
        return real_loads(text, *args, **kwargs)

    ours = [k for k in sys.modules if k == name or k.startswith(name + ".")]
    saved = {k: sys.modules.pop(k) for k in ours}
    finder = _Finder(name)
    sys.meta_path.insert(0, finder)
    try:
        with mock.patch.object(json, "loads", loads):  # json.load reads through json.loads too
            module = importlib.import_module(name)
            for source in sorted((GAMES_DIR / game_id).glob("*.py")):
                importlib.import_module(f"{name}.{source.stem}")
            yield module
    finally:
        sys.meta_path.remove(finder)
        for k in [k for k in sys.modules if k == name or k.startswith(name + ".")]:
            del sys.modules[k]
        sys.modules.update(saved)
        if name in saved:
            setattr(games, game_id, saved[name])


class _Hang(BaseException):
    """A changed copy ran too long (a BaseException: the game's own ``except Exception``
    must not swallow it)."""


@contextlib.contextmanager
def _time_limit(seconds: float) -> Iterator[None]:
    """Raise ``_Hang`` after ``seconds`` of this process's own processor time (other
    processes on a busy machine do not count, unlike the clock)."""

    def alarm(signum: int, frame: FrameType | None) -> None:
        raise _Hang

    old = signal.signal(signal.SIGVTALRM, alarm)
    signal.setitimer(signal.ITIMER_VIRTUAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_VIRTUAL, 0)
        signal.signal(signal.SIGVTALRM, old)


# --- seeded games and what they show ---------------------------------------------------------


@cache
def _texts(game_id: str) -> dict[str, str]:
    return {p.name: p.read_text("utf-8") for p in sorted((GAMES_DIR / game_id).glob("*.json"))}


def _data_files(game_id: str) -> dict[str, Json]:
    """A fresh copy of the game's data, file name -> parsed JSON."""
    return {name: json.loads(text) for name, text in _texts(game_id).items()}


def _configs(module: ModuleType) -> list[Config]:
    """Whole games: every player count with the default options played by sensible bots
    (they reach the scoring and victory rules), the fewest and the most players by random
    ones too (they try the odd corners), and every other option choice at the first player
    count that accepts it. Then setups alone (no move): every option choice at every player
    count, several deals each, for the values that one choice at one player count deals to
    one seat (a starting amount per difficulty, seat and leader)."""
    counts = list(range(module.min_players, module.max_players + 1))
    games: list[Config] = [(n, {}, "sensible", MAX_STEPS) for n in counts]
    games += [(n, {}, "random", MAX_STEPS) for n in sorted({counts[0], counts[-1]})]
    setups: list[Config] = [(n, {}, "", 0) for n in counts for _ in range(DEALS)]
    for option in getattr(module, "OPTIONS", []):
        for choice in option["choices"]:
            if choice == option["default"]:
                continue
            accepted = [n for n in counts if _accepts(module, n, {option["name"]: choice})]
            games += [(n, {option["name"]: choice}, "sensible", MAX_STEPS) for n in accepted[:1]]
            setups += [(n, {option["name"]: choice}, "", 0) for n in accepted for _ in range(DEALS)]
    return games + setups


def _accepts(module: ModuleType, players: int, options: dict[str, str]) -> bool:
    try:
        module.setup(1, players, options)
    except ValueError:
        return False
    return True


@cache
def _real_bot(game_id: str) -> Callable[[dict[str, Any], list[str], Rng], str]:
    """The sensible bot of the real modules: it sees the changed game only through the
    view and the legal actions, so a value read by the bot alone changes nothing here."""
    chooser: Callable[[dict[str, Any], list[str], Rng], str] = importlib.import_module(
        f"games.{game_id}.bot"
    ).choose
    return chooser


def _shown(module: ModuleType, state: State) -> tuple[int, int | None, list[str]]:
    """A digest of everything the game shows at ``state``, the seat to act and its actions."""
    acting = module.to_act(state)
    actions = module.legal_actions(state, acting[0]) if acting else []
    label = getattr(module, "label", None)
    breakdown = getattr(module, "breakdown", None)
    shown = (
        acting,
        actions,
        [label(state, a) for a in actions] if label else None,
        # The public view and the acting seat's: a seat's secrets show when it acts.
        [module.view(state, seat) for seat in [None, *acting[:1]]],
        breakdown(state) if breakdown else None,
        module.outcome(state),
    )
    return hash(msgspec.json.encode(shown)), (acting[0] if acting else None), actions


class Record:
    """One seeded game with the unchanged data: its states (encoded), the moves between
    them and a digest of what each state shows. A setup alone keeps just its state."""

    def __init__(self, module: ModuleType, game_id: str, config: Config, seed: int) -> None:
        players, options, policy, steps = config
        self.config, self.seed = config, seed
        rng, bot_rng = random.Random(seed), Rng(seed)
        state = module.setup(seed, players, options)
        self.states: list[bytes] = [msgspec.json.encode(state)]
        self.moves: list[tuple[int, str]] = []
        self.shown: list[int] = []
        while steps:
            digest, seat, actions = _shown(module, state)
            self.shown.append(digest)
            if seat is None or not actions or len(self.moves) == steps:
                break
            if policy == "sensible":
                action = _real_bot(game_id)(module.view(state, seat), actions, bot_rng)
            else:
                action = actions[rng.randrange(len(actions))]
            self.moves.append((seat, action))
            state = module.apply(state, seat, action)
            self.states.append(msgspec.json.encode(state))

    def differs(self, module: ModuleType, step: int) -> bool:
        """Whether the changed game shows something else at this step, or moves on to
        another state (step -1: whether setup deals another state)."""
        if step < 0:
            players, options, _, _ = self.config
            return msgspec.json.encode(module.setup(self.seed, players, options)) != self.states[0]
        state = msgspec.json.decode(self.states[step])
        if _shown(module, state)[0] != self.shown[step]:
            return True
        if step == len(self.moves):
            return False
        seat, action = self.moves[step]
        return msgspec.json.encode(module.apply(state, seat, action)) != self.states[step + 1]


class Baseline:
    """The recorded games and setups, the order in which to look at them (the first
    ``quick`` looks: the whole games' setups and first steps, under a short time limit), and
    how long the quick looks (with the import) and the whole recording took."""

    def __init__(
        self, records: list[Record], order: list[tuple[int, int]], quick: int, took: list[float]
    ) -> None:
        self.records, self.order, self.quick = records, order, quick
        self.quick_took, self.took = took


@lru_cache(maxsize=1)  # one game's records at a time: the tests run game by game
def _baseline(game_id: str) -> Baseline:
    """The order: each whole game's setup and first step (most values show there: the
    state dealt, the cards in view), then their last moves (final scoring) and ends, the
    setups alone, then every other step of the games in a seeded shuffled order: a value the
    rules use now and then is found after a few looks instead of after a whole game."""
    _real_bot(game_id)
    started = time.process_time()
    with _imported(game_id, _data_files(game_id)) as module:
        configs = _configs(module)
        records = [Record(module, game_id, config, seed) for seed, config in enumerate(configs)]
    took = time.process_time() - started
    played = [seed for seed, config in enumerate(configs) if config[3]]
    quick = [(r, step) for r in played for step in (-1, 0)]
    order = [(r, step) for r in played for step in (len(records[r].moves) - 1, len(records[r].moves))]
    order += [(r, -1) for r in range(len(records)) if r not in played]
    rest = [(r, step) for r in played for step in range(1, len(records[r].moves) - 1)]
    random.Random(game_id).shuffle(rest)
    # The harness itself must see no difference without a change: another fresh import of
    # the same data, asked about the quick looks (timed: the limit for a changed copy's) and
    # every seventh other look.
    started = time.process_time()
    with _imported(game_id, _data_files(game_id)) as module:
        same = [(r, step) for r, step in quick if records[r].differs(module, step)]
        quick_took = time.process_time() - started
        same += [(r, step) for r, step in (order + rest)[::7] if records[r].differs(module, step)]
    assert not same, f"{game_id}: the unchanged data gives other games at {same[:3]}"
    return Baseline(records, quick + order + rest, len(quick), [quick_took, took])


def _reacts(game_id: str, file: str, edit: Callable[[Json], None]) -> bool:
    base = _baseline(game_id)
    data = _data_files(game_id)
    edit(data[file])
    try:
        with contextlib.ExitStack() as stack:
            # A change can make setup loop for ever (a map that cannot be laid): a short
            # limit for the import and the quick looks, then one for the rest.
            with _time_limit(TIME_LIMIT + 3 * base.quick_took):
                module = stack.enter_context(_imported(game_id, data))
                if any(base.records[r].differs(module, step) for r, step in base.order[: base.quick]):
                    return True
            with _time_limit(TIME_LIMIT + 3 * base.took):
                return any(base.records[r].differs(module, step) for r, step in base.order[base.quick :])
    except _Hang:
        return True  # the unchanged games ran in a third of the time: the change made a loop
    except Exception as error:
        if _from_game(error, game_id):
            return True  # only code that reads the value can trip on it
        raise


def _from_game(error: BaseException, game_id: str) -> bool:
    """Whether the game's own code raised ``error`` (or called what raised it)."""
    package = str(GAMES_DIR / game_id)
    return any(frame.filename.startswith(package) for frame in traceback.extract_tb(error.__traceback__))


# --- the test ------------------------------------------------------------------------------


def _params() -> list[Any]:
    params = []
    for game_id, point in _all_points():
        key = (game_id, point.name)
        if key in DOCUMENTATION_VALUES:
            continue
        marks = [pytest.mark.xfail(run=False, reason="unread; the fix is pending")] if key in PENDING else []
        params.append(pytest.param(game_id, point, id=f"{game_id}-{point.name}", marks=marks))
    return params


@pytest.mark.parametrize(("game_id", "point"), _params())
def test_changing_the_value_changes_the_game(game_id: str, point: Point) -> None:
    assert any(_reacts(game_id, point.file, edit) for edit in point.edits), (
        f"{game_id}: {point.name} is never read: editing it changes nothing in play. "
        "Read it in the rules or remove it (documentation goes in DOCUMENTATION)."
    )


def test_the_lists_name_what_is_in_the_data() -> None:
    names = {(game_id, point.name) for game_id, point in _all_points()}
    for key in sorted(DOCUMENTATION_VALUES.keys() | PENDING):
        assert key in names, f"{key} is listed here but is no longer in the data"
    keys: set[str] = set()

    def collect(value: Json) -> None:
        if isinstance(value, dict):
            keys.update(value)
            for item in value.values():
                collect(item)
        elif isinstance(value, list):
            for item in value:
                collect(item)

    for game_id in games.names():
        for data in _data_files(game_id).values():
            collect(data)
    assert not DOCUMENTATION.keys() - keys, "DOCUMENTATION names keys no data file has"
