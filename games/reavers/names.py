"""Typed moves: the words a player types, put in the form of the legal actions."""

from __future__ import annotations


def canonical(words: list[str]) -> list[str]:
    words = [w.upper() if w[:1] in "rvkbjptu" and w[1:].isdigit() else w for w in words]
    if words[:1] == ["trade"]:  # two pool dice may be named in either order
        words = ["trade", *sorted(words[1:])]
    return words
