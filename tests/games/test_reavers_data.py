"""The data file ``games/reavers/reavers.json``: every value in it is one the rules read, so a
group that edits it to match their copy sees the game change."""

from __future__ import annotations

from typing import Any

from games import reavers
from games.reavers import data
from tests.games.reavers_helpers import edited_data


def test_the_trade_pool_holds_the_data_files_dice_per_colour() -> None:
    with edited_data(lambda raw: raw.update(trade_dice_per_color=3)) as edited:
        state = edited.setup(3, 3, {"start": "seat1"})
        colors = sorted(d["color"] for d in state["board"]["trade_dice"])
        assert colors == ["blue"] * 3 + ["red"] * 3 + ["yellow"] * 3
    state = reavers.setup(3, 3, {"start": "seat1"})  # the module in use is back
    assert len(state["board"]["trade_dice"]) == 6


# what the rules read of each kind of card; a field outside these would change nothing
FIELDS = {
    ("reavers", None): {"id", "name", "clan", "roll", "rally", "ability", "glory"},
    ("village_spoils", "farm"): {"id", "kind", "name", "gain", "defense", "reward"},
    ("village_spoils", "wall"): {"id", "kind", "name", "gain", "defense", "reward"},
    ("village_spoils", "upgrade"): {"id", "kind", "name", "token"},
    ("village_spoils", "artifact"): {"id", "kind", "name", "store", "location", "effect", "glory"},
    ("keep_spoils", "treasure"): {"id", "kind", "name", "set"},
    ("keep_spoils", "wall"): {"id", "kind", "name", "gain", "defense", "reward"},
    ("keep_spoils", "tower"): {"id", "kind", "name", "gain", "defense", "reward"},
    ("journeys", None): {"id", "name", "pay", "penalty"},
    ("sea_battles", None): {"id", "name", "defense", "combo", "glory", "reward"},
    ("prophecies", None): {"id", "name", "need", "glory"},
    ("territories", None): {"id", "type", "defense", "cost", "reward"},
    ("upgrades", None): {"id", "name", "faces"},
}


def test_every_card_holds_only_the_fields_its_kind_uses() -> None:
    raw = data._RAW
    for (section, kind), fields in FIELDS.items():
        cards = [c for c in raw[section] if c.get("kind") == kind]
        assert cards, (section, kind)
        for card in cards:
            assert set(card) - {"designed"} == fields, card["id"]
    assert all(set(entry) == {"values"} for name, entry in raw["sets"].items() if name != "designed")


def test_designed_entries_are_marked_with_the_one_key_designed() -> None:
    """A marker is not a value: it is always ``"designed": true`` on the entry it marks."""

    def markers(node: Any) -> list[str]:
        found: list[str] = []
        if isinstance(node, dict):
            for key, value in node.items():
                if key.startswith("designed"):
                    found += [] if key == "designed" and value is True else [key]
                found += markers(value)
        elif isinstance(node, list):
            for value in node:
                found += markers(value)
        return found

    assert markers(data._RAW) == []


def test_a_yellow_leader_draws_as_many_spoils_cards_as_the_data_file_says() -> None:
    def edit(raw: dict[str, Any]) -> None:
        raw["leader_bonus"]["yellow"] = {"spoils": 2, "food": 1}

    with edited_data(edit) as edited:
        state = edited.setup(3, 2, {"start": "seat1"})
        state["board"]["recruit"][2] = ["R22"]  # a yellow Reaver
        food = state["seats"][0]["food"]
        for action in ("place recruit", "join", "take slot 3", "use lead"):
            state = edited.apply(state, 0, action)
        assert state["seats"][0]["food"] == food + 1
        drawn = 0
        while edited.to_act(state) == [0] and "take spoils keeps" in edited.legal_actions(state, 0):
            state = edited.apply(state, 0, "take spoils keeps")
            drawn += 1
        assert drawn == 2


def test_spoils_cards_keep_the_contracts_shape_in_views() -> None:
    """The view still gives every Spoils card ``gain``, ``defense`` and ``reward`` (and a Keep
    card its ``set``), empty where the kind has none, as ``docs/contract.md`` describes."""
    from games.reavers.views import card_view

    for card in data._RAW["village_spoils"] + data._RAW["keep_spoils"]:
        shown = card_view(card["id"])
        assert {"gain", "defense", "reward"} <= set(shown), card["id"]
        assert card["id"].startswith("V") or "set" in shown
