"""Write the Knarr pictures to a folder to look at them (not a test).

    python -m tests.render.snapshots [OUT_DIR] [--docs]

Writes every hand-built sample board and a hand, and, when ``games.knarr`` exists, boards
and hands from random real games. ``--docs`` also writes ``docs/board.png`` (a 3-player
mid-game board, from a real game when the engine exists).
"""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path
from typing import Any

from render import board_png, hand_png
from tests.render import sample_views as sv

NAMES = ["Astrid", "Bjørn", "Sigrid", "Ulf"]


def real_game(players: int, seed: int, options: dict[str, str], steps: int) -> Any:
    """A ``games.knarr`` state after ``steps`` random (but busy) moves."""
    import games

    knarr = games.get("knarr")
    state = knarr.setup(seed, players, options)
    rng = random.Random(seed)
    for _ in range(steps):
        seats = knarr.to_act(state)
        if not seats:
            break
        seat = seats[0]
        actions = knarr.legal_actions(state, seat)
        busy = [a for a in actions if not a.startswith(("end", "skip", "cancel", "pass"))]
        state = knarr.apply(state, seat, rng.choice(busy or actions))
    return state


def main(argv: list[str]) -> None:
    docs = "--docs" in argv
    args = [a for a in argv if not a.startswith("--")]
    out = Path(args[0] if args else "/tmp/render-check")
    out.mkdir(parents=True, exist_ok=True)
    for name, view in sv.all_views().items():
        (out / f"{name}.png").write_bytes(board_png(view, names=NAMES))
    seen = sv.with_hand(sv.three_player_mid(), 1, ["V11", "V28", "V50"])
    hand = hand_png(seen, names=NAMES, seat=1)
    assert hand is not None
    (out / "hand_3p.png").write_bytes(hand)
    docs_view: dict[str, Any] = sv.three_player_mid()
    if importlib.util.find_spec("games.knarr") is not None:
        import games

        knarr = games.get("knarr")
        for players, options in ((2, {}), (3, {"artifact": "golden_bracelet"}), (4, {})):
            for label, steps in (("mid", 16 * players), ("end", 5000)):
                state = real_game(players, 5, options, steps)
                view = knarr.view(state, None)
                (out / f"real_{players}p_{label}.png").write_bytes(board_png(view, names=NAMES))
                seat = knarr.to_act(state)[0] if knarr.to_act(state) else 0
                hand = hand_png(knarr.view(state, seat), names=NAMES, seat=seat)
                assert hand is not None
                (out / f"real_{players}p_{label}_hand.png").write_bytes(hand)
        state = real_game(3, 5, {"artifact": "golden_bracelet"}, 60)
        docs_view = knarr.view(state, None)
    if docs:
        target = Path(__file__).resolve().parents[2] / "docs" / "board.png"
        target.write_bytes(board_png(docs_view, names=NAMES[:3]))
        print(f"wrote {target}")
    print(f"wrote pictures to {out}")


if __name__ == "__main__":
    main(sys.argv[1:])
