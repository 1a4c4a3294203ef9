"""An animated replay of a finished game: about one frame per turn, as an animated GIF.

``replay_gif(export)`` takes the replayable export of ``/game log`` (``game``, ``seed``,
``players``, ``options``, ``moves``), plays it again with the game's rules and draws the
public board (``view(state, None)``) at the start and at the end of every turn, a turn
ending whenever the seats who must act change. Frames are reduced in size and share one
palette, so the GIF stores mostly the small regions that change between turns. Pure and
blocking (a few seconds to a minute for a long game): the bot calls it in a worker thread.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from types import ModuleType
from typing import Any

from PIL import Image

import games
import render
from render.common import BG

State = dict[str, Any]

WIDTH = 560  # px: the board is 1280 wide; Discord shows pictures about 400-550 wide
MAX_FRAMES = 80
FRAME_MS = 700
LAST_MS = 5000  # the final position stays on screen
MAX_BYTES = 7_000_000  # Discord lets a bot upload 10 MB; leave room
_PALETTE_COLOURS = 255


def turn_ends(export: Mapping[str, Any]) -> tuple[ModuleType, list[State]]:
    """The game module and the states at the start and at each turn's end, in order.

    A turn ends when ``to_act`` changes; the final state is always the last one.
    """
    module = games.get(str(export["game"]))
    players = len(export["players"])
    state = module.setup(int(export["seed"]), players, dict(export.get("options") or {}))
    states = [state]
    for seat, action in export["moves"]:
        before = module.to_act(state)
        state = module.apply(state, int(seat), str(action))
        if module.to_act(state) != before:
            states.append(state)
    if states[-1] is not state:
        states.append(state)
    return module, states


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
    board = render.board_image(module.view(state, None), names=names)  # drawn, not a PNG read again
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


def _encode(frames: list[Image.Image], palette: Image.Image) -> bytes:
    height = max(f.height for f in frames)
    indexed = []
    for frame in frames:
        canvas = Image.new("RGB", (frame.width, height), BG)  # boards grow: pad at the bottom
        canvas.paste(frame, (0, 0))
        indexed.append(canvas.quantize(palette=palette, dither=Image.Dither.NONE))
    durations = [FRAME_MS] * (len(indexed) - 1) + [LAST_MS]
    out = io.BytesIO()
    indexed[0].save(
        out,
        format="GIF",
        save_all=True,
        append_images=indexed[1:],
        duration=durations,
        loop=0,
        optimize=True,  # unchanged pixels become transparent: small delta frames
        disposal=1,
    )
    return out.getvalue()


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
    module, states = turn_ends(export)
    names = [str(n) for n in export["players"]]
    drawn: dict[int, Image.Image] = {}
    while True:
        picked = sample(range(len(states)), max_frames)
        for i in picked:
            if i not in drawn or drawn[i].width != width:
                drawn[i] = _board(module, states[i], names, width)
        frames = [drawn[i] for i in picked]
        data = _encode(frames, _palette([frames[0], frames[-1]]))
        if len(data) <= max_bytes or (max_frames <= 10 and width <= 320):
            return data
        if max_frames > 10:
            max_frames = max(10, max_frames * 2 // 3)
        else:
            width = max(320, width * 3 // 4)
