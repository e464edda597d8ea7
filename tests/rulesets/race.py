"""``test-race``: a minimal second ruleset, to show that the store, the API and the CLI carry
any game behind ``judge.ruleset`` without naming it.

The game: a coin decides who starts (a chance decision the scorekeeper enters); then the
players take turns adding 1 or 2 to their own score; whoever first reaches the target
(10 unless the record says otherwise) wins. A player may concede at any prompt. A round
is one turn of each player; a head judge may correct scores.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
from dataclasses import asdict, dataclass, field
from typing import Any, ClassVar

from judge import registry
from judge.errors import DuelOverError, IllegalDecisionError, RecordError
from judge.ruleset import CHANCE, ONE_PLAYER, IndexMark, Outcome, Ruleset

NAME, FORMAT = "test-race", "race-record/1"


@dataclass
class RaceState:
    scores: list[int]
    target: int
    round: int = 0
    turn: int | None = None  # None until the coin is tossed
    starter: int | None = None
    winner: int | None = None
    end_reason: str | None = None

    @property
    def over(self) -> bool:
        return self.end_reason is not None

    def clone(self) -> RaceState:
        return copy.deepcopy(self)


@dataclass(frozen=True)
class RaceFact:
    rule: str
    text: str
    TYPES: ClassVar[dict[str, type[RaceFact]]] = {}

    def __init_subclass__(cls, **kw: Any) -> None:
        super().__init_subclass__(**kw)
        RaceFact.TYPES[cls.__name__] = cls

    def to_json(self) -> dict[str, Any]:
        return {"type": type(self).__name__, **asdict(self)}

    def run(self, s: RaceState) -> None:
        raise TypeError(f"{type(self).__name__} changes nothing")


@dataclass(frozen=True)
class CoinTossed(RaceFact):
    starter: int

    def run(self, s: RaceState) -> None:
        s.starter = s.turn = self.starter


@dataclass(frozen=True)
class RoundBegan(RaceFact):
    round: int

    def run(self, s: RaceState) -> None:
        s.round = self.round


@dataclass(frozen=True)
class Added(RaceFact):
    player: int
    amount: int
    score: int

    def run(self, s: RaceState) -> None:
        s.scores[self.player] = self.score
        s.turn = 1 - self.player


@dataclass(frozen=True)
class RaceEnded(RaceFact):
    winner: int
    reason: str

    def run(self, s: RaceState) -> None:
        s.winner, s.end_reason, s.turn = self.winner, self.reason, None


@dataclass(frozen=True)
class ScoresCorrected(RaceFact):
    players: dict[str, dict[str, int]] = field(default_factory=dict)

    def run(self, s: RaceState) -> None:
        for key, changes in self.players.items():
            s.scores[int(key)] = changes["score"]


def prompt_of(s: RaceState) -> dict[str, Any] | None:
    if s.over:
        return None
    if s.turn is None:
        return {"players": [], "decider": CHANCE, "kind": "coin", "about": "Toss a coin: who "
                "starts?", "rule": "race.1", "options": [{"kind": "coin", "result": r}
                                                         for r in (0, 1)]}
    return {"players": [s.turn], "decider": ONE_PLAYER, "kind": "add", "about": "Add 1 or 2.",
            "rule": "race.2", "options": [{"player": s.turn, "kind": "add", "amount": a}
                                          for a in (1, 2)]}


class RaceMatch:
    """One race: the events in order, the state they made, the prompt now."""

    def __init__(self, setup: dict[str, Any]) -> None:
        self.setup = setup
        self.state = RaceState([0, 0], setup["target"])
        self.events: list[tuple[str, Any]] = []

    def twin(self) -> RaceMatch:
        """A copy that may decide without changing this race (``judge.ruleset.Match``)."""
        new = RaceMatch(dict(self.setup))
        new.state = self.state.clone()
        new.events = list(self.events)
        return new

    @property
    def over(self) -> bool:
        return self.state.over

    @property
    def outcome(self) -> Outcome | None:
        s = self.state
        return Outcome(s.winner, False, s.end_reason) if s.end_reason else None

    @property
    def prompt(self) -> dict[str, Any] | None:
        return prompt_of(self.state)

    def name(self, p: int) -> str:
        return str(self.setup["players"][p]["name"])

    def decide(self, decision: Any) -> list[RaceFact]:
        facts = self._judge(decision)
        self.events.append(("decision", dict(decision)))
        for fact in facts:
            fact.run(self.state)
            self.events.append(("fact", fact))
        return facts

    def _judge(self, d: Any) -> list[RaceFact]:
        s = self.state
        if isinstance(d, dict) and d.get("kind") == "correction":
            scores = {k: v for k, v in d.get("players", {}).items()}
            if not scores or any(k not in ("0", "1") or set(v) != {"score"} or
                                 type(v["score"]) is not int for k, v in scores.items()):
                raise IllegalDecisionError("A race correction sets players' scores only.",
                                           "race.correction", field="players")
            return [ScoresCorrected(d.get("rule", "correction"), d.get("text") or
                                    "A judge corrects the scores.", scores)]
        if s.over:
            raise DuelOverError("The race is over.", "race.3")
        if isinstance(d, dict) and d.get("kind") == "concede" and d.get("player") in (0, 1):
            p = d["player"]
            return [RaceEnded("race.4", f"{self.name(p)} concedes.", 1 - p, "concession")]
        prompt = prompt_of(s)
        if prompt is None or d not in prompt["options"]:
            raise IllegalDecisionError(f"Not a legal {prompt['kind'] if prompt else ''} now; "
                                       f"legal: {prompt['options'] if prompt else []}.",
                                       prompt["rule"] if prompt else "race.3")
        if d["kind"] == "coin":
            return [CoinTossed("race.1", f"The coin says {self.name(d['result'])} starts.",
                               d["result"]), RoundBegan("race.5", "Round 1.", 1)]
        return self._add(d["player"], d["amount"])

    def _add(self, p: int, amount: int) -> list[RaceFact]:
        s = self.state
        score = s.scores[p] + amount
        out: list[RaceFact] = [Added("race.2", f"{self.name(p)} adds {amount}: {score}.", p,
                                     amount, score)]
        if score >= s.target:
            out.append(RaceEnded("race.3", f"{self.name(p)} reaches {s.target} and wins.", p,
                                 "target"))
        elif 1 - p == s.starter:
            out.append(RoundBegan("race.5", f"Round {s.round + 1}.", s.round + 1))
        return out

    def absorb(self, kind: str, payload: Any) -> None:
        if kind == "fact":
            fact = RACE.fact_from_json(payload) if isinstance(payload, dict) else payload
            fact.run(self.state)
            self.events.append(("fact", fact))
        else:
            self.events.append(("decision", dict(payload)))

    def state_at(self, n: int) -> RaceState:
        s = RACE.initial_state(self.setup)
        for kind, e in self.events[:n]:
            if kind == "fact":
                e.run(s)
        return s

    def prompt_at(self, n: int, state: Any = None) -> dict[str, Any] | None:
        if n < len(self.events) and self.events[n][0] != "decision":
            return None
        return prompt_of(state if state is not None else self.state_at(n))

    def to_json(self) -> dict[str, Any]:
        return RACE.state_json(self.state, self.prompt)

    def to_record(self) -> dict[str, Any]:
        return {**RACE.envelope(self.setup),
                "decisions": [e for k, e in self.events if k == "decision"]}


class Race(Ruleset):
    name, record_format, title = NAME, FORMAT, "Race to ten (a test ruleset)"

    def parse_setup(self, record: Any) -> dict[str, Any]:
        if not isinstance(record, dict) or record.get("format") != FORMAT:
            raise RecordError(f"A race record has format {FORMAT!r}.", "record.format",
                              field="format")
        unknown = set(record) - {"format", "ruleset", "players", "target", "decisions",
                                 "labels"}
        if unknown:
            raise RecordError(f"Unknown field {sorted(unknown)[0]!r}.", "record",
                              field=sorted(unknown)[0])
        players = record.get("players")
        if not isinstance(players, list) or len(players) != 2 or not all(
                isinstance(p, dict) and isinstance(p.get("name"), str) for p in players):
            raise RecordError("players: two objects with a name.", "record.players",
                              field="players")
        target = record.get("target", 10)
        if type(target) is not int or not 1 <= target <= 100:
            raise RecordError("target: a number 1-100.", "record.target", field="target")
        return {"ruleset": NAME, "players": [{"name": p["name"]} for p in players],
                "target": target}

    def match(self, setup: dict[str, Any]) -> RaceMatch:
        return RaceMatch(self.parse_setup(self.envelope(setup)))

    def restore(self, setup: dict[str, Any]) -> RaceMatch:
        return RaceMatch(setup)

    def initial_state(self, setup: dict[str, Any]) -> RaceState:
        return RaceState([0, 0], setup["target"])

    def fact_from_json(self, data: dict[str, Any]) -> RaceFact:
        data = dict(data)
        return RaceFact.TYPES[data.pop("type")](**data)

    def state_json(self, state: Any, prompt: dict[str, Any] | None) -> dict[str, Any]:
        return {"round": state.round, "scores": list(state.scores), "turn": state.turn,
                "target": state.target, "over": state.over, "winner": state.winner,
                "draw": False, "end_reason": state.end_reason, "prompt": prompt}

    def describe_decision(self, setup: dict[str, Any], decision: dict[str, Any]) -> str:
        if decision.get("kind") == "coin":
            return f"The coin is tossed: {decision.get('result')}."
        who = setup["players"][decision["player"]]["name"]
        if decision.get("kind") == "concede":
            return f"{who} concedes."
        return f"{who} adds {decision.get('amount')}."

    def narrative(self, match: Any) -> Iterator[str]:
        for n, (kind, e) in enumerate(match.events, 1):
            yield f"{n:>4}  " + (f"> {self.describe_decision(match.setup, e)}"
                                 if kind == "decision" else f"  {e.text} [{e.rule}]")

    def summary(self, match: Any) -> dict[str, Any]:
        s = match.state
        return {"players": [{"name": p["name"]} for p in match.setup["players"]],
                "beat": s.round, "status": "over" if s.over else "in_progress",
                "winner": s.winner, "draw": False}

    def index_mark(self, state: Any, fact: Any) -> IndexMark | None:
        if isinstance(fact, RoundBegan):
            return IndexMark({"beat": fact.round, "step": "select"}, round_start=True)
        return None

    def catalogue(self) -> dict[str, Any]:
        return {"pieces": []}

    def schemas(self) -> dict[str, Any]:
        return {"record": {"type": "object", "required": ["format", "players"]},
                "state": {"type": "object", "required": ["scores", "round", "prompt"]}}


RACE = registry.register(Race())
