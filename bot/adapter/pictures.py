"""Pictures drawn on every core: a pool of worker processes, sized to the machine.

Drawing and encoding a board holds the GIL for about 10 ms; in threads, every picture
would queue on one core and stall the event loop meanwhile. The loop sends a payload's
view and names to a worker and gets PNG bytes back. Each worker draws each of its games
(``home``) once as it starts, and keeps the renderers' caches of static layers (maps,
tiles, goods) warm.

``SKALD_DRAWERS`` (read once, at the first picture) sets how many drawing processes run:
one per core by default; 0 draws every picture in one thread of the bot's own process (a
small host: no process beside the bot, but the event loop shares its GIL with the drawing).
Where processes cannot start (a sandbox, a platform without them), pictures are drawn in
threads as well.

Memory stays bounded (docs/deploy.md has the figures):
- each game has a home process (``home``), which draws its pictures and warms only its own
  games, so a process holds the caches and printed maps of some games, not of all five; a
  picture goes elsewhere only while its home is full and another process is idle, or while
  its home makes a replay or is being replaced;
- a process that has made a replay is retired as soon as it has answered, and any process
  that holds more than ``ceiling()`` MB (or has drawn ``RECYCLE_AFTER`` pictures); a fresh one
  takes its place (memory a process gave back to its allocator is not always given back to
  the system: a retired process is the sure way);
- one replay or final picture (the largest pictures) is made at a time, so two processes
  never hold theirs at once;
- what the allocator keeps free is handed back (``malloc_trim``) after the warm-up,
  around a final picture (the largest a process draws), and after any picture when no
  job waits (``drawer._serve``); before a replay, after which the process ends, its
  caches are emptied as well (``render.common.cache.forget``: the replay fills those of
  its one game again);
- a drawing process runs ``drawer``, not this module: it loads nothing of the bot's event
  loop (asyncio, SSL).
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import logging
import os
import pickle
import struct
import subprocess
import sys
import threading
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

try:
    import fcntl
except ImportError:  # pragma: no cover - not a Unix
    fcntl = None  # type: ignore[assignment]

import games
from bot import config
from bot.adapter import memory
from bot.adapter.drawer import HEAVY, JOBS, replay
from bot.store.payloads import Payload

log = logging.getLogger("skald")

# A drawing process is retired after this many pictures (a fresh one takes its place), and
# after every replay: what its caches and its allocator kept goes back to the system. A
# fresh process costs 0.4-0.8 s of one core to start and warm (two, three or five games;
# measured), against about 20 s for 1,000 pictures and seconds for a replay.
RECYCLE_AFTER = 1000
# ... and as soon as it holds more than ``SKALD_DRAWER_MB`` resident (``ceiling()``; 100
# unless set), once it has drawn RETIRE_FLOOR pictures (so a host where a warmed process
# already holds that much does not start one after every picture). A process's caches and
# what its allocator keeps free grow with the pictures it draws: measured over 5,000 jobs
# recorded from a 20-game soak, drawn in one process, 36 MB more than when warmed after 100
# jobs, 53 after 500, 66 after 1,000, 89 after 5,000. Read every CHECK_EVERY pictures from
# ``/proc`` (microseconds).
RETIRE_FLOOR = 100
CHECK_EVERY = 16
_pool: Processes | ThreadPoolExecutor | None = None
_threads = False  # processes could not start: threads from now on
_drawers: int | None = None  # SKALD_DRAWERS, once read
_ceiling: int | None = None  # SKALD_DRAWER_MB, once read


def cores() -> int:
    """The cores this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def workers() -> int:
    """How many drawing processes: ``SKALD_DRAWERS`` (read at the first call; checked with
    the other settings when the bot starts), else one per core. 0: none, pictures are drawn
    in a thread of the bot's process."""
    global _drawers
    if _drawers is None:
        setting = config.drawers(os.environ.get("SKALD_DRAWERS", "").strip())
        _drawers = cores() if setting is None else setting
    return _drawers


def ceiling() -> int:
    """The memory (MB, resident) past which a drawing process is replaced:
    ``SKALD_DRAWER_MB`` (read at the first call; checked with the other settings when the
    bot starts)."""
    global _ceiling
    if _ceiling is None:
        _ceiling = config.drawer_mb(os.environ.get("SKALD_DRAWER_MB", "").strip())
    return _ceiling


def resident_mb(pid: int) -> float:
    """What process ``pid`` holds in memory now, in MB (0 where ``/proc`` cannot say)."""
    try:
        with open(f"/proc/{pid}/statm", "rb") as status:
            return int(status.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 1_000_000
    except (OSError, ValueError, IndexError):
        return 0.0


def _replay_here(payload: Payload) -> bytes | None:
    """A replay made in a thread of the bot's process, its memory trimmed after it."""
    try:
        return replay(payload)
    finally:
        memory.trim()


def home(game_id: str | None, count: int) -> int | None:
    """The slot (0 to ``count`` - 1) of the drawing process that draws ``game_id``'s
    pictures: the games in turn over the processes. None for no game (a ping)."""
    ids = games.names()
    if game_id not in ids or count < 1:
        return None
    return ids.index(game_id) % count


def homed(slot: int, count: int) -> list[str]:
    """The games whose home is ``slot`` of ``count`` processes (none for a slot past the
    number of games: it draws only what other processes have no room for)."""
    return [game_id for game_id in games.names() if home(game_id, count) == slot]


class WorkerGone(Exception):
    """A drawing process ended while it had a job (killed, or out of memory)."""


_HEADER = struct.Struct("!i")  # multiprocessing.Connection's framing: a length, then the bytes
# drawn in the bot's own threads (SKALD_DRAWERS=0, or processes cannot run): the same pictures
_THREAD_JOBS: dict[str, Any] = {**JOBS, "replay": _replay_here}


# A drawing process is a fresh interpreter started with its two pipe ends, not a
# multiprocessing child: multiprocessing's spawn starts a resource-tracker process as well
# (13 MB held for nothing: the pool shares no semaphores) and imports the bot's main
# module again in every child. It imports ``drawer`` alone (6 MB less than this module).
_CHILD = (
    "import sys; from bot.adapter.drawer import serve; serve(int(sys.argv[1]), int(sys.argv[2]), sys.argv[3])"
)


def _child_env() -> dict[str, str]:
    """The bot's environment, with the folder that holds ``bot`` first on the path."""
    env = dict(os.environ)
    root = str(Path(__file__).resolve().parent.parent)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (root, env.get("PYTHONPATH", "")) if p)
    return env


class _Worker:
    """One drawing process and the two pipes to it. Up to ``DEPTH`` jobs wait at a worker
    so it starts the next as soon as it has answered one; answers come back in order.
    ``slot`` is its place in the pool (``home``), and ``game_ids`` the games it warms."""

    def __init__(self, slot: int = 0, game_ids: Sequence[str] = ()) -> None:
        self.slot = slot
        job_reader, job_writer = os.pipe()
        answer_reader, answer_writer = os.pipe()
        try:
            self.process = subprocess.Popen(
                [sys.executable, "-c", _CHILD, str(job_reader), str(answer_writer), ",".join(game_ids)],
                pass_fds=(job_reader, answer_writer),
                stdin=subprocess.DEVNULL,
                env=_child_env(),
            )
        except BaseException:
            for fd in (job_writer, answer_reader):
                os.close(fd)
            raise
        finally:
            os.close(job_reader)  # the worker's ends: only it holds them now, so an EOF is real
            os.close(answer_writer)
        self.jobs = Connection(job_writer, readable=False)
        self.answers = Connection(answer_reader, writable=False)
        os.set_blocking(self.jobs.fileno(), False)
        os.set_blocking(self.answers.fileno(), False)
        for end in (self.jobs, self.answers):
            _widen(end.fileno())
        self.pending: collections.deque[asyncio.Future[Any]] = collections.deque()
        self.buffer = bytearray()
        self.loop: asyncio.AbstractEventLoop | None = None
        self.gone = False
        self.writing = asyncio.Lock()
        self.heavy = 0  # replays in hand: seconds of work, so no board waits behind one
        self.taken = 0  # jobs given to it, in all
        self.own = 0  # jobs in hand of the games whose home it is
        self.retiring = False  # takes no more jobs; retired once it has answered those it has

    def reserve(self) -> asyncio.Future[Any]:
        """A place in this worker's queue, taken at once (before any await), so that jobs
        handed out in the same moment spread over the workers."""
        loop = asyncio.get_running_loop()
        answer: asyncio.Future[Any] = loop.create_future()
        if self.loop is not loop:  # a new event loop (tests, the benchmark's runs) reads from now on
            if self.loop is not None and not self.loop.is_closed():
                self.loop.remove_reader(self.answers.fileno())
            self.loop = loop
            loop.add_reader(self.answers.fileno(), self._readable)
        self.pending.append(answer)  # after any left by a closed loop: their answers come first
        return answer

    async def exchange(self, answer: asyncio.Future[Any], name: str, job: Any) -> Any:
        """Send the job for a reserved place and wait for its answer, without a thread: the
        loop writes the job when the pipe takes it and reads answers as they arrive."""
        data = pickle.dumps((name, job), pickle.HIGHEST_PROTOCOL)
        try:
            async with self.writing:  # one job's bytes at a time, in the order of ``pending``
                await _write(asyncio.get_running_loop(), self.jobs.fileno(), _HEADER.pack(len(data)) + data)
        except WorkerGone as error:
            self._fail(error)
        kind, value = await answer
        if kind == "error":
            raise value
        return value

    def _readable(self) -> None:
        while self.pending:
            try:
                chunk = os.read(self.answers.fileno(), 1 << 18)
            except BlockingIOError:
                return
            except OSError as error:
                self._fail(WorkerGone(str(error)))
                return
            if not chunk:
                self._fail(WorkerGone("a drawing process ended"))
                return
            self.buffer.extend(chunk)
            while self.pending and len(self.buffer) >= _HEADER.size:
                (size,) = _HEADER.unpack_from(self.buffer)
                end = _HEADER.size + size
                if len(self.buffer) < end:
                    break
                answer = self.pending.popleft()
                try:
                    if _open(answer):  # read in place: a replay's GIF is megabytes, copied once
                        with memoryview(self.buffer)[_HEADER.size : end] as message:
                            answer.set_result(pickle.loads(message))
                finally:
                    del self.buffer[:end]
        self._detach()

    def _fail(self, error: WorkerGone) -> None:
        self.gone = True
        while self.pending:
            answer = self.pending.popleft()
            if _open(answer):
                answer.set_exception(error)
        self._detach()

    def _detach(self) -> None:
        if not self.pending and self.loop is not None:
            if not self.loop.is_closed():
                self.loop.remove_reader(self.answers.fileno())
            self.loop = None

    def close(self) -> None:
        self._fail(WorkerGone("the drawing processes were stopped"))
        for end in (self.jobs, self.answers):
            with contextlib.suppress(OSError):
                end.close()


PIPE_BYTES = 1 << 20  # Linux's ceiling for a pipe an unprivileged process widens


def _widen(fd: int) -> None:
    """Make a pipe hold a whole board (a megabyte, not 64 KB, where Linux allows it): a
    drawing process then writes its answer and starts the next job at once, instead of
    waiting for the bot's loop to read the first 64 KB (measured: a tenth of a drawing
    process's time went on that wait when the bot was busy)."""
    # not Linux, or a lower ceiling: pipes stay as they are
    with contextlib.suppress(AttributeError, OSError):
        fcntl.fcntl(fd, fcntl.F_SETPIPE_SZ, PIPE_BYTES)


def _open(answer: asyncio.Future[Any]) -> bool:
    """Someone still waits for this answer (not given up, its event loop not closed)."""
    return not answer.done() and not answer.get_loop().is_closed()


DEPTH = 2  # jobs waiting at one worker: it never idles between two


async def _write(loop: asyncio.AbstractEventLoop, fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        try:
            view = view[os.write(fd, view) :]
            continue
        except BlockingIOError:
            pass
        except OSError as error:
            raise WorkerGone(str(error)) from None
        ready: asyncio.Future[None] = loop.create_future()
        loop.add_writer(fd, _wake, ready)
        try:
            await ready
        finally:
            loop.remove_writer(fd)


def _wake(ready: asyncio.Future[None]) -> None:
    if not ready.done():
        ready.set_result(None)


class Processes:
    """The drawing processes, joined to the event loop by pipes.

    ProcessPoolExecutor hands each job to two helper threads of the bot's process (one
    sends, one receives), which cost the bot about 0.9 ms of CPU a picture in GIL hand-offs
    and wake-ups; here the loop itself writes the job and reads the answer.
    """

    def __init__(self, count: int) -> None:
        self.all: list[_Worker] = []
        # out of ``all`` but maybe running: retired ones not yet ended, and fresh ones not
        # yet in ``all``; ``lock`` orders a start in a thread against ``shutdown``
        self.limbo: set[_Worker] = set()
        self.lock = threading.Lock()
        self.closed = False
        self.count = count
        try:
            for slot in range(count):
                self.all.append(_Worker(slot, homed(slot, count)))
        except BaseException:
            self.shutdown()
            raise
        self.waiting: collections.deque[asyncio.Future[None]] = collections.deque()
        self.starting = 0  # processes being started in place of ones that ended
        self._replacing: set[asyncio.Task[None]] = set()
        self.largest = False  # a replay or a final picture is being made
        self.after_largest: collections.deque[asyncio.Future[None]] = collections.deque()

    def pids(self) -> list[int]:
        return [w.process.pid for w in self.all]

    @staticmethod
    def _has_room(worker: _Worker) -> bool:
        return not worker.heavy and not worker.retiring and len(worker.pending) < DEPTH

    def _free(self, game_id: str | None = None) -> _Worker | None:
        """The worker for a job of ``game_id``: its home if that has room; else, while the
        home makes a replay, is retiring or is being replaced, the one with the fewest jobs;
        else one with room that has no job of its own games (a host serving one game, or an
        idle moment: its caches then hold a game not its own, better than a core left
        idle); else none yet."""
        free = [w for w in self.all if self._has_room(w)]
        slot = home(game_id, self.count)
        if slot is not None:
            homes = [w for w in self.all if w.slot == slot]
            if any(w in free for w in homes):
                return next(w for w in homes if w in free)
            if any(not w.heavy and not w.retiring for w in homes):  # busy, but soon free
                free = [w for w in free if not w.own]
        return min(free, key=lambda w: len(w.pending)) if free else None

    async def _take(self, game_id: str | None = None) -> _Worker:
        """The worker for a job of ``game_id`` (``_free``), once one has room (first come,
        first served); a worker making a replay takes nothing more until it is done."""
        self._reap()
        while True:
            if not self.all and not self.starting:
                raise WorkerGone("no drawing process could be started again")
            if not self.waiting and (worker := self._free(game_id)) is not None:
                return worker
            turn: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            self.waiting.append(turn)
            try:
                await turn
            finally:
                if turn in self.waiting:
                    self.waiting.remove(turn)
            if (worker := self._free(game_id)) is not None:
                return worker

    def _reap(self) -> None:
        """Start a new process in place of any idle one that has ended (killed, say), and
        of any retiring one left with answers no one waits for (an event loop closed)."""
        for worker in list(self.all):
            ended = not worker.pending and worker.process.poll() is not None
            if ended or (worker.retiring and not any(_open(answer) for answer in worker.pending)):
                worker.gone = True
                self._after(worker)

    def _room(self) -> None:
        """A job is done: every one waiting looks again, in order, for a worker for its
        game (the first may want another process than the one that has room); those that
        find none wait again."""
        while self.waiting:
            turn = self.waiting.popleft()
            if not turn.done() and not turn.get_loop().is_closed():
                turn.set_result(None)

    async def run(self, name: str, job: Any) -> Any:
        largest = name in HEAVY or (name == "draw" and job.get("image") == "final")
        if largest:
            await self._largest_turn()
        try:
            game_id = (job.get("replay") or job.get("view") or job).get("game")  # a card: its game
            worker = await self._take(game_id if isinstance(game_id, str) else None)
        except BaseException:
            if largest:
                self._largest_done()
            raise
        heavy = name in HEAVY
        own = game_id is not None and home(game_id, self.count) == worker.slot
        worker.heavy += heavy
        worker.own += own
        worker.taken += 1
        if heavy or worker.taken >= RECYCLE_AFTER or self._too_big(worker):
            worker.retiring = True  # what it holds afterwards goes back with the process
        task = asyncio.ensure_future(worker.exchange(worker.reserve(), name, job))
        task.add_done_callback(lambda _: self._after(worker, heavy, own))
        if largest:
            task.add_done_callback(lambda _: self._largest_done())
        return await asyncio.shield(task)  # a cancelled caller leaves the worker to finish

    @staticmethod
    def _too_big(worker: _Worker) -> bool:
        """Whether ``worker`` has drawn its floor of pictures and holds more than
        ``ceiling()`` MB (looked at every ``CHECK_EVERY`` pictures)."""
        if worker.taken < RETIRE_FLOOR or worker.taken % CHECK_EVERY:
            return False
        return resident_mb(worker.process.pid) > ceiling()

    async def _largest_turn(self) -> None:
        """Wait until no process makes a replay or a final picture, the largest pictures:
        one at a time, so two processes never hold theirs at once (the peak of the whole
        pool is then one process's peak, not two)."""
        while self.largest:
            turn: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            self.after_largest.append(turn)
            try:
                await turn
            except BaseException:
                if turn in self.after_largest:
                    self.after_largest.remove(turn)
                elif not self.largest:
                    self._wake_largest()  # it was given the turn it will not take: the next
                raise
        self.largest = True

    def _largest_done(self) -> None:
        self.largest = False
        self._wake_largest()

    def _wake_largest(self) -> None:
        while self.after_largest:
            turn = self.after_largest.popleft()
            if not turn.done() and not turn.get_loop().is_closed():
                turn.set_result(None)
                return

    def _after(self, worker: _Worker, heavy: bool = False, own: bool = False) -> None:
        worker.heavy -= heavy
        worker.own -= own
        if worker.retiring and not worker.pending:
            worker.gone = True  # answered all it had: its pipes close, so it ends (EOF)
        if worker.gone and worker in self.all:
            worker.close()
            self.all.remove(worker)
            self.limbo.add(worker)
            self.starting += 1
            task = asyncio.get_running_loop().create_task(self._replace(worker))
            self._replacing.add(task)
            task.add_done_callback(self._replacing.discard)
        self._room()

    async def _replace(self, old: _Worker) -> None:
        """Start a process in place of one that ended or was retired, once that one is gone
        (so the two never hold memory at once). In a thread: starting a process takes
        several milliseconds, which the event loop would spend stalled."""
        try:
            worker = await asyncio.to_thread(self._succeed, old, homed(old.slot, self.count))
        except OSError as error:
            log.warning("a drawing process could not be started again (%s)", error)
        else:
            if worker is not None:
                with self.lock:
                    self.limbo.discard(worker)
                    if not self.closed:
                        self.all.append(worker)
        finally:
            self.starting -= 1
            self._room()

    def _succeed(self, old: _Worker, game_ids: Sequence[str]) -> _Worker | None:
        """A new drawing process in ``old``'s slot, warming ``game_ids``, started once
        ``old`` has ended (its pipes are closed: an idle one ends at once; one still
        drawing, within its picture, else it is killed). None once the pool is stopped."""
        _end(old)
        with self.lock:
            self.limbo.discard(old)
            if self.closed:
                return None
            worker = _Worker(old.slot, game_ids)
            self.limbo.add(worker)  # shutdown ends it too, until it is in ``all``
            return worker

    def shutdown(self) -> None:
        """Stop every drawing process, those being retired or started included: none runs
        when this returns, and none starts after it."""
        with self.lock:
            self.closed = True
            ending = [*self.all, *self.limbo]
            self.all.clear()
            self.limbo.clear()
        for worker in ending:
            worker.close()  # EOF: each process ends after its job
        for worker in ending:
            _end(worker)


def _end(worker: _Worker) -> None:
    """Wait for ``worker``'s process to end (its pipes closed), killing it after 5 s."""
    try:
        worker.process.wait(timeout=5)
    except subprocess.TimeoutExpired:
        worker.process.kill()
        worker.process.wait(timeout=5)


def pool() -> Processes | ThreadPoolExecutor:
    """The drawing processes (started now if need be), or the drawing thread
    (``SKALD_DRAWERS=0``), or threads where processes cannot start."""
    global _pool
    if _pool is None:
        if workers() == 0:
            _pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="skald-render")
        elif _threads:
            _pool = ThreadPoolExecutor(max_workers=cores(), thread_name_prefix="skald-render")
        else:
            _pool = Processes(workers())
    return _pool


def _fall_back(error: BaseException) -> None:
    global _pool, _threads
    log.warning("drawing in threads: worker processes could not run (%s)", error)
    if isinstance(_pool, Processes):
        _pool.shutdown()
    _pool, _threads = None, True


async def _run(name: str, job: dict[str, Any]) -> Any:
    for _ in range(max(1, workers()) + 1):  # each failure replaces one process
        try:
            runner = pool()
        except (OSError, PermissionError, NotImplementedError) as error:
            _fall_back(error)
            runner = pool()
        if not isinstance(runner, Processes):
            return await asyncio.get_running_loop().run_in_executor(runner, _THREAD_JOBS[name], job)
        try:
            return await runner.run(name, job)
        except WorkerGone as error:
            log.warning("a drawing process stopped (%s); drawing again", error)
    # every process failed in turn, new ones too: processes do not last here
    _fall_back(WorkerGone("the drawing processes keep ending"))
    threads = pool()
    assert isinstance(threads, ThreadPoolExecutor)
    return await asyncio.get_running_loop().run_in_executor(threads, _THREAD_JOBS[name], job)


async def start() -> None:
    """Start the drawing processes and wait until each is warm (each has drawn its games);
    with ``SKALD_DRAWERS=0``, the drawing thread."""
    await asyncio.gather(*(_run("ping", {}) for _ in range(max(1, workers()))))


async def draw_async(payload: Payload) -> bytes | None:
    """Draw in a drawing process without blocking the event loop."""
    if not payload.get("image"):
        return None
    job = {
        "image": payload.get("image"),
        "view": payload.get("view", {}),
        "names": payload.get("names", []),
        "parts": payload.get("parts"),
        "labels": payload.get("labels", []),
    }
    return await _run("draw", job)


async def card_async(game_id: str, card_id: str) -> bytes | None:
    """``card`` in a drawing process."""
    png: bytes | None = await _run("card", {"game": game_id, "card": card_id})
    return png


async def leaderboard_async(*, title: str, period: str, tables: list[Any]) -> bytes:
    """``leaderboard`` in a drawing process."""
    png: bytes = await _run("leaderboard", {"title": title, "period": period, "tables": tables})
    return png


async def replay_async(payload: Payload) -> bytes | None:
    """Make a replay in a drawing process: it keeps one busy for seconds (boards go to the
    others meanwhile) and never holds the event loop's GIL."""
    if not payload.get("replay"):
        return None
    return await _run("replay", {"replay": payload["replay"]})


def shutdown() -> None:
    """Stop the workers (at exit; a later picture starts them again)."""
    global _pool
    if isinstance(_pool, Processes):
        _pool.shutdown()
    elif _pool is not None:
        _pool.shutdown(wait=True, cancel_futures=True)
    _pool = None
