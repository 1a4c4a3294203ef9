"""An animated replay of a finished game: about one frame per turn, as an animated GIF.

``replay_gif(export)`` takes the replayable export of ``/game log`` (``game``, ``seed``,
``players``, ``options``, ``moves``), plays it again with the game's rules and draws the
public board (``view(state, None)``) at the start and at the end of every turn, a turn
ending whenever the seats who must act change. Frames are reduced in size and share one
palette, so the GIF stores mostly the small regions that change between turns. Pure and
blocking (a few seconds to a minute for a long game): the bot makes it in a drawing process.

It holds about what one board does: each frame is drawn (``render.board_image``, no PNG
made and read again), reduced, mapped onto the palette and kept packed (a few tens of KB);
the GIF is written a frame at a time (``render.common.gif``). Only the turns drawn are kept
from the game played again (a long game's states were tens of MB).
"""

from __future__ import annotations

import zlib
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from PIL import Image

import games
import render
from games import upgrade
from render.common import BG
from render.common.gif import CLEAR, Animation

State = dict[str, Any]

WIDTH = 560  # px: the board is 1280 wide; Discord shows pictures about 400-550 wide
MAX_FRAMES = 80
FRAME_MS = 700
LAST_MS = 5000  # the final position stays on screen
MAX_BYTES = 7_000_000  # Discord lets a bot upload 10 MB; leave room
_PALETTE_COLOURS = CLEAR  # one index left free, for the pixels a frame leaves unchanged


def _played(export: Mapping[str, Any]) -> tuple[ModuleType, Iterator[State]]:
    """The game module, and the states at the start and at each turn's end, in order."""
    module = games.get(str(export["game"]))
    export = upgrade.export(dict(export))  # one queued before seats were counted from 1

    def states() -> Iterator[State]:
        players = len(export["players"])
        state = module.setup(int(export["seed"]), players, dict(export.get("options") or {}))
        yield state
        last = state
        for seat, action in export["moves"]:
            before = module.to_act(state)
            state = module.apply(state, int(seat), str(action))
            if module.to_act(state) != before:
                yield state
                last = state
        if last is not state:
            yield state

    return module, states()


def turn_ends(export: Mapping[str, Any]) -> tuple[ModuleType, list[State]]:
    """The game module and the states at the start and at each turn's end, in order.

    A turn ends when ``to_act`` changes; the final state is always the last one.
    """
    module, states = _played(export)
    return module, list(states)


def sample(items: Sequence[Any], cap: int) -> list[Any]:
    """At most ``cap`` items taken evenly, always keeping the first and the last."""
    if len(items) <= cap:
        return list(items)
    if cap < 2:
        return [items[-1]]
    last = len(items) - 1
    picks = sorted({round(i * last / (cap - 1)) for i in range(cap)})
    return [items[i] for i in picks]


def _board(module: ModuleType, state: State, names: Sequence[str], width: int) -> Image.Image:
    board = render.board_image(module.view(state, None), names=names)
    height = max(1, round(board.height * width / board.width))
    if board.width >= 2 * width:
        board = board.reduce(2)  # a box filter halves it fast; Lanczos does the rest
    return board.resize((width, height), Image.Resampling.LANCZOS)


def _palette(images: Sequence[Image.Image]) -> Image.Image:
    """One palette for every frame, from the first and last boards side by side: the
    boards share their colours, and a shared palette keeps unchanged pixels identical."""
    width = sum(im.width for im in images)
    sheet = Image.new("RGB", (width, max(im.height for im in images)), BG)
    x = 0
    for im in images:
        sheet.paste(im, (x, 0))
        x += im.width
    return sheet.quantize(_PALETTE_COLOURS, method=Image.Quantize.MEDIANCUT)


@dataclass(frozen=True)
class Frame:
    """A frame mapped onto the replay's palette: its indices, deflated."""

    size: tuple[int, int]
    packed: bytes

    @classmethod
    def of(cls, board: Image.Image, palette: Image.Image) -> Frame:
        mapped = board.quantize(palette=palette, dither=Image.Dither.NONE)
        return cls(mapped.size, zlib.compress(mapped.tobytes(), 1))

    def indices(self, height: int, ground: int) -> Image.Image:
        """The frame's indices, padded at the bottom to ``height`` with index ``ground``."""
        own = Image.frombytes("L", self.size, zlib.decompress(self.packed))
        if own.height >= height:
            return own
        padded = Image.new("L", (own.width, height), ground)  # boards grow: pad at the bottom
        padded.paste(own, (0, 0))
        return padded


class Frames:
    """The frames of one game at one width, drawn as they are first asked for."""

    def __init__(self, export: Mapping[str, Any], width: int) -> None:
        self.export, self.width = export, width
        self.names = [str(n) for n in export["players"]]
        self.module, states = _played(export)
        first = last = next(states)  # the game played through once: its length, its ends
        self.count = 1
        for state in states:
            last, self.count = state, self.count + 1
        boards = [_board(self.module, s, self.names, width) for s in (first, last)]
        self.palette = _palette(boards)
        self.kept: dict[int, Frame] = {0: Frame.of(boards[0], self.palette)}
        self.kept[self.count - 1] = Frame.of(boards[1], self.palette)
        ground = Image.new("RGB", (1, 1), BG).quantize(palette=self.palette, dither=Image.Dither.NONE)
        self.ground = int(ground.tobytes()[0])

    def frames(self, picked: Sequence[int]) -> list[Frame]:
        """The frames at these turn ends, drawing (and keeping) those not kept yet."""
        missing = [i for i in picked if i not in self.kept]
        if missing:
            _, states = _played(self.export)
            wanted = set(missing)
            for i, state in enumerate(states):
                if i in wanted:
                    board = _board(self.module, state, self.names, self.width)
                    self.kept[i] = Frame.of(board, self.palette)
        return [self.kept[i] for i in picked]

    def gif(self, picked: Sequence[int]) -> bytes:
        frames = self.frames(picked)
        height = max(f.size[1] for f in frames)
        flat = self.palette.getpalette() or []
        animation = Animation((self.width, height), bytes(flat[: 3 * _PALETTE_COLOURS]))
        durations = [FRAME_MS] * (len(frames) - 1) + [LAST_MS]
        for frame, duration in zip(frames, durations, strict=True):
            animation.add(frame.indices(height, self.ground), duration)
        return animation.finish()


def replay_gif(
    export: Mapping[str, Any],
    *,
    width: int = WIDTH,
    max_frames: int = MAX_FRAMES,
    max_bytes: int = MAX_BYTES,
) -> bytes:
    """The animated replay of ``export`` as GIF bytes, at most ``max_bytes`` long.

    One frame per turn (sampled evenly down to ``max_frames``), each the public board
    ``width`` px wide; the last frame is held longer. Too big a result is made again with
    fewer frames, then narrower ones.
    """
    frames = Frames(export, width)
    while True:
        if frames.width != width:
            frames = Frames(export, width)
        data = frames.gif(sample(range(frames.count), max_frames))
        if len(data) <= max_bytes or (max_frames <= 10 and width <= 320):
            return data
        if max_frames > 10:
            max_frames = max(10, max_frames * 2 // 3)
        else:
            width = max(320, width * 3 // 4)
