"""scripts/ensure-venv.sh, which run.sh and test.sh source, with stand-in Pythons (shell
scripts that answer the version checks and record what pip was asked), so nothing is
installed: one install for both scripts, an old venv rebuilt, a too-old Python named;
and run.sh called from another folder."""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

FAKE_PYTHON = """#!/usr/bin/env bash
# A stand-in Python {version}: version checks, 'venv' makes a copy of itself, 'pip' is logged.
case "$*" in
    *sys.version_info*) exit {too_old} ;;
    *platform*) echo {version} ;;
    "-m venv "*) mkdir -p "$3/bin" && cp "$0" "$3/bin/python" ;;
    "-m pip "*) echo "$*" >> "$(dirname "$0")/../pip.log" ;;
    "-m bot"*) echo "in $PWD: $*" ;;
esac
"""


def _python(where: Path, version: str) -> Path:
    where.parent.mkdir(parents=True, exist_ok=True)
    too_old = 1 if tuple(int(p) for p in version.split(".")[:2]) < (3, 11) else 0
    where.write_text(FAKE_PYTHON.format(version=version, too_old=too_old))
    where.chmod(where.stat().st_mode | stat.S_IEXEC)
    return where


def _project(tmp_path: Path) -> Path:
    root = tmp_path / "skald"
    (root / "scripts").mkdir(parents=True)
    shutil.copy(ROOT / "scripts" / "ensure-venv.sh", root / "scripts")
    (root / "pyproject.toml").write_text("[project]\nname = 'x'\n")
    return root


def _ensure(root: Path, python: Path) -> subprocess.CompletedProcess[str]:
    script = f'set -euo pipefail; root="{root}"; . "$root/scripts/ensure-venv.sh"; echo ready'
    env = {**os.environ, "PYTHON": str(python)}
    return subprocess.run(["bash", "-c", script], env=env, capture_output=True, text=True, timeout=30)


def test_one_install_serves_both_scripts_and_says_so_once(tmp_path: Path) -> None:
    root = _project(tmp_path)
    first = _ensure(root, _python(tmp_path / "bin" / "python3", "3.12.1"))
    assert first.returncode == 0 and first.stdout.strip() == "ready", first.stderr
    assert "Installing Skald" in first.stderr
    pip = (root / ".venv" / "pip.log").read_text().splitlines()
    assert len(pip) == 2 and "--quiet --quiet" in pip[1] and pip[1].endswith(f"--editable {root}[test]")
    again = _ensure(root, tmp_path / "bin" / "python3")  # test.sh after run.sh, or run.sh again
    assert again.returncode == 0 and again.stderr == ""
    assert len((root / ".venv" / "pip.log").read_text().splitlines()) == 2  # not installed twice


def test_a_venv_of_an_old_python_is_rebuilt(tmp_path: Path) -> None:
    root = _project(tmp_path)
    _python(root / ".venv" / "bin" / "python", "3.10.13")
    done = _ensure(root, _python(tmp_path / "bin" / "python3", "3.12.1"))
    assert done.returncode == 0, done.stderr
    assert done.stderr.splitlines()[0] == (
        "Rebuilding .venv: it was made with Python 3.10.13 and Skald needs 3.11 or newer."
    )
    assert "3.12.1" in (root / ".venv" / "bin" / "python").read_text()


def test_too_old_a_python_is_one_sentence_and_a_failure(tmp_path: Path) -> None:
    root = _project(tmp_path)
    done = _ensure(root, _python(tmp_path / "bin" / "python3", "3.10.13"))
    assert done.returncode != 0 and "ready" not in done.stdout
    assert len(done.stderr.splitlines()) == 1, done.stderr
    assert "needs Python 3.11 or newer" in done.stderr and "3.10.13" in done.stderr
    assert "PYTHON=" in done.stderr and not (root / ".venv").exists()


def test_run_sh_keeps_the_callers_folder_for_its_arguments(tmp_path: Path) -> None:
    root = _project(tmp_path)
    shutil.copy(ROOT / "run.sh", root)
    python = _python(tmp_path / "bin" / "python3", "3.12.1")
    caller = tmp_path / "elsewhere"
    caller.mkdir()
    env = {**os.environ, "PYTHON": str(python)}

    def run(*args: str) -> str:
        done = subprocess.run(
            ["../skald/run.sh", *args], cwd=caller, env=env, capture_output=True, text=True, timeout=30
        )
        assert done.returncode == 0, done.stderr
        return done.stdout.strip()

    assert run("replay", "game.json") == f"in {caller}: -m bot replay game.json"
    assert run("local", "--out", "pics") == f"in {caller}: -m bot local --out pics"
    assert run() == f"in {root}: -m bot"  # the bot itself: skald.db and .env beside the project
