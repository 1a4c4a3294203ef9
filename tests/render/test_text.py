"""Names are drawn as typed: the packaged font has Nordic and Cyrillic letters, and the
bundled fallback spells what it lacks in ASCII."""

from __future__ import annotations

import pytest
from PIL import Image

from render.common import text as common


def _ink(text: str) -> Image.Image:
    im = Image.new("RGB", (400, 60), (0, 0, 0))
    common.draw_text(im, (4, 4), text, 28, (255, 255, 255))
    return im


def test_the_packaged_font_is_installed() -> None:
    assert common.FONT_FILES is not None, "pip install ttf-opensans (a dependency of Skald)"


@pytest.mark.parametrize("name", ["Bjørn", "Святослав", "Þóra Æsudóttir", "Łukasz Ćwik"])
def test_names_are_kept_as_typed(name: str) -> None:
    assert common.safe_text(name) == name


def test_o_with_stroke_is_not_drawn_as_o() -> None:
    assert _ink("Bjørn").tobytes() != _ink("Bjorn").tobytes()


def test_cyrillic_is_drawn_as_letters_not_boxes() -> None:
    # every missing letter draws the same box; real letters differ from each other
    assert _ink("Свят").tobytes() != _ink("Ярос").tobytes()
    assert all(common.has_glyph(ch) for ch in "Святослав")


def test_a_character_no_font_has_is_replaced() -> None:
    assert not common.has_glyph("\ue000")
    assert common.safe_text("A\ue000B") == "A?B"


def test_without_the_package_the_bundled_font_spells_in_ascii(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(common, "FONT_FILES", None)
    for cached in (common.font, common.has_glyph, common._missing_glyph, common.safe_text, common._masks):
        cached.cache_clear()
    try:
        assert common.safe_text("Bjørn Ærø") == "Bjorn Aero"
        assert common.text_width("Bjørn", 20) > 0
        assert _ink("Bjørn").tobytes() == _ink("Bjorn").tobytes()
    finally:
        monkeypatch.undo()
        for cached in (
            common.font,
            common.has_glyph,
            common._missing_glyph,
            common.safe_text,
            common._masks,
        ):
            cached.cache_clear()
