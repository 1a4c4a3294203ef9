"""One press for what the rules let a player decide at once.

Each shortcut is an extra legal action beside the steps it stands for (those stay, so no
choice is lost): a whole group moved along the way a Movement goes, the fyrd raised
against every Viking warrior there that the coins pay for, Income or Recruitment at every
Stronghold alike, the Vikings' recruits spread evenly, both draft tiles taken at once,
all casualties as warriors, every Drakkar unit brought home evenly. Forced steps are
settled from the single steps only, so a shortcut never makes a choice that was a
player's.
"""

from __future__ import annotations


def is_shortcut(action: str) -> bool:
    """``take 2 3``, ``move kent essex all``, ``fyrd kent all``, ``income all coin``,
    ``recruit all``, ``lose warriors``, ``return all``."""
    words = action.split()
    return (words[:1] == ["take"] and len(words) == 3) or "all" in words or action == "lose warriors"
