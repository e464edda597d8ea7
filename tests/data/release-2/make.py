"""How the release-2 fixtures beside this file were made: once, by the release of commit
ec8ec5a (the last before issue 26 changes any rule), with
``python tests/data/release-2/make.py``.

Never run it again: the point of these files is that a store and exports written by this
release keep loading, replaying and verifying under every later one
(``tests/test_release2_fixtures.py``). Its duels carry no ``rules`` stamp, so a later
release must judge them exactly as this one did, the situations issue 26 changes
included. The script is kept to say what is in them.

What it writes:
- ``store.sqlite``: every duel below, recorded through the service (``JudgeApp``) and
  carrying this release's ``cards`` stamp:
  - nine seeded random duels pairing off all 18 fighters (``judge.battlecon.playout``),
    decided one by one with ``app.decide`` as a scorekeeper does (idempotency keys);
    four are played to the end, five stop after a number of decisions;
  - situation duels: short duels, from a starting position or the standard opening,
    steered by a seeded search (``hunt``: random legal decisions, preferring some) until
    the narrative shows the situation; each names what it ``covers`` in the manifest,
    with the facts (``evidence``) that show it. Most are logged decision by decision
    after the setup was entered; some are imported whole as records;
  - on the duel ``demitras-vs-heketch``: an annotation, an upheld dispute and an
    overturned one (whose correction is in the duel's stream), and a fork of it;
  - a head-judge token. Duels past 100 events carry library snapshots.
- ``<name>.log.jsonl`` and ``<name>.record.json``: ``judge export --log`` and
  ``judge export`` of every stored duel (``events.export.log_lines``, ``record_of``).
- ``manifest.json``: per duel its id, name, event count, labels, parent and fork point,
  the state JSON the release served at the end and in the middle (a later release may add
  fields, never change these), its fighters, the seed, the ``cards`` stamp, and for a
  situation duel ``covers`` and ``evidence``; ``not_covered`` lists what could not be
  reached.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from uuid import UUID

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
sys.path.insert(0, str(ROOT))

from api.auth import create_token  # noqa: E402
from events.app import JudgeApp  # noqa: E402
from events.export import log_lines, record_of  # noqa: E402
from events.projector import Projector  # noqa: E402
from judge.battlecon.duel import Duel  # noqa: E402
from judge.battlecon.fighters import fighter  # noqa: E402
from judge.battlecon.playout import FIGHTERS, choose, record_setup  # noqa: E402
from judge.battlecon.rulings import recommended  # noqa: E402

RELEASE = "ec8ec5a"
EVENT = "release-2 fixtures"
SCOREKEEPER = "scorekeeper Sam"

# --- the seeded random duels: every fighter once --------------------------------------

# (player 0, player 1, seed, decisions to log: None plays to the end). The seeds played
# to the end are among the shortest of seeds 0-199 for their pairing.
RANDOM = (
    ("cadenza", "cherri", 137, None),
    ("demitras", "heketch", 7, 30),
    ("hepzibah", "hikaru", 158, None),
    ("kallistar", "kehrolyn", 48, None),
    ("khadath", "lixis", 1, 20),
    ("luc", "magdelina", 2, 20),
    ("rukyuk", "sagas", 3, 20),
    ("seth", "tatsumi", 4, 20),
    ("vanaah", "zaamassal", 117, None),
)
assert sorted(f for pair in RANDOM for f in pair[:2]) == sorted(FIGHTERS)
LOGGED = "demitras-vs-heketch"  # the duel that gets the annotation, disputes and fork

# --- records ---------------------------------------------------------------------------


def options(**changes: object) -> dict:
    return {"special_actions": True, "ante_finishers": False, "time_limit": True,
            "rulings": recommended()} | changes


def standard(f0: str, f1: str, d0: tuple, d1: tuple, first: int = 0) -> dict:
    """The standard opening with these starting discards (Style, Base per pile)."""
    players = [{"name": f"P{i}", "fighter": f, "finisher": fighter(f).finishers[0].id,
                "discard_1": list(d[0]), "discard_2": list(d[1])}
               for i, (f, d) in enumerate(((f0, d0), (f1, d1)))]
    return {"format": "battlecon-record/1", "ruleset": "battlecon-2014", "options": options(),
            "players": players, "first_to_ante": first, "decisions": []}


def position(p0: dict, p1: dict, first: int = 0, **opts: object) -> dict:
    """A record starting from a position at the start of beat 1 (by hand, with defaults)."""
    return {"format": "battlecon-record/1", "ruleset": "battlecon-2014",
            "position": {"format": "battlecon-position/1", "beat": 1, "ante_first": first,
                         "options": options(**opts), "players": [p0, p1]},
            "decisions": []}


def at(fid: str, space: int, d1: tuple, d2: tuple, **more: object) -> dict:
    return {"fighter": fid, "space": space, "discard_1": list(d1), "discard_2": list(d2)} | more


# --- situations ------------------------------------------------------------------------

Want = Callable[[dict], bool]


def pick(player: int, **fields: object) -> Want:
    """Prefer the options of ``player`` with these fields."""
    return lambda o: o.get("player") == player and all(o.get(k) == v for k, v in fields.items())


def ante_token(player: int) -> Want:
    return lambda o: o.get("player") == player and o["kind"] == "ante" and "token" in o


@dataclass(frozen=True)
class Situation:
    """A duel steered into a situation: among the legal options, a preferred one (``want``)
    is chosen at random when there is one; done once a completed beat (``scope`` "beat")
    or the beats so far ("duel") hold a fact containing all the words of each ``found``."""

    name: str
    record: dict
    want: tuple[Want, ...]
    found: tuple[tuple[str, ...], ...]
    covers: tuple[str, ...]
    scope: str = "beat"
    imported: bool = False  # stored as a whole record (import) instead of decision by decision
    max_events: int = 100  # the first seed reaching it in fewer events (files stay small)
    labels: dict = field(default_factory=dict)


LUC_LOW = {"fighter": "luc", "finisher": "stasis-charge", "life": 5,
           "discard_1": ["chrono", "dash"], "discard_2": ["memento", "grasp"],
           "token_pool": ["time"] * 2, "token_discard": ["time"] * 3}
LIXIS = (("pruning", "dash"), ("rooted", "grasp"))

SITUATIONS = (
    Situation(
        "luc-vs-lixis-naturalizing",
        standard("luc", "lixis", (("chrono", "dash"), ("memento", "grasp")), LIXIS),
        (pick(1, kind="attack_pair", style="naturalizing"), ante_token(0)),
        (("Naturalizing cancels what Luc anted",),),
        ("a: Lixis plays Naturalizing in a beat where Luc anted Time tokens",), imported=True),
    Situation(
        "cherri-vs-lixis-naturalizing",
        standard("cherri", "lixis", (("dreamscape", "dash"), ("catatonic", "grasp")), LIXIS,
                 first=1),
        (pick(1, kind="attack_pair", style="naturalizing"), ante_token(0)),
        (("Naturalizing cancels what Cherri anted (Insight)",),),
        ("a: Lixis plays Naturalizing in a beat where Cherri anted Insight "
         "(Nightmarish Visions)",)),
    Situation(
        "demitras-vs-lixis-deathblow",
        position(at("demitras", 3, ("darkside", "dash"), ("vapid", "grasp"),
                    token_pool=["crescendo"] * 4, token_discard=["crescendo"]),
                 at("lixis", 4, ("pruning", "dash"), ("rooted", "grasp"))),
        (pick(1, kind="attack_pair", style="naturalizing"),
         lambda o: (o.get("player") == 0 and o["kind"] == "attack_pair"
                    and o["base"] == "deathblow" and o["style"] != "special-action"),
         lambda o: o.get("player") == 0 and o["kind"] == "pick" and o["option"] != "0"),
        (("Lixis's Naturalizing (Reveal)",), ("Deathblow: Demitras spends",)),
        ("a: under Naturalizing Demitras spends Crescendo tokens through Deathblow",)),
    Situation(
        "rukyuk-vs-lixis-gunner",
        position(at("rukyuk", 2, ("sniper", "dash"), ("point-blank", "grasp")),
                 at("lixis", 5, ("pruning", "dash"), ("rooted", "grasp"))),
        (pick(1, kind="attack_pair", style="naturalizing"),
         lambda o: (o.get("player") == 0 and o["kind"] == "attack_pair"
                    and o["style"] in ("gunner", "crossfire")),
         lambda o: o.get("player") == 0 and o["kind"] == "pick" and o["option"] != "none"),
        (("Lixis's Naturalizing (Reveal)",), ("Rukyuk discards his", "without its effect")),
        ("a: under Naturalizing Rukyuk discards an Ammo token for Gunner or Crossfire",)),
    Situation(
        "hikaru-vs-lixis-geomantic",
        position(at("hikaru", 3, ("trance", "dash"), ("focused", "grasp")),
                 at("lixis", 5, ("pruning", "dash"), ("rooted", "grasp"))),
        (pick(0, kind="attack_pair", style="geomantic"),
         pick(1, kind="attack_pair", style="naturalizing"), ante_token(0)),
        (("Naturalizing cancels what Hikaru anted",), ("Hikaru may spend no token",)),
        ("a: under Naturalizing Hikaru's anted element is cancelled and Geomantic may not "
         "spend one",)),
    Situation(
        "luc-vs-demitras-stasis-charge",
        position(LUC_LOW | {"space": 3},
                 at("demitras", 4, ("darkside", "dash"), ("vapid", "grasp"), life=12)),
        (pick(0, kind="attack_pair", style="special-action", base="flash"),),
        (("Luc's Special Action with Flash is a Finisher (Stasis Charge)",),
         ("Stasis Charge hits",), ("Demitras is hit and loses a Crescendo token",)),
        ("b: Luc's Stasis Charge (Finisher) hits Demitras",
         "e: a Finisher through the Special Action (finisher_used)"), labels={"round": "5"}),
    Situation(
        "cherri-vs-luc-stasis-charge",
        position(at("cherri", 3, ("dreamscape", "dash"), ("catatonic", "grasp"), life=12),
                 LUC_LOW | {"space": 4}, first=1),
        (pick(1, kind="attack_pair", style="special-action", base="flash"), ante_token(0)),
        (("Cherri antes Insight",), ("Stasis Charge negates a triggered effect of Cherri's",),
         ("Stasis Charge hits",)),
        ("b: Luc's Stasis Charge (Finisher) hits Cherri, who anted Insight",
         "e: a Finisher through the Special Action (finisher_used)")),
    Situation(
        "luc-vs-kehrolyn-fusion",
        position(at("luc", 3, ("chrono", "dash"), ("memento", "grasp")),
                 at("kehrolyn", 4, ("whip", "dash"), ("bladed", "grasp"))),
        (pick(0, kind="attack_pair", style="fusion", base="strike"),
         pick(1, kind="attack_pair", style="exoskeletal", base="strike"), pick(0, kind="pass")),
        (("Revealed", "Kehrolyn: Exoskeletal"), ("Luc's Fusion (On Damage)",),
         ("Kehrolyn is pushed",)),
        ("b: Luc's Fusion pushes Kehrolyn, who revealed Exoskeletal",)),
    Situation(
        "zaamassal-vs-luc-fusion",
        position(at("zaamassal", 3, ("urgent", "dash"), ("malicious", "grasp")),
                 at("luc", 4, ("chrono", "dash"), ("memento", "grasp"))),
        (pick(1, kind="attack_pair", style="fusion"),
         pick(0, kind="attack_pair", style="sturdy")),
        (("Revealed", "Zaamassal: Sturdy"), ("Luc's Fusion (On Damage)",),
         ("Zaamassal is pushed",)),
        ("b: Luc's Fusion pushes Zaamassal, who revealed Sturdy",), imported=True),
    Situation(
        "luc-vs-lixis-fusion",
        position(at("luc", 3, ("chrono", "dash"), ("memento", "grasp")),
                 at("lixis", 4, ("pruning", "dash"), ("naturalizing", "grasp"))),
        (pick(0, kind="attack_pair", style="fusion"),
         pick(1, kind="attack_pair", style="rooted")),
        (("Revealed", "Lixis: Rooted"), ("Luc's Fusion (On Damage)",)),
        ("b: Luc's Fusion pushes Lixis, who revealed Rooted",)),
    Situation(
        "sagas-vs-khadath-mirror-staff",
        standard("sagas", "khadath", (("echo", "dash"), ("shadow", "grasp")),
                 (("lure", "dash"), ("blight", "grasp"))),
        (pick(0, kind="ante", token="mirror"), pick(0, kind="clash_base", base="staff"),
         lambda o: (o.get("player") == 0 and o["kind"] == "attack_pair"
                    and o["base"] != "staff" and o["style"] != "special-action")),
        (("Sagas antes Mirror",), ("Sagas regains his Mirror token",),
         ("Clash bases revealed", "Sagas: ", "Staff")),
        ("c: Sagas antes his Mirror",
         "c: Sagas regains the Mirror at the End of Beat",
         "c: a Clash where Sagas plays Staff as the new Base, against Khadath"),
        scope="duel", max_events=160),
    Situation(
        "heketch-vs-cadenza-dark-force",
        position(at("heketch", 3, ("merciless", "dash"), ("rasping", "grasp")),
                 at("cadenza", 4, ("hydraulic", "dash"), ("clockwork", "grasp"))),
        (pick(0, kind="ante", token="dark-force"), pick(0, kind="move", to=5)),
        (("Heketch antes Dark Force",), ("Heketch moves directly from 3 to 5",)),
        ("d: Heketch antes Dark Force (move directly) while adjacent to the opponent",)),
    Situation(
        "seth-vs-hikaru-mimic",
        position(at("seth", 3, ("compelling", "dash"), ("wyrding", "grasp")),
                 at("hikaru", 5, ("trance", "dash"), ("focused", "grasp"))),
        (pick(0, kind="attack_pair", style="mimics"),),
        (("Seth names one of Hikaru's Bases",), ("Beyond Eyes: Seth named", "right"),
         ("Mimic's: Seth", "→")),
        ("e: Seth guesses a Base (right) and Mimic's copies the opponent's movement",),
        scope="duel"),
    Situation(
        "tatsumi-vs-vanaah-juto-ante-finisher",
        position(at("tatsumi", 3, ("empathic", "dash"), ("fearless", "grasp"), life=6),
                 at("vanaah", 5, ("reaping", "dash"), ("judgment", "grasp")),
                 ante_finishers=True),
        (pick(0, kind="ante", finisher=True),),
        (("Tatsumi antes her Finisher",), ("Juto soaks",)),
        ("e: Tatsumi with Juto (Juto soaks damage for her)",
         "e: a Finisher anted (option ante_finishers; finisher_used)"), scope="duel"),
    Situation(
        "kehrolyn-vs-magdelina-form-finisher",
        position(at("kehrolyn", 3, ("whip", "dash"), ("bladed", "grasp"), life=6),
                 at("magdelina", 4, ("spiritual", "dash"), ("priestess", "grasp"))),
        (lambda o: (o.get("player") == 0 and o["kind"] == "attack_pair"
                    and o["style"] == "special-action"
                    and o["base"] in ("strike", "drive", "overload")),),
        (("Kehrolyn's Special Action", "is a Finisher"), ("Kehrolyn's Whip (On Hit)",)),
        ("e: Kehrolyn's current form (Whip) applies with her Finisher",
         "e: a Finisher through the Special Action (finisher_used)"), imported=True),
)
NOT_COVERED: list[str] = []


def completed_beats(duel: Duel) -> list[list[tuple[int, str]]]:
    """The facts (event number, text) of each beat that is over (or the last, once the
    duel is over)."""
    beats: list[list[tuple[int, str]]] = []
    current: list[tuple[int, str]] | None = None
    for n, (kind, e) in enumerate(duel.events, 1):
        if kind != "fact":
            continue
        if type(e).__name__ == "BeatBegan":
            if current is not None:
                beats.append(current)
            current = []
        if current is not None:
            current.append((n, e.text))
    if duel.over and current:
        beats.append(current)
    return beats


def found_in(facts: list[tuple[int, str]], found: tuple[tuple[str, ...], ...]
             ) -> list[tuple[int, str]] | None:
    evidence = []
    for words in found:
        hit = next(((n, t) for n, t in facts if all(w in t for w in words)), None)
        if hit is None:
            return None
        evidence.append(hit)
    return evidence


def hunt(sit: Situation, seeds: range = range(3000), limit: int = 300
         ) -> tuple[int, list[dict], list[tuple[int, str]]]:
    """The first seed whose steered duel reaches the situation (and the decisions to the
    end of that beat, and the facts that show it)."""
    for seed in seeds:
        rng = random.Random(seed)
        duel = Duel.new(json.loads(json.dumps(sit.record)))
        decisions: list[dict] = []
        while not duel.over and len(decisions) < limit:
            prompt = duel.prompt
            preferred = [o for o in prompt["options"] if any(w(o) for w in sit.want)]
            if prompt["kind"] == "order" and not preferred:
                decision = dict(prompt["options"][0])
            else:
                decision = dict(rng.choice(preferred or prompt["options"]))
            before = len(duel.events)
            duel.decide(decision)
            decisions.append(decision)
            if len(duel.events) > sit.max_events:
                break
            began = any(k == "fact" and type(e).__name__ == "BeatBegan"
                        for k, e in duel.events[before:])
            if not (began or duel.over):
                continue
            beats = completed_beats(duel)
            scopes = beats[-2:] if sit.scope == "beat" else [sum(beats, [])]
            for facts in scopes:
                evidence = found_in(facts, sit.found)
                if evidence:
                    return seed, decisions, evidence
    raise LookupError(sit.name)


# --- the store ---------------------------------------------------------------------------


def log_random(app: JudgeApp, f0: str, f1: str, seed: int, cap: int | None) -> object:
    """A seeded random duel, decided one decision at a time through the service."""
    rng = random.Random(seed)
    name = f"{f0}-vs-{f1}"
    record = record_setup(f0, f1, first=rng.randrange(2), rng=rng)
    created = app.create_duel(record, {"event": EVENT, "table": name, "round": "1"},
                              actor=SCOREKEEPER)
    version, i = created.version, 0
    while cap is None or i < cap:
        agg = app.record(created.duel_id)
        if agg.duel.over:
            break
        version = app.decide(created.duel_id, choose(agg.duel, rng), expected=version,
                             key=f"k{i}", actor=SCOREKEEPER).version
        i += 1
    return created.duel_id


def store_situation(app: JudgeApp, sit: Situation, decisions: list[dict]) -> object:
    labels = {"event": EVENT, "table": sit.name} | sit.labels
    if sit.imported:  # a judge imports the whole record
        record = json.loads(json.dumps(sit.record)) | {"decisions": decisions}
        return app.create_duel(record, labels, actor="import judge Jo").duel_id
    created = app.create_duel(sit.record, labels, actor="judge Jo")
    version = created.version
    for i, decision in enumerate(decisions):
        version = app.decide(created.duel_id, decision, expected=version, key=f"k{i}",
                             actor=SCOREKEEPER).version
    return created.duel_id


def main() -> None:
    db = HERE / "store.sqlite"
    for path in HERE.glob("store.sqlite*"):
        path.unlink()
    for path in [*HERE.glob("*.log.jsonl"), *HERE.glob("*.record.json")]:
        path.unlink()
    app = JudgeApp(db=str(db))
    info: dict[str, dict] = {}

    for f0, f1, seed, cap in RANDOM:
        duel_id = log_random(app, f0, f1, seed, cap)
        info[str(duel_id)] = {"name": f"{f0}-vs-{f1}", "kind": "random", "fighters": [f0, f1],
                              "seed": seed, "decisions_logged": cap}

    for sit in SITUATIONS:
        try:
            seed, decisions, evidence = hunt(sit)
        except LookupError:
            NOT_COVERED.extend(sit.covers)
            continue
        duel_id = store_situation(app, sit, decisions)
        players = sit.record.get("players") or sit.record["position"]["players"]
        info[str(duel_id)] = {"name": sit.name, "kind": "situation",
                              "fighters": [p["fighter"] for p in players], "seed": seed,
                              "imported": sit.imported, "covers": list(sit.covers),
                              "evidence": [{"event": n, "text": t} for n, t in evidence]}

    # The scorekeeper's duel gets a judge's notes, two disputes and a fork.
    logged = next(i for i, d in info.items() if d["name"] == LOGGED)
    logged_id = UUID(logged)
    app.annotate(logged_id, 5, "Check the Dark Force ante here.", ["dark-force"], "judge Jo")
    upheld = app.open_dispute(logged_id, 6, "The ante was out of turn.", "judge Jo")
    app.comment(upheld.id, "It was in turn.", "head judge Hal")
    app.resolve(upheld.id, "upheld", "The ante stands.", "R5.3", "head judge Hal")
    over = app.open_dispute(logged_id, 9, "Demitras should have 18 life.", "judge Jo")
    app.resolve(over.id, "overturned", "Life corrected.", "R14.1", "head judge Hal",
                correction={"players": {"0": {"life": 18}}})
    agg = app.record(logged_id)
    fork_at = next(n for n in range(agg.events_count // 2, 0, -1)
                   if agg.duel.events[n][0] == "decision")
    forked = app.fork(logged_id, fork_at, actor="judge Jo")
    info[str(forked.duel_id)] = {"name": f"{LOGGED}-fork", "kind": "fork",
                                 "fighters": info[logged]["fighters"]}
    token = create_token(app, "head_judge", "head judge Hal")

    projector = Projector(app)
    manifest: dict = {"release": RELEASE, "token": token, "duels": []}
    for duel_id in app.duel_ids():
        agg = app.record(duel_id)
        about = info[str(duel_id)]
        name = about["name"]
        (HERE / f"{name}.log.jsonl").write_text(
            "".join(line + "\n" for line in log_lines(agg)), "utf-8")
        (HERE / f"{name}.record.json").write_text(
            json.dumps(record_of(agg), indent=1, ensure_ascii=False) + "\n", "utf-8")
        middle = agg.events_count // 2
        manifest["duels"].append({
            "id": str(duel_id), "name": name, "events": agg.events_count,
            "labels": agg.labels, "parent": agg.parent, "fork_at": agg.fork_at,
            "cards": agg.setup.get("cards"), "over": agg.duel.over,
            **{k: v for k, v in about.items() if k != "name"},
            "middle": middle, "state_middle": projector.state_at(duel_id, middle),
            "state_end": projector.state_at(duel_id)})
    manifest["disputes"] = {"upheld": str(upheld.id), "overturned": str(over.id),
                            "duel": LOGGED}
    manifest["not_covered"] = NOT_COVERED
    (HERE / "manifest.json").write_text(json.dumps(manifest, indent=1, ensure_ascii=False)
                                        + "\n", "utf-8")
    app.close()


if __name__ == "__main__":
    main()
