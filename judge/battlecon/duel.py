"""A duel being judged: setup, decisions in, facts out, state and prompt at any point.

>>> duel = Duel.from_record(record)      # replays and checks every decision
>>> duel.prompt                           # who must decide what, with the options
>>> duel.decide(duel.prompt["options"][0])  # returns the facts that follow
"""

from __future__ import annotations

import json
from typing import Any, Final

from judge import corrections
from judge.battlecon import cardset, correction, engine, profile, rulestamp
from judge.battlecon import facts as F
from judge.battlecon.actions import Need, name
from judge.battlecon.agenda import to_lists
from judge.battlecon.decisions import (
    DECISION_TYPES,
    Concede,
    Decision,
    Order,
    offered,
    read,
    write,
)
from judge.battlecon.kit_decls import decision_fields, decision_kinds
from judge.battlecon.notation import prompt_json, state_json
from judge.battlecon.position import Position, from_position
from judge.battlecon.record import (
    FORMAT,
    RULESET,
    decisions_of,
    parse_setup,
)
from judge.battlecon.roster import Fighter, fighter
from judge.battlecon.state import SPECIAL_ACTION, DuelState, Figure, PlayerState
from judge.errors import DuelOverError, IllegalDecisionError
from judge.ruleset import Outcome, decide_all


def initial_state(setup: dict) -> DuelState:
    """The position after setup (R1): spaces 3 and 5, life 20, discards placed; or the
    setup's ``position`` (a duel that starts later, or from another layout)."""
    ruleset = setup.get("ruleset", RULESET)
    if "position" in setup:
        s = from_position(Position.from_json(setup["position"]))
        s.rules = rulestamp.level(setup.get("rules"))
        s.profile = ruleset
        return s
    spaces = profile.START_SPACES[ruleset]  # C01: 3 and 5, or 001's 2 and 6
    players = []
    figures = {}
    for i, p in enumerate(setup["players"]):
        kit = fighter(p["fighter"])
        out = set(p["discard_1"]) | set(p["discard_2"])
        hand = sorted(c.id for c in kit.cards() if c.id not in out)
        if setup["options"]["special_actions"]:
            hand = sorted(hand + [SPECIAL_ACTION])
        players.append(PlayerState(
            name=p["name"], fighter=p["fighter"], finisher=p["finisher"], space=spaces[i],
            hand=hand, discard_1=list(p["discard_1"]), discard_2=list(p["discard_2"]),
            token_pool=kit.start_pool(), token_discard=sorted(kit.tokens_aside),
            modes=kit.start_modes(),
            counters={c: 0 for c in kit.counters}))
        figures.update(start_figures(kit, i, players[-1].space))
    return DuelState(players=players, options=setup["options"],
                     ante_first=setup["first_to_ante"], figures=figures,
                     rules=rulestamp.level(setup.get("rules")), profile=ruleset)


def start_figures(kit: Fighter, owner: int, space: int) -> dict[tuple[int, str], Figure]:
    """The figures a fighter sets up besides its standup (R1: on its space, or off)."""
    return {(owner, k.name): Figure(space if k.starts_on_owner else None, k.life, k.solid)
            for k in kit.figures}


def opening(setup: dict) -> F.BeatBegan:
    """The duel's first fact: beat 1, or the position's beat, worded as the engine words
    that beat's start, so a duel continued from a position states the same facts."""
    position = setup.get("position")
    if position is None and setup.get("ruleset") == profile.BC2011:  # C09: no counter
        return F.BeatBegan(rule=profile.cite("Setup"), text="Beat 1 begins (no time limit).",
                           beat=1, seq=1, ante_first=setup["first_to_ante"])
    if position is None:
        return F.BeatBegan(rule="R3.1", text="Beat 1 begins; the beat counter stands at 15.",
                           beat=1, seq=1, ante_first=setup["first_to_ante"])
    beat, seq = position["beat"], position["beats_played"]
    text = "Beat 1 begins; the beat counter stands at 15." if (beat, seq) == (1, 1) else \
        f"Beat {beat} begins."
    return F.BeatBegan(rule="R3.1", text=text, beat=beat, seq=seq,
                       ante_first=position["ante_first"])


# The classes of the decisions a prompt's options offer (a concession and an order are
# judged by the envelope, ``Duel._envelope``).
_ASKED: Final = frozenset(DECISION_TYPES) - {Concede, Order}


def _value(decision: object) -> Decision | None:
    """``decision`` as a value: one already (an option passed back), or its JSON read when
    it names player 0 or 1 and holds no null (a null field goes through the envelope, which
    refuses one of no known name); else None."""
    if isinstance(decision, dict):
        player = decision.get("player")
        if (player == 0 or player == 1) and type(player) is int and \
                None not in decision.values():
            return read(decision)
        return None
    return decision if isinstance(decision, DECISION_TYPES) else None


def canonical(decision: dict) -> str:
    return json.dumps({k: v for k, v in decision.items() if v is not None}, sort_keys=True)


class Duel:
    """One duel: the setup, the decisions made and the facts they produced, in order."""

    def __init__(self, setup: dict, *, opened: bool = True,
                 state: DuelState | None = None) -> None:
        """The duel at its setup, its opening facts judged (``opened``), or none yet
        (``restore``); at ``state`` instead of the setup's, with no events (``twin``)."""
        self.setup = setup
        self.state = initial_state(setup) if state is None else state
        self.events: list[tuple[str, Any]] = []  # ("fact", Fact) | ("decision", dict)
        self._need: Need | None = None
        self._stale: list[str | None] = []  # ``stale_cards``, once asked
        if not opened:
            return
        facts: list[F.Fact] = []
        first = opening(setup)
        engine._apply(self.state, facts, [first])
        engine.run(self.state, sink=facts)
        self.events += [("fact", f) for f in facts]

    # --- construction -----------------------------------------------------------

    @classmethod
    def restore(cls, setup: dict) -> Duel:
        """A duel at its setup with no events yet, to be filled by ``absorb`` (a store's replay)."""
        return cls(setup, opened=False)

    def absorb(self, kind: str, payload: F.Fact | dict) -> None:
        """Append an already-judged event: a fact is applied, a decision only recorded."""
        if kind == "fact":
            fact = F.Fact.from_json(payload) if isinstance(payload, dict) else payload
            fact.run(self.state)
            self.events.append(("fact", fact))
        else:
            assert isinstance(payload, dict), "a decision is stored as a JSON object"
            self.events.append(("decision", dict(payload)))
        self._need = None

    def twin(self) -> Duel:
        """A copy that may decide without changing this duel (``judge.ruleset.Match``): the
        state cloned, the setup and the lists copied, their items shared (facts are frozen,
        a decision kept is a copy). Built through ``__init__``, which a compiled ``Duel``
        needs (no ``__dict__`` to copy)."""
        new = Duel(dict(self.setup), opened=False, state=self.state.clone())
        new.events = list(self.events)
        new._need = self._need
        new._stale = list(self._stale)
        return new

    @classmethod
    def new(cls, data: Any) -> Duel:
        """A duel from a record's setup, ignoring its decisions."""
        return cls(parse_setup(data))

    @classmethod
    def from_record(cls, data: Any) -> Duel:
        """Replay a whole record; RecordError names the first illegal decision."""
        duel = cls.new(data)
        decide_all(duel, decisions_of(data))
        return duel

    # --- queries ----------------------------------------------------------------

    @property
    def stale_cards(self) -> str | None:
        """Why no new decision may be judged: the duel's card data is not today's (asked
        once: the card data does not change under a duel being judged)."""
        if not self._stale:
            self._stale.append(cardset.stale(self.setup))
        return self._stale[0]

    @property
    def need(self) -> Need | None:
        if self._need is None and not self.state.over:
            self._need = engine.current_need(self.state)
        return self._need

    @property
    def prompt(self) -> dict | None:
        return prompt_json(self.need)

    @property
    def over(self) -> bool:
        return self.state.over

    @property
    def outcome(self) -> Outcome | None:
        """Winner or draw, and why; None while the duel goes on."""
        s = self.state
        return Outcome(s.winner, s.draw, s.end_reason or "") if s.over else None

    @property
    def facts(self) -> list[F.Fact]:
        return [e for kind, e in self.events if kind == "fact"]

    @property
    def decisions(self) -> list[dict]:
        return [e for kind, e in self.events if kind == "decision"]

    def to_json(self) -> dict:
        return state_json(self.state, self.need)

    def to_record(self) -> dict:
        record = {"format": FORMAT, "ruleset": self.setup.get("ruleset", RULESET),
                  "options": self.setup["options"],
                  "players": self.setup["players"], "first_to_ante": self.setup["first_to_ante"]}
        if "position" in self.setup:
            record["position"] = self.setup["position"]
        if "rules" in self.setup:  # the rules it was judged under travel with it
            record["rules"] = self.setup["rules"]
        return {**record, "decisions": self.decisions}

    def state_at(self, n: int) -> DuelState:
        """The state after the first n events (decisions and facts, numbered from 1)."""
        s = initial_state(self.setup)
        for kind, e in self.events[:n]:
            if kind == "fact":
                e.run(s)
        return s

    def need_at(self, n: int, state: DuelState | None = None) -> Need | None:
        """The prompt after the first n events: the one the duel waited on there, or None
        when the engine was still resolving (the next event is a fact)."""
        if n >= len(self.events):
            return self.need
        if self.events[n][0] != "decision":
            return None
        try:
            return engine.current_need(state if state is not None else self.state_at(n))
        except engine.EngineError:
            return None

    def prompt_at(self, n: int, state: DuelState | None = None) -> dict | None:
        """``need_at`` as the prompt JSON."""
        return prompt_json(self.need_at(n, state))

    def __repr__(self) -> str:
        return f"Duel.from_record({json.dumps(self.to_record())})"

    # --- the one command ----------------------------------------------------------

    def check(self, decision: object) -> Decision:
        """Raise IllegalDecisionError (reason and rule) unless ``decision`` (its JSON, or a
        value of ``judge.battlecon.decisions``) is legal now; return it as that value.

        The fast path reads the JSON once and finds an option equal to it; only a decision
        that is not read, matches no option, or is a concession or an order goes through
        the envelope's checks, which name what is wrong (``_envelope``, ``_why_not``)."""
        if self.state.over:
            raise DuelOverError("The duel is already over; no more decisions can be recorded.",
                                "R20.1")
        if self.stale_cards:
            raise IllegalDecisionError(self.stale_cards, "cards")
        value = _value(decision)
        need = self.need
        if value is not None and need is not None and type(value) in _ASKED and \
                offered(need.options, value):
            return value
        shown = decision if isinstance(decision, dict) or value is None else write(value)
        return self._envelope(shown, value, need)

    def _envelope(self, decision: object, value: Decision | None,
                  need: Need | None) -> Decision:
        """The slow path of ``check``: the envelope's errors, the concession and the order;
        else the decision matched no option, and ``_why_not`` says why."""
        if not isinstance(decision, dict):
            raise IllegalDecisionError("A decision must be a JSON object.", "record.decisions")
        known_fields = decision_fields()
        unknown = sorted(set(decision) - known_fields, key=str)
        if unknown:
            raise IllegalDecisionError(f"Unknown field {unknown[0]!r} in a decision; known: "
                                       f"{', '.join(sorted(known_fields))}.",
                                       "record.decisions", field=str(unknown[0]))
        player, kind = decision.get("player"), decision.get("kind")
        if player not in (0, 1) or isinstance(player, bool):
            raise IllegalDecisionError("A decision must name its player, 0 or 1.",
                                       "record.decisions", field="player")
        kinds = decision_kinds()
        if kind not in kinds:
            raise IllegalDecisionError(f"Unknown decision kind {kind!r}; known: "
                                       f"{', '.join(kinds)}.", "record.decisions",
                                       field="kind")
        if kind == "concede":
            if set(decision) != {"player", "kind"}:
                raise IllegalDecisionError("A concession carries only player and kind.", "R20.4")
            return Concede(player)
        if kind == "order":
            return self._order(decision, player, need)
        assert need is not None, "a duel that is not over waits on a decision"
        if value is None:  # not read on the fast path (a null field): read without nulls
            value = read({k: v for k, v in decision.items() if v is not None})
            if value is not None and offered(need.options, value):
                return value
        raise self._why_not(decision, need)

    def _order(self, decision: dict, player: int, need: Need | None) -> Decision:
        """An ``order`` decision: the effects of the window waiting on ``player``, once each."""
        order = need.extra.get("order") if need else None
        if not order or order["player"] != player:
            if need is not None and need.kind == "order" and player not in need.players:
                raise self._why_not(decision, need)  # "waiting for ..., not for ..."
            raise IllegalDecisionError(f"{name(self.state, player)} has no simultaneous "
                                       "effects to order now.", "R18.5")
        if set(decision) != {"player", "kind", "effects"}:
            raise IllegalDecisionError("An order carries only player, kind and effects.",
                                       "R18.5")
        effects = decision.get("effects")
        if not isinstance(effects, list) or sorted(effects) != sorted(order["effects"]):
            raise IllegalDecisionError("An order must list each of these effects once: "
                                       f"{', '.join(order['effects'])}.", "R18.5")
        return Order(player, tuple(effects))

    def _why_not(self, decision: dict, need: Need) -> IllegalDecisionError:
        s = self.state
        player, kind = decision.get("player"), decision.get("kind")
        assert isinstance(player, int), "check() has made sure the decision names its player"
        waiting = " and ".join(name(s, p) for p in need.players)
        rule = need.rule or "R18.4"
        if player not in need.players:
            return IllegalDecisionError(f"The duel is waiting for {waiting} ({need.kind}), not "
                                        f"for {name(s, player)}.", rule)
        kinds = sorted({o.kind for o in need.options if o.player == player})
        if kind not in kinds:
            return IllegalDecisionError(f"{name(s, player)} must decide {' or '.join(kinds)} "
                                        f"now, not {kind!r}.", rule)
        legal = [write(o) for o in need.options if o.player == player and o.kind == kind]
        shown = "; ".join(canonical({k: v for k, v in o.items() if k not in ("player", "kind")})
                          for o in legal[:12])
        more = f" (and {len(legal) - 12} more)" if len(legal) > 12 else ""
        about = f": {need.about.rstrip('.')}" if need.about else ""
        return IllegalDecisionError(f"That is not a legal {kind} for {name(s, player)}{about}. "
                                    f"Legal: {shown}{more}.", rule)

    CORRECTABLE = {"life": int, "space": int, "form": str, "stunned": bool,
                   "token_pool": list, "token_discard": list, "hand": list, "discard_1": list,
                   "discard_2": list, "removed": list, "counters": dict}

    def correct(self, players: Any, markers: Any = None, rule: Any = "correction",
                text: Any = "", dispute: Any = None) -> list[F.Fact]:
        """A judge correction (a head judge overturning a ruling, or a logging fix).

        Refused (IllegalDecisionError) if it names unknown fields or would break the
        board: two standups on one space, a space off the board, life above 20.
        """
        for what, value in (("rule", rule), ("text", text), ("dispute", dispute)):
            if not isinstance(value, str) and (value is not None or what != "dispute"):
                shown = json.dumps(value, default=repr)
                raise IllegalDecisionError(f"A correction's {what} must be text, not {shown}.",
                                           "correction", field=what)
        trial = self.state.clone()
        if not isinstance(players, dict) or not isinstance(markers or {}, dict):
            raise IllegalDecisionError("A correction maps players (and markers) to changes.",
                                       rule)
        players = {str(k): dict(v) if isinstance(v, dict) else v for k, v in players.items()}
        if not any(players.values()) and not markers:
            raise IllegalDecisionError("A correction must change something.", rule)
        for key, changes in players.items():
            if key not in ("0", "1") or not isinstance(changes, dict):
                raise IllegalDecisionError(f"Unknown player {key!r} in a correction.", rule)
            for attr, value in changes.items():
                self._check_field(int(key), attr, value, rule)
        for key, space in (markers or {}).items():
            owner, _, name = str(key).partition(":")
            if owner not in ("0", "1") or \
                    name not in fighter(self.state.players[int(owner)].fighter).markers:
                raise IllegalDecisionError(f"Unknown marker {key!r}; markers are named "
                                           "'owner:name', e.g. '1:gate-trap'.", rule)
            if space is not None and (type(space) is not int or not 1 <= space <= 7):
                raise IllegalDecisionError(f"Marker {key!r} must be on a space 1-7 or off "
                                           "the board (null).", rule)
        if self.state.over:
            raise DuelOverError("The duel is over: a correction is refused unless a head "
                                "judge's resolution of a dispute reopens it.", "R20.1")
        fact = F.Corrected(rule=rule, text=text or "A judge corrects the position.",
                           players=players, markers=dict(markers or {}), dispute=dispute)
        fact.run(trial)
        spaces = [p.space for p in trial.players]
        if spaces[0] == spaces[1]:
            raise IllegalDecisionError("Standups must stand on two different spaces.", "R17.11")
        for i, p in enumerate(trial.players):
            if sorted(self._zones(p)) != sorted(self._kit_cards(i)):
                raise IllegalDecisionError(f"After this correction player {i}'s cards would not "
                                           "each be in exactly one zone.", rule)
        facts: list[F.Fact] = []
        engine._apply(self.state, facts, [fact])
        engine._check_end(self.state, facts)  # a life at 0 or less ends the duel (R20.1)
        engine.run(self.state, sink=facts)
        entry = {"kind": "correction", "players": players, "markers": dict(markers or {}),
                 "rule": rule, "text": fact.text}
        if dispute is not None:
            entry["dispute"] = dispute
        self.events.append(("decision", entry))
        self.events += [("fact", f) for f in facts]
        self._need = None
        return facts

    def correct_entry(self, entry: dict) -> list[F.Fact]:
        """A head judge's correction in the shape of ``judge.corrections``: each change
        checked against its field (``correction.correctable``) and the corrected position
        against the rules; refused after the end unless it reopens the duel (R20.1)."""
        c = corrections.parse(entry)
        corrections.check_open(self.state.over, c)
        fields = correction.correctable(self.state)
        for change in c.changes:
            spec = fields.get(change["field"])
            if spec is None:
                raise IllegalDecisionError(
                    f"{change['field']!r} is not a field a judge may correct in this duel; "
                    "the duel's correctable fields list them.", c.rule,
                    field=change["field"])
            corrections.check_value(spec, change["field"], change["after"])
        changes = corrections.fill(c, lambda path: fields[path]["value"])
        if all(_same(ch.before, ch.after) for ch in changes):
            raise IllegalDecisionError("This correction changes nothing: every field already "
                                       "has that value.", c.rule, field=changes[0].field)
        done: list[F.Fact] = [self._reopening()] if c.reopens else []
        done.append(F.CorrectionMade(
            rule=c.rule, text="Corrected: " + corrections.what(
                [ch.to_json() for ch in changes], lambda path: correction.label(self.setup, path),
                correction.value_words) + ".",
            changes=[ch.to_json() for ch in changes], by=c.by, dispute=c.dispute))
        trial = self.state.clone()
        for f in done:
            f.run(trial)
        correction.check_position(trial, changes)
        facts: list[F.Fact] = []
        engine._apply(self.state, facts, done)
        engine._check_end(self.state, facts)  # a life at 0 or less ends the duel (R20.1)
        engine.run(self.state, sink=facts)
        self.events.append(("decision", c.entry(changes)))
        self.events += [("fact", f) for f in facts]
        self._need = None
        return facts

    def _reopening(self) -> F.DuelReopened:
        """The duel taken back to where the ruling that ended it was made."""
        ended = max(n for n, (kind, e) in enumerate(self.events)
                    if kind == "fact" and isinstance(e, F.DuelEnded))
        before = self.state_at(ended)
        return F.DuelReopened(rule="R20.1", text="A head judge overturns the ruling that ended "
                              "the duel: it goes on from there.", step=before.step,
                              agenda=to_lists(before.agenda))

    def _check_field(self, i: int, attr: str, value: Any, rule: str) -> None:
        kind = self.CORRECTABLE.get(attr)
        ok = kind is not None and isinstance(value, kind) and not (
            kind is int and isinstance(value, bool))
        kit = fighter(self.state.players[i].fighter)
        if ok and attr == "life":
            ok = value <= 20
        elif ok and attr == "space":
            ok = 1 <= value <= 7
        elif ok and attr == "form":
            ok = value in kit.forms
        elif ok and attr in ("token_pool", "token_discard"):
            ok = all(isinstance(t, str) and t in kit.tokens for t in value)
        elif ok and kind is list:
            ok = all(isinstance(c, str) for c in value)
        elif ok and attr == "counters":
            ok = all(k in kit.counters and type(v) is int and v >= 0 for k, v in value.items())
        if not ok:
            raise IllegalDecisionError(f"Cannot correct player {i}'s {attr!r} to {value!r}.",
                                       rule)

    def _kit_cards(self, i: int) -> list[str]:
        cards = [c.id for c in fighter(self.state.players[i].fighter).cards()]
        if self.setup["options"]["special_actions"]:
            cards.append(SPECIAL_ACTION)
        return cards

    @staticmethod
    def _zones(p: PlayerState) -> list[str]:
        found = p.hand + p.discard_1 + p.discard_2 + p.removed
        return found + (p.pair.cards() if p.pair else [])

    def decide(self, decision: Any) -> list[F.Fact]:
        """Apply a legal decision; return the facts it produced. Illegal: nothing changes.

        A ``correction`` entry (a judge's fix, recorded in the record where it happened)
        is routed to ``correct``.
        """
        if corrections.is_entry(decision):
            return self.correct_entry(decision)
        if isinstance(decision, dict) and decision.get("kind") == "correction":
            extra = set(decision) - {"kind", "players", "markers", "rule", "text", "dispute"}
            if extra or not isinstance(decision.get("players"), dict):
                raise IllegalDecisionError("A correction carries players (and optionally "
                                           "markers, rule, text, dispute) only.", "correction")
            return self.correct(decision["players"], decision.get("markers"),
                                rule=decision.get("rule", "correction"),
                                text=decision.get("text", ""), dispute=decision.get("dispute"))
        value = self.check(decision)
        kept = {k: v for k, v in decision.items() if v is not None} \
            if isinstance(decision, dict) else write(value)  # the record's JSON
        s = self.state
        facts: list[F.Fact] = []
        stopped: list[Need] = []  # the prompt the engine stopped at, kept for ``need``
        if isinstance(value, Concede):
            p = value.player
            engine._apply(s, facts, [
                F.Conceded(rule="R20.4", text=f"{name(s, p)} concedes.", player=p),
                F.DuelEnded(rule="R20.4", text=f"{name(s, 1 - p)} wins by concession.",
                            winner=1 - p, draw=False, reason="concession")])
        else:
            engine.run(s, value, sink=facts, stopped=stopped, at_rest=True)
        self.events.append(("decision", kept))
        self.events += [("fact", f) for f in facts]
        self._need = stopped[0] if stopped else None
        return facts


def _same(before: Any, after: Any) -> bool:
    """Whether a change leaves a field as it was (zones compare as sets of cards)."""
    if isinstance(before, list) and isinstance(after, list):
        return sorted(before) == sorted(after)
    return bool(before == after and type(before) is type(after))
