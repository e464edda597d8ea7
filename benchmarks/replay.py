"""Replay stepping in a browser, run on demand: ``python benchmarks/replay.py [--root DIR]
[--seed 28] [--at 200] [--steps 100]``.

Stores a 450-event duel (the seeded playout of Seth against Tatsumi, seed 28: 455
events), serves it with ``judge serve`` and opens its replay page in Debian's chromium
(Playwright) at ``?at=N``. Prints one JSON object per figure, {"name", "value", "unit"}:

- ``first_paint_ms``, ``load_ms``: from navigation to the board drawn at N, and to the page
  ready (everything it loads loaded); ``load_api_requests``, ``load_api_bytes``: the API
  requests and response bytes of the load (``load_bytes``: with the page's own files);
- ``step_requests_per_step``: API requests per step over ``--steps`` steps (half forward
  by the arrow key, half back), after the load;
- ``step_ms_p50``/``_p95``: from the key press to the step's event number shown, measured
  in the page with ``performance.now()``; ``draw_ms_p50``/``_p95``: the page's own
  ``replay-draw`` measure around the draw (where the page has it).

``--root``: the tree to serve (another checkout, for a before/after comparison). Goal
(issue 29): 0 requests a step, each step drawn within a frame (p95 <= 16 ms).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

STEP = """async (keys) => {
  const pos = document.querySelector("#position");
  const times = [];
  for (const key of keys) {
    const before = pos.textContent;
    const moved = new Promise((resolve) => {
      const mo = new MutationObserver(() => { if (pos.textContent !== before) { mo.disconnect(); resolve(); } });
      mo.observe(pos, { childList: true, characterData: true, subtree: true });
    });
    const t0 = performance.now();
    document.body.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true }));
    await moved;
    times.push(performance.now() - t0);
  }
  return times;
}"""


def figure(name: str, value: float, unit: str) -> None:
    print(json.dumps({"name": name, "value": round(value, 3), "unit": unit}), flush=True)


def p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20)[-1]


def store_duel(server, token: str, seed: int) -> tuple[str, int]:
    from judge.battlecon.playout import play

    record = play(seed, "seth", "tatsumi").to_record()
    status, _, duel = server.request("POST", "/api/duels", record,
                                     headers={"Authorization": f"Bearer {token}"})
    assert status == 201, duel
    return duel["id"], duel["version"]


def measure(base: str, duel: str, at: int, steps: int, verbose: bool = False) -> None:
    from playwright.sync_api import sync_playwright

    from tests.viewer.conftest import CHROMIUM

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM)
        page = browser.new_page(base_url=base, viewport={"width": 1300, "height": 1000})
        measure_load(page, f"/duels/{duel}?at={at}", at, verbose)
        measure_steps(page, steps)
        browser.close()


def measure_load(page, path: str, at: int, verbose: bool) -> None:
    """From navigation to the board drawn at ``at`` and to the page ready; what it loaded."""
    loaded: list = []
    page.on("requestfinished", lambda r: loaded.append(r))
    started = time.perf_counter()
    page.goto(path)
    page.wait_for_function("(at) => document.querySelector('#position')?.textContent === "
                           "String(at)", arg=at, polling="raf")
    figure("first_paint_ms", (time.perf_counter() - started) * 1000, "ms")
    page.wait_for_selector("body[data-ready=true]")
    page.wait_for_load_state("networkidle")
    figure("load_ms", (time.perf_counter() - started) * 1000, "ms")
    api = [r for r in loaded if "/api/" in r.url]
    figure("load_api_requests", len(api), "requests")
    if verbose:
        for r in api:
            print(r.url, r.sizes()["responseBodySize"], file=sys.stderr)
    figure("load_api_bytes", sum(r.sizes()["responseBodySize"] for r in api), "bytes")
    figure("load_bytes", sum(r.sizes()["responseBodySize"] for r in loaded), "bytes")


def measure_steps(page, steps: int) -> None:
    """Half the steps forward by the arrow key, half back: requests and times."""
    sent: list = []
    page.on("request", lambda r: sent.append(r.url) if "/api/" in r.url else None)
    page.evaluate("performance.clearMeasures('replay-draw')")
    keys = ["ArrowRight"] * (steps // 2) + ["ArrowLeft"] * (steps - steps // 2)
    times = page.evaluate(STEP, keys)
    page.wait_for_load_state("networkidle")
    figure("step_requests_per_step", len(sent) / steps, "requests")
    figure("step_ms_p50", statistics.median(times), "ms")
    figure("step_ms_p95", p95(times), "ms")
    draws = page.evaluate("performance.getEntriesByName('replay-draw').map((m) => m.duration)")
    if draws:  # the page's own measure (a page from before issue 29 has none)
        figure("draw_ms_p50", statistics.median(draws), "ms")
        figure("draw_ms_p95", p95(draws), "ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--root", type=Path, default=Path(__file__).resolve().parents[1])
    parser.add_argument("--seed", type=int, default=28)
    parser.add_argument("--at", type=int, default=200)
    parser.add_argument("--steps", type=int, default=100)
    parser.add_argument("--verbose", action="store_true", help="each load request's bytes")
    args = parser.parse_args()
    sys.path.insert(0, str(args.root.resolve()))
    from tests.serving import create_token, start_server

    with tempfile.TemporaryDirectory() as tmp:
        store_args = ["--db", str(Path(tmp) / "judge.sqlite")]
        token = create_token(store_args, "scorekeeper", "bench")
        server = start_server(store_args, Path(tmp) / "server.log")
        try:
            duel, events = store_duel(server, token, args.seed)
            figure("duel_events", events, "events")
            measure(server.base, duel, args.at, args.steps, args.verbose)
        finally:
            server.stop()


if __name__ == "__main__":
    main()
