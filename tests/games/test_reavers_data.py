"""The data file ``games/reavers/reavers.json``: every value in it is one the rules read, so a
group that edits it to match their copy sees the game change."""

from __future__ import annotations

from games import reavers
from tests.games.reavers_helpers import edited_data


def test_the_trade_pool_holds_the_data_files_dice_per_colour() -> None:
    with edited_data(lambda raw: raw.update(trade_dice_per_color=3)) as edited:
        state = edited.setup(3, 3, {"start": "seat1"})
        colors = sorted(d["color"] for d in state["board"]["trade_dice"])
        assert colors == ["blue"] * 3 + ["red"] * 3 + ["yellow"] * 3
    state = reavers.setup(3, 3, {"start": "seat1"})  # the module in use is back
    assert len(state["board"]["trade_dice"]) == 6
