"""A compiled build older than its source never runs (``judge.battlecon.speed.build``,
docs/compiled.md): the package compares the build's stamp with the sources at import and
runs the source where they differ, saying why on stderr; ``JUDGE_BUILD=pure`` runs the
source too. Checked in copies of the installed compiled build (skipped where the suite
runs pure: ``tests/judge/test_compiled_build.py`` then builds its own)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from judge.battlecon.speed import build
from judge.builds import compiled_modules

ROOT = Path(__file__).resolve().parents[2]
PROBE = ("from judge.battlecon import Duel, facts\n"
         "from judge.builds import compiled_modules as running\n"
         "print(facts.__file__.endswith('.so'), len(running()))")


def test_the_digest_follows_the_sources(tmp_path: Path) -> None:
    (tmp_path / "a.py").write_text("x = 1\n")
    (tmp_path / "b.py").write_text("y = 2\n")
    first = build.digest(["a.py", "b.py"], tmp_path)
    assert first == build.digest(["b.py", "a.py"], tmp_path)  # in no particular order
    (tmp_path / "b.py").write_text("y = 3\n")
    assert build.digest(["a.py", "b.py"], tmp_path) != first


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    """The installed compiled build and its sources, copied with their times."""
    if "judge.battlecon.facts" not in compiled_modules():
        pytest.skip("the suite runs pure Python here: no installed compiled build to copy")
    shutil.copytree(ROOT / "judge", tmp_path / "judge",
                    ignore=shutil.ignore_patterns("__pycache__"))
    for runtime in ROOT.glob("*__mypyc*.so"):
        shutil.copy2(runtime, tmp_path)
    return tmp_path


def run(where: Path, **env: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "JUDGE_BUILD")}
    return subprocess.run([sys.executable, "-c", PROBE], cwd=where, env={**clean, **env},
                          capture_output=True, text=True, check=True)


def test_a_fresh_build_runs_compiled_even_after_a_touch(copy: Path) -> None:
    (copy / "judge/battlecon/engine.py").touch()  # newer, the same text: the digest decides
    ran = run(copy)
    assert ran.stdout.split()[0] == "True" and int(ran.stdout.split()[1]) >= 27
    assert ran.stderr == ""


def test_an_edited_source_runs_instead_of_its_stale_build(copy: Path) -> None:
    names = copy / "judge/battlecon/names.py"
    names.write_text(names.read_text() + "\nEDITED = True\n")
    ran = run(copy)
    assert ran.stdout.split() == ["False", "0"]
    assert "running the rules core as pure Python: a compiled module's source changed" \
        in ran.stderr
    assert "bash scripts/setup.sh" in ran.stderr


def test_judge_build_pure_runs_the_source_quietly(copy: Path) -> None:
    ran = run(copy, JUDGE_BUILD="pure")
    assert ran.stdout.split() == ["False", "0"]
    assert ran.stderr == ""


def test_a_build_without_a_stamp_is_not_trusted(copy: Path) -> None:
    for stamp in (copy / "judge/battlecon/speed").glob("stamp*.so"):
        stamp.unlink()
    ran = run(copy)
    assert ran.stdout.split() == ["False", "0"]
    assert "carry no stamp" in ran.stderr
