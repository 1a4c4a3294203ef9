"""Names are drawn as typed: the packaged font has Nordic and Cyrillic letters, and the
bundled fallback spells what it lacks in ASCII."""

from __future__ import annotations

import math

import pytest
from PIL import Image, ImageDraw

from render.common import glyphs
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


def _clear_caches() -> None:
    """Everything the text module remembers of a font: after the font changes."""
    for cached in (
        common.font,
        common.has_glyph,
        common._missing_glyph,
        common.safe_text,
        common._masks,
        common._words,
        common._advance,
        common._width,
        common._fit,
        common._wrap,
    ):
        cached.cache_clear()


def test_without_the_package_the_bundled_font_spells_in_ascii(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(common, "FONT_FILES", None)
    _clear_caches()
    try:
        assert common.safe_text("Bjørn Ærø") == "Bjorn Aero"
        assert common.text_width("Bjørn", 20) > 0
        assert common.text_width("Bjørn Ærø", 20) > common.text_width("Bjørn", 20)
        assert _ink("Bjørn").tobytes() == _ink("Bjorn").tobytes()
    finally:
        monkeypatch.undo()
        _clear_caches()


LINE = "Astrid takes V21 from the purple space for 1 recruit"


def _ink_sum(mask: Image.Image) -> int:
    return sum(value * count for value, count in enumerate(mask.histogram()))


def _inked_columns(mask: Image.Image) -> set[int]:
    return {x for x in range(mask.width) if mask.crop((x, 0, x + 1, mask.height)).getbbox()}


@pytest.mark.parametrize(("size", "bold", "halo"), [(16, False, False), (20, True, False), (32, True, True)])
def test_a_line_put_together_from_its_words_looks_like_one_drawn_at_once(
    size: int, bold: bool, halo: bool
) -> None:
    key = (LINE, size, bold, halo)
    composed, at_once = common._make_mask(key), common._draw_mask(key)
    assert composed.size == at_once.size
    # a letter may sit a pixel off, no more: the same ink, over the same columns but a
    # pixel at either end of a word
    assert abs(_ink_sum(composed) - _ink_sum(at_once)) <= 0.02 * _ink_sum(at_once)
    assert len(_inked_columns(composed) ^ _inked_columns(at_once)) <= 2 * len(LINE.split())
    assert composed.getbbox() == at_once.getbbox()


def test_a_new_line_draws_only_the_words_not_seen_before(monkeypatch: pytest.MonkeyPatch) -> None:
    drawn: list[str] = []

    def draw(key: tuple[str, int, bool, bool]) -> Image.Image:
        drawn.append(key[0])
        return common._draw_mask(key)

    monkeypatch.setattr(common, "_words", common.PixelCache(draw, 1_000_000))
    common._make_mask(("Astrid takes V21 from the purple space", 20, False, False))
    assert drawn == ["Astrid", "takes", "V21", "from", "the", "purple", "space"]
    drawn.clear()
    common._make_mask(("Bjørn takes V28 from the green space", 20, False, False))
    assert drawn == ["Bjørn", "V28", "green"]


def test_spaces_are_kept_where_they_are() -> None:
    one, two = common.text_width("a b", 20), common.text_width("a  b", 20)
    assert two - one == round(common._advance(" ", 20, False)) or two - one == math.ceil(
        common._advance(" ", 20, False)
    )
    assert common.text_width(" a", 20) > common.text_width("a", 20)


MEASURED = [
    "",
    " ",
    "V21",
    "Sigríður",
    "Astrid takes V21 from the purple space",
    "two  spaces",
    " leading and trailing ",
    "Player123-0: choose a card to recruit",
    "Жанна",
    "Round 4...",
]


@pytest.mark.parametrize("bold", [False, True])
def test_a_text_is_measured_as_wide_as_its_mask(bold: bool) -> None:
    """``text_width`` works the width out from the words' widths: the same as the mask's."""
    for text in MEASURED:
        for size in (14, 20, 28, 44):
            mask = common._make_mask((common.safe_text(text), size, bold, False))
            assert common.text_width(text, size, bold=bold) == mask.width, (text, size)


def test_measuring_draws_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """Fitting a text tries several sizes; only the one it is drawn at is drawn."""
    drawn: list[tuple[str, int, bool, bool]] = []

    def draw(key: tuple[str, int, bool, bool]) -> Image.Image:
        drawn.append(key)
        return Image.new("L", (1, 1))

    monkeypatch.setattr(common, "_make_mask", draw)
    monkeypatch.setattr(common, "_masks", common.PixelCache(common._lettering, 9, lambda _: 1))
    monkeypatch.setattr(common, "_words", common.PixelCache(draw, 9))
    text, size = common.fit_text("A rather long name for a player indeed", 44, 300)
    assert size < 44 and drawn == []


LETTERED = [
    "Astrid",
    "Sigríður",
    "Bjørn",
    "AVATAR",
    "jojo",
    "Tyr.",
    "V44,",
    "Жанна",
    "Ελένη",
    "Player123-0",
    "W'y",
]


@pytest.mark.parametrize("bold", [False, True])
def test_a_word_put_together_from_its_letters_is_freetypes_own(bold: bool) -> None:
    """Letters pasted at the pen's whole pixels, blended where they overlap: the pixels
    FreeType draws for the whole word (kerning, overhangs, accents, Cyrillic, Greek)."""
    for word in LETTERED:
        assert glyphs.composable(word), word
        for size in (11, 14, 18, 20, 28, 32, 44):
            f = common.font(size, bold)
            ascent, descent = f.getmetrics()
            shape = (math.ceil(f.getlength(word)) + 2, ascent + descent + 2)
            at_once = Image.new("L", shape, 0)
            ImageDraw.Draw(at_once).text((1, 1), word, font=f, fill=255)
            assert glyphs.compose(f, word, shape, 1).tobytes() == at_once.tobytes(), (word, size)


def test_what_would_come_out_otherwise_is_drawn_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ligatures (``fi``), combining marks and scripts that need shaping are drawn by
    FreeType in one go; a plain word is put together."""
    for text in ["office", "fl", "e\u0301", "سلام", "x"]:
        assert not glyphs.composable(text), text
    composed: list[str] = []

    def compose(f: object, text: str, *rest: object) -> Image.Image:
        composed.append(text)
        return Image.new("L", (1, 1))

    monkeypatch.setattr(glyphs, "compose", compose)
    common._draw_mask(("Astrid", 20, False, False))
    common._draw_mask(("office", 20, False, False))
    common._draw_mask(("Astrid", 20, False, True))  # a halo: a stroke, drawn whole
    assert composed == ["Astrid"]


# a background (wholly transparent in RGBA: Pillow blends a colour there its own way),
# a text colour and a halo colour, in each mode a text is drawn on
BACK = {"RGB": (40, 90, 60), "RGBA": (40, 90, 60, 0), "L": 90}
FILL = {"RGB": (250, 240, 200), "RGBA": (250, 240, 200, 255), "L": 250}
DARK = {"RGB": (10, 10, 10), "RGBA": (10, 10, 10, 255), "L": 10}


def _pasted_whole(mode: str, at: tuple[int, int], text: str, size: int, halo: object) -> Image.Image:
    """``draw_text`` as Pillow itself would do it: the colour through the whole mask."""
    im = Image.new(mode, (160, 50), BACK[mode])
    mask = common._make_mask((text, size, False, False))
    if halo is not None:
        outline = common._make_mask((text, size, False, True))
        dx, dy = (outline.width - mask.width) // 2, (outline.height - mask.height) // 2
        im.paste(halo, (at[0] - dx, at[1] - dy), outline)
    im.paste(FILL[mode], at, mask)
    return im


@pytest.mark.parametrize("mode", ["RGB", "RGBA", "L"])
def test_a_text_pasted_through_its_ink_alone_is_pillows_own(mode: str) -> None:
    """Only the inked part of a mask is pasted, and on RGB through a picture of the colour:
    the same pixels as the colour through the whole mask, halos and edges included."""
    for text in ["Astrid takes V21", "jog", "Жанна", " ", "office"]:
        for at in [(5, 6), (-7, -9), (120, 30)]:  # inside, and running off two edges
            for halo in (None, DARK[mode]):
                for size in (14, 22):
                    im = Image.new(mode, (160, 50), BACK[mode])
                    common.draw_text(im, at, text, size, FILL[mode], halo=halo)
                    expected = _pasted_whole(mode, at, text, size, halo)
                    assert im.tobytes() == expected.tobytes(), (text, at, halo, size)


def test_a_kept_mask_holds_its_ink_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """The blank rows and columns of a mask are cut away when it is kept, and an RGB
    picture is not blended a colour at a time (Pillow's slow loop for a colour)."""
    lettering = common._lettering(("ace", 30, False, False))
    whole = common._make_mask(("ace", 30, False, False))
    assert lettering.ink is not None and (lettering.width, lettering.height) == whole.size
    assert (
        lettering.ink.height < whole.height * 0.7
        and lettering.ink.tobytes() == whole.crop(whole.getbbox()).tobytes()
    )
    assert common._lettering((" ", 30, False, False)).ink is None
    colours: list[object] = []
    paste = Image.Image.paste

    def watched(self: Image.Image, im: object, *rest: object, **named: object) -> None:
        if isinstance(im, tuple):
            colours.append(im)
        paste(self, im, *rest, **named)

    monkeypatch.setattr(Image.Image, "paste", watched)
    common.draw_text(Image.new("RGB", (100, 50)), (2, 2), "ace", 30, (255, 255, 255), halo=(0, 0, 0))
    assert colours == []


def test_fits_widths_and_wraps_remembered_are_worked_out_afresh() -> None:
    """``fit_text``, ``text_width`` and ``wrap_text`` remember their answers: the same as
    worked out with nothing remembered, and a caller that changes the lines it got changes
    nothing remembered."""
    texts = [
        "Gulf of Bothnia",
        "Святослав Sigríður",
        "W" * 40,
        "e\u0301cole naïve",
        "a b c d e f g h i j k l",
    ]
    asked = [(text, size, room) for text in texts for size, room in [(18, 60), (30, 200), (15, 400)]]
    first = [
        (common.fit_text(t, s, r, bold=True), common.text_width(t, s), common.wrap_text(t, s, r, max_lines=2))
        for t, s, r in asked
    ]
    for lines in (answer[2] for answer in first):
        lines.append("changed")
    common._width.cache_clear()
    common._fit.cache_clear()
    common._wrap.cache_clear()
    afresh = [
        (common.fit_text(t, s, r, bold=True), common.text_width(t, s), common.wrap_text(t, s, r, max_lines=2))
        for t, s, r in asked
    ]
    again = [
        (common.fit_text(t, s, r, bold=True), common.text_width(t, s), common.wrap_text(t, s, r, max_lines=2))
        for t, s, r in asked
    ]
    assert again == afresh
    assert [(fit, width, lines[:-1]) for fit, width, lines in first] == afresh
