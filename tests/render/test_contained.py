"""Caching and stamping stay in ``render.common``: a game's drawing files say what they
draw (``render.common.parts``, ``@kept``, ``@remembered``) and hold no stamp or cache of
their own, and ``render.common.cache.forget`` empties every cache under ``render``."""

from __future__ import annotations

import ast
import functools
import importlib
import pkgutil
import random
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import games
import render
from render.common import cache

RENDER = Path(render.__file__).parent
GAMES = sorted(p for p in RENDER.iterdir() if p.is_dir() and p.name not in ("common", "__pycache__"))

# What only render/common may use: stamps, counted caches, the layout test's switch.
FORBIDDEN: dict[str, set[str] | None] = {
    "render.common.stamps": None,  # any name from it
    "render.common.stamp_cut": None,
    "functools": {"lru_cache"},
    "render.common.cache": {"PixelCache", "pictures", "backdrops"},
    "render.common.layout": {"recording_now"},
}
# ``functools.cache`` stays on tables of fixed geometry or data worked out once: functions
# of no argument, so each holds one entry.
PLAIN_CACHE = "cache"


def _imports(tree: ast.Module) -> list[tuple[str, str]]:
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            found += [(node.module, alias.name) for alias in node.names]
        elif isinstance(node, ast.Import):
            found += [(alias.name, "") for alias in node.names]
        elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            found.append((node.value.id, node.attr))  # functools.lru_cache
    return found


def _breaches(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    wrong = []
    for module, name in _imports(tree):
        names = FORBIDDEN.get(module, set())
        if names is None or name in names or name in ("stamps", "stamp_cut"):
            wrong.append(f"{module}.{name}" if name else module)
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef):
            for decorator in node.decorator_list:
                plain = isinstance(decorator, (ast.Name, ast.Attribute)) and ast.unparse(decorator) in (
                    PLAIN_CACHE,
                    f"functools.{PLAIN_CACHE}",
                )
                if plain and (node.args.args or node.args.vararg or node.args.kwonlyargs):
                    wrong.append(f"@cache on {node.name}, which takes arguments")
    return sorted(set(wrong))


def test_the_check_sees_a_file_that_stamps_or_caches_by_itself(tmp_path: Path) -> None:
    own = tmp_path / "own.py"
    own.write_text(
        "import functools\n"
        "from functools import cache\n"
        "from render.common.stamps import stamp\n"
        "from render.common.cache import PixelCache, kept\n"
        "@functools.lru_cache(maxsize=8)\n"
        "def a(x): ...\n"
        "@cache\n"
        "def b(x): ...\n"
        "@cache\n"
        "def c(): ...\n"
    )
    assert _breaches(own) == [
        "@cache on b, which takes arguments",
        "functools.lru_cache",
        "render.common.cache.PixelCache",
        "render.common.stamps.stamp",
    ]


def test_no_game_drawing_file_stamps_or_caches_by_itself() -> None:
    files = [path for folder in GAMES for path in sorted(folder.glob("*.py"))]
    assert len(GAMES) == len(games.names()) and len(files) > 40
    wrong = {str(path.relative_to(RENDER)): _breaches(path) for path in files}
    assert {path: found for path, found in wrong.items() if found} == {}


def _render_modules() -> list[ModuleType]:
    for info in pkgutil.walk_packages(render.__path__, "render."):
        importlib.import_module(info.name)
    return [module for name, module in sys.modules.items() if name == "render" or name.startswith("render.")]


def _caches() -> list[tuple[str, Any]]:
    """Every cache a module under ``render`` holds: remembered functions, pixel caches, and
    the functions whose pictures are kept."""
    found = []
    for module in _render_modules():
        for name, value in vars(module).items():
            if isinstance(value, (functools._lru_cache_wrapper, cache.PixelCache, cache.Kept)):
                found.append((f"{module.__name__}.{name}", value))
    return found


def _held(value: Any) -> int:
    if isinstance(value, cache.PixelCache):
        return len(value.items)
    if isinstance(value, cache.Kept):
        return sum(1 for key in cache.pictures.items if key[0] is value.make)
    return int(value.cache_info().currsize)


def _mid_game(game_id: str, seed: int) -> dict[str, Any]:
    module = games.get(game_id)
    rng = random.Random(seed)
    state = module.setup(seed, module.max_players, None)
    for _ in range(40):
        if module.outcome(state) is not None:
            break
        seat = module.to_act(state)[0]
        state = module.apply(state, seat, rng.choice(module.legal_actions(state, seat)))
    return dict(module.view(state, 0))


def test_forgetting_leaves_no_cache_under_render_holding_anything() -> None:
    names = ["Astrid", "Bjorn", "Sigrid", "Ulf", "Freydis", "Gunnar"]
    for game_id in games.names():
        view = _mid_game(game_id, 3)
        public = games.get(game_id).view(games.get(game_id).setup(3, view["players"], None), None)
        render.board_png(public, names=names[: view["players"]])
        render.board_png(view, names=names[: view["players"]])
        render.hand_png(view, names=names[: view["players"]], seat=0)
    caches = _caches()
    held = {name for name, value in caches if _held(value)}
    # what a board of each game fills: stamps, texts, kept pictures, remembered answers
    for name in (
        "render.common.stamps.cache",
        "render.common.text._masks",
        "render.common.cache.pictures",
        "render.common.cache.backdrops",
        "render.volga.map.tile_image",
        "render.volga.board._log_lines",
    ):
        assert name in held, name
    cache.forget()
    assert {name for name, value in _caches() if _held(value)} == set()
    assert cache.pictures.held == cache.backdrops.held == 0
