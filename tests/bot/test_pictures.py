"""Pictures drawn in worker processes, and in threads where processes cannot start."""

from __future__ import annotations

import asyncio
import io
import os
import random
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageChops, ImageStat

import games
import render
from bot.adapter import drawer, pictures

KNARR = games.get("knarr")


def board_payload() -> dict[str, Any]:
    state = KNARR.setup(3, 2, None)
    return {"image": "board", "view": KNARR.view(state, None), "names": ["Astrid", "Bjorn"]}


def replay_export() -> dict[str, Any]:
    """A Knarr game of 30 moves, whose replay takes a drawing process a few seconds."""
    state = KNARR.setup(5, 2, None)
    moves = []
    rng = random.Random(5)
    for _ in range(30):
        seat = KNARR.to_act(state)[0]
        action = rng.choice(KNARR.legal_actions(state, seat))
        moves.append([seat, action])
        state = KNARR.apply(state, seat, action)
    return {"game": "knarr", "seed": 5, "players": ["Astrid", "Bjorn"], "options": None, "moves": moves}


@pytest.fixture
def fresh_pool() -> Iterator[None]:
    pictures.shutdown()
    pictures._threads = False
    # SKALD_DRAWERS and SKALD_DRAWER_MB read again, as at a start
    pictures._drawers = pictures._ceiling = None
    yield
    pictures.shutdown()
    pictures._threads = False
    pictures._drawers = pictures._ceiling = None


async def started_pool() -> pictures.Processes:
    """The drawing processes, started and warmed (as at the bot's start)."""
    await pictures.start()
    pool = pictures.pool()
    assert isinstance(pool, pictures.Processes)
    return pool


async def test_a_board_is_drawn_in_another_process_as_a_palette_png(fresh_pool: None) -> None:
    png = await pictures.draw_async(board_payload())
    assert png is not None
    image = Image.open(io.BytesIO(png))
    image.load()
    assert image.mode == "P" and image.width == 1280  # 64 colours from the drawing process
    assert len(image.getcolors(256) or []) <= 64
    pool = pictures.pool()
    assert isinstance(pool, pictures.Processes)
    pids = set(pool.pids())
    assert pids and os.getpid() not in pids
    assert len(pids) <= pictures.workers()
    mine = os.getpriority(os.PRIO_PROCESS, 0)
    for pid in pids:  # the drawing processes give way to the bot's event loop
        assert os.getpriority(os.PRIO_PROCESS, pid) == min(19, mine + drawer.DRAWING_NICENESS)


def python_children() -> set[int]:
    """The Python processes this one started that are still running (a test server of
    PostgreSQL that other tests started is not one)."""
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and alive(int(entry.name)):
            try:
                parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
                command = (entry / "cmdline").read_bytes().split(b"\0")[0].decode()
            except OSError:
                continue
            if parent == os.getpid() and command == sys.executable:
                found.add(int(entry.name))
    return found


async def test_the_drawing_processes_are_the_only_processes_started(fresh_pool: None) -> None:
    """No helper process beside them (multiprocessing's resource tracker held 13 MB)."""
    pool = await started_pool()
    assert python_children() == set(pool.pids()) and len(pool.pids()) == pictures.workers()


def loaded(pid: int) -> str:
    """The files mapped into a process: its loaded libraries and extension modules."""
    return Path(f"/proc/{pid}/maps").read_text()


@pytest.mark.skipif(not Path("/proc/self/maps").exists(), reason="needs Linux's /proc")
async def test_a_drawing_process_loads_nothing_of_the_bots_event_loop(fresh_pool: None) -> None:
    """It imports ``drawer``, not ``pictures``: no asyncio, no SSL (6 MB held for nothing)."""
    assert "_asyncio" in loaded(os.getpid()) and "_ssl" in loaded(os.getpid())  # what the probe finds
    assert await pictures.draw_async(board_payload()) is not None  # warmed, and drawing
    pool = pictures.pool()
    assert isinstance(pool, pictures.Processes)
    for pid in pool.pids():
        assert "_imaging" in loaded(pid)  # Pillow: it draws
        assert "_asyncio" not in loaded(pid) and "_ssl" not in loaded(pid)


async def test_ctrl_c_in_the_bots_terminal_leaves_the_drawing_processes_drawing(fresh_pool: None) -> None:
    pool = await started_pool()
    before = set(pool.pids())
    for pid in before:
        os.kill(pid, signal.SIGINT)
    await asyncio.sleep(0.5)
    png = await pictures.draw_async(board_payload())
    assert png is not None and Image.open(io.BytesIO(png)).mode == "P"
    assert set(pool.pids()) == before and all(alive(pid) for pid in before)


async def test_many_pictures_at_once_each_get_their_own_board(fresh_pool: None) -> None:
    """More jobs than the processes take at once: each waits its turn and gets its own
    answer (answers come back in order on each pipe)."""
    payloads = []
    for seed in range(6):
        state = KNARR.setup(seed, 2, None)
        payloads.append({"image": "board", "view": KNARR.view(state, None), "names": ["Astrid", "Bjorn"]})
    count = pictures.workers() * pictures.DEPTH * 3
    pool = await started_pool()
    jobs = [asyncio.ensure_future(pictures.draw_async(payloads[i % 6])) for i in range(count)]
    await asyncio.sleep(0)  # every job has asked for a place: each worker holds DEPTH, the rest wait
    assert [len(w.pending) for w in pool.all] == [pictures.DEPTH] * len(pool.all)
    assert len(pool.waiting) == count - pictures.DEPTH * len(pool.all)
    got = await asyncio.gather(*jobs)
    assert all(g is not None for g in got)
    # each answer is its own board: the nearest of the six boards drawn here (a process maps
    # a board onto the palette it kept, so the same board need not be the same bytes)
    drawn = [Image.open(io.BytesIO(drawer.draw(p) or b"")).convert("RGB") for p in payloads]
    for i, png in enumerate(got):
        assert png is not None
        answer = Image.open(io.BytesIO(png)).convert("RGB")
        off = [sum(ImageStat.Stat(ImageChops.difference(answer, board)).mean) for board in drawn]
        assert off.index(min(off)) == i % 6


async def kill_all(pool: pictures.Processes) -> set[int]:
    """Kill every drawing process and wait until each is gone (a zombie); their pids."""
    before = set(pool.pids())
    for pid in before:
        os.kill(pid, signal.SIGKILL)
    while any(alive(pid) for pid in before):
        await asyncio.sleep(0.05)
    return before


async def test_a_killed_drawing_process_is_replaced_and_the_picture_still_drawn(fresh_pool: None) -> None:
    pool = await started_pool()
    before = await kill_all(pool)
    png = await pictures.draw_async(board_payload())
    assert png is not None and Image.open(io.BytesIO(png)).mode == "P"  # still from a process
    assert isinstance(pictures.pool(), pictures.Processes) and not pictures._threads
    assert not before & set(pool.pids())


async def test_a_process_killed_while_drawing_is_replaced_and_the_picture_drawn_again(
    fresh_pool: None,
) -> None:
    pool = await started_pool()
    drawing = asyncio.ensure_future(pictures.draw_async(board_payload()))
    await asyncio.sleep(0)
    busy = next(w for w in pool.all if w.pending)
    os.kill(busy.process.pid or 0, signal.SIGKILL)
    png = await drawing
    assert png is not None and Image.open(io.BytesIO(png)).mode == "P"
    assert busy not in pool.all and len(pool.all) == pictures.workers()


async def test_a_process_is_started_again_off_the_event_loop(
    fresh_pool: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Starting a process takes milliseconds: the one that replaces a killed one is started
    in a thread, and a picture asked for meanwhile waits for it."""
    pool = await started_pool()
    started_on: list[str] = []
    worker = pictures._Worker

    def counted(*args: Any) -> pictures._Worker:
        started_on.append(threading.current_thread().name)
        return worker(*args)

    monkeypatch.setattr(pictures, "_Worker", counted)
    before = await kill_all(pool)
    png = await pictures.draw_async(board_payload())
    assert png is not None and Image.open(io.BytesIO(png)).mode == "P"
    assert len(started_on) == len(before)
    assert threading.main_thread().name not in started_on
    assert pool.starting == 0 and len(pool.all) == len(before)


async def test_when_no_process_can_start_again_every_picture_still_comes(
    fresh_pool: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The processes die and none can be started again: the pictures waiting for one are
    each drawn all the same (in threads), none left waiting."""
    pool = await started_pool()

    def refused() -> pictures._Worker:
        raise OSError("no more processes")

    monkeypatch.setattr(pictures, "_Worker", refused)
    before = await kill_all(pool)
    jobs = [pictures.draw_async(board_payload()) for _ in range(pictures.DEPTH * len(before) * 3)]
    got = await asyncio.wait_for(asyncio.gather(*jobs), 60)
    assert all(png is not None for png in got)
    assert isinstance(pictures.pool(), pictures.ThreadPoolExecutor)


@pytest.mark.skipif(pictures.workers() < 2, reason="needs two drawing processes")
async def test_a_process_making_a_replay_takes_no_board_meanwhile(fresh_pool: None) -> None:
    """A replay keeps a process busy for seconds: boards go to the others, or wait."""
    export = replay_export()
    pool = await started_pool()
    replay = asyncio.ensure_future(pictures.replay_async({"replay": export}))
    await asyncio.sleep(0)
    boards = [asyncio.ensure_future(pictures.draw_async(board_payload())) for _ in range(2 * pictures.DEPTH)]
    await asyncio.sleep(0)
    making = [w for w in pool.all if w.heavy]
    assert len(making) == 1 and len(making[0].pending) == 1  # the replay, and nothing behind it
    assert all(len(w.pending) == pictures.DEPTH for w in pool.all if not w.heavy)
    assert all(await asyncio.gather(*boards))
    gif = await replay
    assert gif is not None and gif.startswith(b"GIF8")


def game_payload(game_id: str) -> dict[str, Any]:
    module = games.get(game_id)
    state = module.setup(3, module.min_players, None)
    names = [f"Seat {i + 1}" for i in range(module.min_players)]
    return {"image": "board", "view": module.view(state, None), "names": names}


@pytest.mark.skipif(pictures.workers() < 2, reason="needs two drawing processes")
async def test_each_game_is_drawn_by_its_home_process(fresh_pool: None) -> None:
    """A process holds the caches of the games it draws: each game goes to its own."""
    pool = await started_pool()
    count = pictures.workers()
    assert sorted(w.slot for w in pool.all) == list(range(count))
    homes = {pictures.home(game_id, count) for game_id in render.supported()}
    assert homes == set(range(min(count, len(render.supported()))))  # each slot has some
    for game_id in render.supported():
        drawing = asyncio.ensure_future(pictures.draw_async(game_payload(game_id)))
        await asyncio.sleep(0)
        assert [w.slot for w in pool.all if w.pending] == [pictures.home(game_id, count)], game_id
        assert await drawing is not None


@pytest.mark.skipif(pictures.workers() < 2, reason="needs two drawing processes")
async def test_a_game_whose_home_is_full_waits_for_a_process_busy_with_its_own_games(
    fresh_pool: None,
) -> None:
    """A process drawing its own games takes no other game's pictures: its caches hold its
    own games (with none of its own in hand it takes them: see the test above)."""
    pool = await started_pool()
    count = pictures.workers()
    mine = pictures.home("knarr", count)
    others = [g for g in render.supported() if pictures.home(g, count) not in (mine, None)]
    boards = []
    for game_id in others:  # every other process busy with a game of its own
        boards.append(asyncio.ensure_future(pictures.draw_async(game_payload(game_id))))
    await asyncio.sleep(0)
    for _ in range(pictures.DEPTH + 1):
        boards.append(asyncio.ensure_future(pictures.draw_async(board_payload())))
        await asyncio.sleep(0)
    home = next(w for w in pool.all if w.slot == mine)
    assert len(home.pending) == pictures.DEPTH and home.own == pictures.DEPTH
    assert all(w.own == len(w.pending) for w in pool.all)  # none took a Knarr board
    assert len(pool.waiting) == 1  # the last Knarr board waits for its home
    assert all(await asyncio.wait_for(asyncio.gather(*boards), 60))


async def test_a_caller_that_gives_up_leaves_the_process_working(fresh_pool: None) -> None:
    await pictures.start()
    drawing = asyncio.ensure_future(pictures.draw_async(board_payload()))
    await asyncio.sleep(0)
    drawing.cancel()
    with pytest.raises(asyncio.CancelledError):
        await drawing
    assert await pictures.draw_async(board_payload()) is not None


async def test_a_drawing_error_comes_back_as_the_error(fresh_pool: None) -> None:
    broken = {"image": "board", "view": {"game": "knarr", "seats": 5}, "names": []}  # not a real view
    with pytest.raises(TypeError):
        await pictures.draw_async(broken)
    assert await pictures.draw_async(board_payload()) is not None  # the process lives on


async def test_without_processes_pictures_are_drawn_in_threads(
    fresh_pool: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_processes(*args: Any, **kwargs: Any) -> Any:
        raise OSError("processes are not allowed here")

    monkeypatch.setattr(pictures, "_Worker", no_processes)
    png = await pictures.draw_async(board_payload())
    assert png is not None and png.startswith(b"\x89PNG")
    assert isinstance(pictures.pool(), pictures.ThreadPoolExecutor)
    assert Image.open(io.BytesIO(png)).mode == "P"  # the same pictures as a drawing process's


async def test_a_payload_without_a_picture_draws_nothing(fresh_pool: None) -> None:
    assert await pictures.draw_async({"text": "Reminder"}) is None
    assert pictures._pool is None  # and starts no process for it


def test_a_drawing_process_ends_when_the_bot_is_killed(tmp_path: Path) -> None:
    """SIGKILL shuts no pool down: the drawing processes must notice and end."""
    script = (
        "import asyncio, os, sys\n"
        "from bot.adapter import pictures\n"
        "asyncio.run(pictures.draw_async({'image': 'board', 'view': {'game': 'none'}, 'names': []}))\n"
        "print(*pictures.pool().pids(), flush=True)\n"
        "os.kill(os.getpid(), 9)\n"
    )
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=root, capture_output=True, text=True, timeout=60
    )
    workers = [int(p) for p in done.stdout.split()]
    assert workers
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline and any(alive(p) for p in workers):
        time.sleep(0.2)
    assert not any(alive(p) for p in workers), "a drawing process outlived the bot"


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def test_a_draw_left_behind_by_a_closed_event_loop_does_not_confuse_the_next(fresh_pool: None) -> None:
    """The bot has one event loop, but tests and the benchmark run several in turn: a
    replay still being made when its loop closed answers first, and is dropped."""
    export = replay_export()

    async def leave_replays_behind() -> None:
        await pictures.start()
        for _ in range(pictures.workers()):  # every process still busy when this loop ends
            asyncio.ensure_future(pictures.replay_async({"replay": export}))
        await asyncio.sleep(0)

    asyncio.run(leave_replays_behind())
    png = asyncio.run(asyncio.wait_for(pictures.draw_async(board_payload()), 60))  # not forever
    expected = asyncio.run(pictures.draw_async(board_payload()))
    assert png is not None and expected is not None
    answer, board = (Image.open(io.BytesIO(data)) for data in (png, expected))
    assert getattr(answer, "n_frames", 1) == 1 and answer.size == board.size  # a board, not the replay
    off = ImageStat.Stat(ImageChops.difference(answer.convert("RGB"), board.convert("RGB"))).mean
    # its own board, not the one left behind: drawn maybe by a process that warmed other games,
    # on another palette (measured: 1.3 off), where any other Knarr board is about 30 off
    assert sum(off) < 5


async def test_a_drawing_process_answers_through_a_pipe_that_holds_a_whole_board(fresh_pool: None) -> None:
    """A board is 70-300 KB; a 64 KB pipe would keep the process waiting for the bot's loop."""
    fcntl = pytest.importorskip("fcntl")
    ceiling = Path("/proc/sys/fs/pipe-max-size")
    if (
        not hasattr(fcntl, "F_GETPIPE_SZ")
        or not ceiling.exists()
        or int(ceiling.read_text()) < pictures.PIPE_BYTES
    ):
        pytest.skip("pipes cannot be widened to a megabyte here")
    pool = await started_pool()
    for worker in pool.all:
        for end in (worker.jobs, worker.answers):
            assert fcntl.fcntl(end.fileno(), fcntl.F_GETPIPE_SZ) >= pictures.PIPE_BYTES


async def test_with_no_drawers_boards_and_replays_are_drawn_in_a_thread_of_the_bot(
    fresh_pool: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SKALD_DRAWERS", "0")
    await pictures.start()
    pool = pictures.pool()
    assert isinstance(pool, pictures.ThreadPoolExecutor) and pool._max_workers == 1
    png = await pictures.draw_async(board_payload())
    assert png is not None and Image.open(io.BytesIO(png)).mode == "P"  # as a drawing process draws it
    gif = await pictures.replay_async({"replay": replay_export()})
    assert gif is not None and gif.startswith(b"GIF8")
    assert python_children() == set()  # no process beside the bot


async def test_with_one_drawer_a_process_that_made_a_replay_is_retired_for_a_fresh_one(
    fresh_pool: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SKALD_DRAWERS", "1")
    pool = await started_pool()
    (first,) = pool.pids()
    assert python_children() == {first}
    assert await pictures.draw_async(board_payload()) is not None
    gif = await pictures.replay_async({"replay": replay_export()})
    assert gif is not None and gif.startswith(b"GIF8")
    png = await asyncio.wait_for(pictures.draw_async(board_payload()), 60)  # from the fresh process
    assert png is not None and Image.open(io.BytesIO(png)).mode == "P"
    (second,) = pool.pids()
    assert second != first and not alive(first) and python_children() == {second}


async def one_drawing_process() -> tuple[pictures.Processes, int]:
    """The pool started with one drawing process (``SKALD_DRAWERS=1``), and its pid."""
    pool = await started_pool()
    (first,) = pool.pids()
    return pool, first


async def assert_replaced(pool: pictures.Processes, first: int) -> None:
    """The next picture comes (from a fresh process), and ``first`` has ended for it."""
    assert await asyncio.wait_for(pictures.draw_async(board_payload()), 60) is not None
    (second,) = pool.pids()
    assert second != first and not alive(first) and len(pool.all) == 1


async def test_a_drawing_process_is_retired_after_its_share_of_pictures(
    fresh_pool: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SKALD_DRAWERS", "1")
    monkeypatch.setattr(pictures, "RECYCLE_AFTER", 3)
    pool, first = await one_drawing_process()  # the warm-up ping is its first job
    for _ in range(2):
        assert await pictures.draw_async(board_payload()) is not None
    await assert_replaced(pool, first)


async def test_a_shutdown_while_a_process_is_being_replaced_leaves_no_process(
    fresh_pool: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The pool stopped just after it retired a process: the retired one and any fresh one
    started in its place have ended when ``shutdown`` returns, and none starts after it."""
    monkeypatch.setenv("SKALD_DRAWERS", "1")
    monkeypatch.setattr(pictures, "RECYCLE_AFTER", 2)
    pool, first = await one_drawing_process()  # the warm-up ping is its first job
    assert await pictures.draw_async(board_payload()) is not None  # its second: retired
    assert pool._replacing  # its successor is being started
    pictures.shutdown()
    assert python_children() == set() and not alive(first)
    await asyncio.gather(*pool._replacing)
    assert python_children() == set()


async def test_a_drawing_process_that_holds_too_much_is_retired(
    fresh_pool: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Past its floor of pictures, a process read as holding more than ``SKALD_DRAWER_MB``
    is retired once it has answered, and a fresh one takes its place; one read as holding
    less goes on."""
    monkeypatch.setenv("SKALD_DRAWERS", "1")
    monkeypatch.setenv("SKALD_DRAWER_MB", "250")
    monkeypatch.setattr(pictures, "RETIRE_FLOOR", 2)
    monkeypatch.setattr(pictures, "CHECK_EVERY", 1)
    held = {"mb": 249.0}
    read: list[int] = []

    def resident(pid: int) -> float:
        read.append(pid)
        return held["mb"]

    monkeypatch.setattr(pictures, "resident_mb", resident)
    pool, first = await one_drawing_process()  # the warm-up ping is its first job
    for _ in range(3):
        assert await pictures.draw_async(board_payload()) is not None
    assert pool.pids() == [first] and read and set(read) == {first}  # under the ceiling: it goes on
    held["mb"] = 251.0
    assert await pictures.draw_async(board_payload()) is not None
    await assert_replaced(pool, first)


def test_the_ceiling_is_100_mb_unless_set(fresh_pool: None, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SKALD_DRAWER_MB", "")
    assert pictures.ceiling() == 100


def test_what_a_process_holds_is_read_from_proc() -> None:
    """``resident_mb`` reads a live process's resident memory (this one's: more than the
    interpreter's few MB), and 0 for a process that does not exist."""
    assert pictures.resident_mb(os.getpid()) > 5
    assert pictures.resident_mb(2**22 + 1) == 0.0


@pytest.mark.skipif(pictures.workers() < 2, reason="needs two drawing processes")
async def test_one_replay_or_final_picture_is_made_at_a_time(
    fresh_pool: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The largest pictures wait for each other, so two processes never hold theirs at
    once; boards go on meanwhile, and every picture comes."""
    from tests.games.bot_games import bot_game

    making, most = 0, 0
    exchange = pictures._Worker.exchange

    async def counted(worker: Any, answer: Any, name: str, job: Any) -> Any:
        nonlocal making, most
        largest = name == "replay" or job.get("image") == "final"
        making += largest
        most = max(most, making)
        try:
            return await exchange(worker, answer, name, job)
        finally:
            making -= largest

    monkeypatch.setattr(pictures._Worker, "exchange", counted)
    ended = bot_game("knarr", 2, seed=3)[0][-1]
    final = {
        "image": "final",
        "view": KNARR.view(ended, None),
        "names": ["Astrid", "Bjorn"],
        "parts": KNARR.breakdown(ended),
    }
    await pictures.start()
    export = replay_export()
    largest = [
        asyncio.ensure_future(pictures.replay_async({"replay": export})),
        asyncio.ensure_future(pictures.draw_async(final)),
        asyncio.ensure_future(pictures.replay_async({"replay": export})),
    ]
    boards = [asyncio.ensure_future(pictures.draw_async(board_payload())) for _ in range(6)]
    made = await asyncio.gather(*largest)
    assert made[0] is not None and made[0].startswith(b"GIF8") and made[2] == made[0]
    assert made[1] is not None and made[1].startswith(b"\x89PNG")
    assert all(await asyncio.gather(*boards))
    assert most == 1
    pool = pictures.pool()
    assert isinstance(pool, pictures.Processes) and not pool.largest and not pool.after_largest
