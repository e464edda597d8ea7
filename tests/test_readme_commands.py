"""Every command the README shows works as written after its set-up (``scripts/setup.sh``
puts ``judge`` on the PATH): each shell line of the README is run here, placeholders filled
in, from a directory of its own, and must succeed. A README line this table does not know
fails the test, so a command added to the README is a command tested."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.serving import ROOT, free_port

README = ROOT / "README.md"
EXAMPLE = ROOT / "examples" / "comic-beat-1.json"
CHARACTERS = ROOT / "tests" / "data" / "artobattlers" / "own-characters.json"

# The README's line (without its comment) → the lines run for it ({placeholders} filled).
RUNS: dict[str, list[str]] = {
    "judge replay RECORD.json": ["judge replay record.json"],
    "judge replay RECORD.json --json": ["judge replay record.json --json"],
    "judge replay RECORD.json --at N": ["judge replay record.json --at 5"],
    "judge replay RECORD.json --events": ["judge replay record.json --events"],
    "judge fighters [--json]": ["judge fighters", "judge fighters --json"],
    "judge fighters --doubts [--json]": ["judge fighters --doubts", "judge fighters --doubts --json"],
    "judge token create --role scorekeeper|judge|head_judge --name NAME [--expires WHEN] "
    "[--reissue] [--db PATH]": [
        "judge token create --role scorekeeper --name Ana",
        "judge token create --role judge --name Ben --db other.db",
        "judge token create --role head_judge --name Cleo --expires 30d",
        "judge token create --role head_judge --name Cleo --reissue"],
    "judge token list [--json] [--db PATH]": ["judge token list", "judge token list --json --db other.db"],
    "judge token revoke ID [--db PATH]": ["judge token revoke {token_id}"],
    "judge import FILE [--copy] [--db battlecon.db]": [  # the same store: a copy, asked for
        "judge import record.json", "judge import record.json --copy --db battlecon.db"],
    "judge export DUEL_ID [--log] [-o FILE]": [
        "judge export {duel}", "judge export {duel} --log -o duel.log.json",
        "judge export {duel} -o duel.json"],
    "judge verify FILE [FILE ...] [--key KEY]": [
        "judge verify duel.json", "judge verify duel.json duel.log.json",
        "judge verify duel.log.json --key '{key}'"],
    "judge key [--db battlecon.db]": ["judge key", "judge key --db battlecon.db"],
    "judge characters import FILE [--replace] [--db battlecon.db]": [
        "judge characters import characters.json",
        "judge characters import characters.json --replace --db battlecon.db"],
    "judge characters list [--json] [--db battlecon.db]": [
        "judge characters list", "judge characters list --json --db battlecon.db"],
    "judge serve [--host 127.0.0.1] [--port 8000] [--db PATH | --database-url URL] [--workers N] "
    "[--threads T] [--demo] [--no-anonymous-read] [--ruleset-module MOD ...]": [
        "judge serve --host 127.0.0.1 --port {port} --db served.db --threads 2 --demo"],
}
BENCHMARK = re.compile(r"^\.venv/bin/python (benchmarks/\w+\.py)\b")  # started with --help
SET_UP = ("bash scripts/run.sh", "bash scripts/test.sh")  # the set-up itself, run by CI


def readme_lines() -> list[str]:
    text = README.read_text("utf-8")
    lines = []
    for block in re.findall(r"```sh\n(.*?)```", text, re.S):
        for line in block.splitlines():
            line = re.sub(r"\s+#.*$", "", line).strip()
            if line and not line.startswith(SET_UP):
                lines.append(line)
    return lines


def test_every_readme_command_is_known_here() -> None:
    unknown = [line for line in readme_lines() if line not in RUNS and not BENCHMARK.match(line)]
    assert not unknown, f"README commands with no test here: {unknown}"


@pytest.fixture
def on_path() -> str:
    found = shutil.which("judge")
    if found is None:
        if os.environ.get("CI"):
            pytest.fail("scripts/setup.sh did not put judge on the PATH")
        pytest.skip("judge is not on the PATH: run bash scripts/setup.sh first")
    return found


def run(line: str, where: Path, **fill: str) -> subprocess.CompletedProcess:
    line = line.format(**fill)
    if line.startswith(".venv/"):
        where = ROOT  # the README's paths are the project's
    env = {k: v for k, v in os.environ.items() if not k.startswith("BATTLECON_")}
    env["PYTHONPATH"] = str(ROOT)  # this checkout's code, whichever checkout set judge up
    return subprocess.run(["bash", "-c", line], cwd=where, env=env, capture_output=True,
                          text=True, timeout=120)


def test_the_readme_judge_commands_run_as_written(on_path, tmp_path) -> None:
    shutil.copy(EXAMPLE, tmp_path / "record.json")
    shutil.copy(CHARACTERS, tmp_path / "characters.json")
    fill = {"duel": "", "key": "", "token_id": ""}
    order = [k for k in RUNS if not k.startswith("judge serve")]
    order.sort(key=lambda k: ["import", "key", "export", "verify"].index(k.split()[1])
               if k.split()[1] in ("import", "key", "export", "verify") else -1)
    for readme_line in order:
        for line in RUNS[readme_line]:
            done = run(line, tmp_path, **fill)
            assert done.returncode == 0, (line, done.stdout[-2000:], done.stderr[-2000:])
            if line == "judge import record.json":
                fill["duel"] = json.loads(done.stdout)["id"]
            if line == "judge key":
                fill["key"] = done.stdout.strip()
            if line == "judge token list":
                fill["token_id"] = done.stdout.split()[0]
    assert (tmp_path / "duel.log.json").exists() and (tmp_path / "other.db").exists()


def test_the_readme_benchmark_commands_start(tmp_path) -> None:
    scripts = {m.group(1) for line in readme_lines() if (m := BENCHMARK.match(line))}
    assert scripts == {"benchmarks/run.py", "benchmarks/listing.py", "benchmarks/load.py"}
    for script in sorted(scripts):
        done = run(f".venv/bin/python {script} --help", tmp_path)
        assert done.returncode == 0 and "usage:" in done.stdout, (script, done.stderr[-2000:])


def test_the_readme_serve_command_serves(on_path, tmp_path) -> None:
    import time
    import urllib.request

    port = free_port()
    line = RUNS[next(k for k in RUNS if k.startswith("judge serve"))][0].format(port=port)
    env = {k: v for k, v in os.environ.items() if not k.startswith("BATTLECON_")}
    env["PYTHONPATH"] = str(ROOT)
    proc = subprocess.Popen(["bash", "-c", f"exec {line}"], cwd=tmp_path, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 30
        while True:
            assert proc.poll() is None, proc.stdout.read().decode()
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/duels") as resp:
                    duels = json.load(resp)["items"]
                break
            except OSError:
                assert time.monotonic() < deadline, "judge serve did not answer in 30 s"
                time.sleep(0.2)
        assert duels, "--demo loads the sample duels"
    finally:
        proc.terminate()
        proc.wait(timeout=20)
