"""The beat-by-beat narrative a judge or a teacher reads: a projection of the events."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from judge import corrections
from judge.battlecon import asked as asked_module
from judge.battlecon import correction, kit_decls, profile, wording2011
from judge.battlecon.duel import Duel, initial_state
from judge.battlecon.facts import (
    AttackRepeated,
    BeatBegan,
    CorrectionMade,
    Fact,
    Hit,
    Missed,
    StepBegan,
    Triggered,
)
from judge.battlecon.roster import Fighter, card, fighter
from judge.battlecon.state import DuelState

STEP_TITLES = {"ante": "Ante", "reveal": "Reveal", "start_of_beat": "Start of Beat",
               "active_attack": "Active attack", "reactive_attack": "Reactive attack",
               "end_of_beat": "End of Beat", "recycle": "Recycle",
               "after_recycle": "After Recycling", "select": "Select attack pairs",
               "clash": "Clash", "special": "Special Action", "pulse": "Pulse",
               "beat_over": "End of the beat"}


def waiting_for(prompt: dict) -> str:
    """What a prompt asks, in the game's words: its question, and how many choices."""
    about = (prompt.get("about") or "a decision").rstrip(".?")
    count = len(prompt["options"])
    return f"{about} ({count} legal choice{'' if count == 1 else 's'})."


def describe_decision(setup: dict, d: dict, figure: str | None = None) -> str:
    """A player's decision in words (a secret choice stays secret until it is revealed);
    ``figure``: the figure a ``move`` decision moves, when it is not a standup (Juto), as
    the prompt it answered names it."""
    players = setup["players"]
    if corrections.is_entry(d):  # who corrected what, from what to what, why
        return corrections.sentence(d, lambda path: correction.label(setup, path),
                                    correction.value_words)
    if d.get("kind") == "correction":  # an older correction: a judge's, not a player's
        ruling = f" ({d['rule']})" if d.get("rule") and d.get("rule") != "correction" else ""
        return f"A judge corrects the position{ruling}: {d.get('text') or 'see the facts'}"
    who = players[d["player"]]["name"]
    kit = fighter(players[d["player"]]["fighter"])

    def name(cid: str) -> str:
        try:
            return card(cid).name
        except KeyError:
            return kit.token_name(cid)

    words = {
        "attack_pair": lambda: "chooses an attack pair, face down",
        "clash_base": lambda: "chooses a new Base for the Clash, face down",
        "ante": lambda: "antes the Finisher" if d.get("finisher") else
        f"antes {kit.token_name(d.get('token', ''))}" if "count" not in d else
        f"antes {d['count']} {kit.token_name(d.get('token', ''))} token"
        f"{'' if d['count'] == 1 else 's'} as one batch",
        "pass": lambda: "passes",
        "move": lambda: f"chooses space {d.get('to')}" if figure is None else
        f"moves {figure.replace('-', ' ').title()} to space {d.get('to')}",
        "place": lambda: f"puts the {str(d.get('marker', '')).replace('-', ' ').title()} on "
                         f"space {d.get('to')}",
        "arrange": lambda: f"places {players[0]['name']} on space {d['spaces'][0]} and "
                           f"{players[1]['name']} on space {d['spaces'][1]}",
        "may": lambda: "accepts" if d.get("accept") else "declines",
        "pick": lambda: "picks none" if d.get("option") == "none" else
        f"picks {name(str(d.get('option')))}",
        "order": lambda: "orders the effects: " + ", then ".join(
            name(str(k).split("/")[0]) for k in d.get("effects", [])),
        "concede": lambda: "concedes",
    }
    try:
        own = kit_words(d, kit)
        return f"{who} {own if own is not None else words[d['kind']]()}."
    except (KeyError, IndexError, TypeError):
        rest = ", ".join(f"{k}={v}" for k, v in d.items() if k not in ("player", "kind"))
        return f"{who} decides {d.get('kind')} {rest}".rstrip()


def kit_words(d: dict, kit: Fighter) -> str | None:
    """A decision in the words its kit declares (``kit_parts``): a fighter's own kind
    (Seth's guess), or a core kind carrying a kit's field (Hepzibah's ``paid_by``)."""
    own = kit_decls.own_kind(str(d.get("kind")))
    if own is not None:
        return own.words(d, kit)
    extra = kit_decls.field_words(d)
    return extra.words(d, kit) if extra is not None and extra.words is not None else None


def describe_answer(setup: dict, d: dict, prompt: dict | None) -> str:
    """Decision ``d`` after the question it answered (``prompt``: the prompt JSON it
    answered, None when unknown), as the events API lists it: "Cadenza's Burst: Retreat
    1 or 2 spaces. Ben chooses space 6."."""
    figure = prompt.get("figure") if prompt and d.get("kind") == "move" else None
    answer = describe_decision(setup, d, figure)
    if not prompt or prompt.get("decider") != "player" or not prompt.get("players"):
        return answer
    who = fighter(setup["players"][prompt["players"][0]]["fighter"]).name
    asked = asked_module.question_words(who, str(prompt.get("kind")), prompt.get("about") or "",
                                        prompt.get("order"), str(d.get("kind")))
    return f"{asked} {answer}".strip()


def asked_and_answered(duel: Duel, n: int, d: dict, s: DuelState) -> tuple[int | None, str]:
    """Decision ``n`` as its question, then its answer; ``s`` is the state before it.
    Returns the number of the fact it merges into (that fact's line then says both), or
    None when it stands as its own line."""
    need = None if d.get("kind") in ("correction", "concede") else duel.need_at(n - 1, s)
    figure = need.extra.get("figure") if need is not None and d.get("kind") == "move" \
        else None
    answer = describe_decision(duel.setup, d, figure)
    asked = asked_module.question(s, need, str(d.get("kind")))
    m = asked_module.partner(duel.events, n, d, need)
    if m is None:
        return None, f"{asked} {answer}".strip()
    fact = duel.events[m - 1][1]
    if isinstance(fact, Triggered):  # the trigger is the question; say what was chosen
        more = "" if not asked or need is None or \
            asked_module.repeats_words(need.about, fact.text) else f" {asked}"
        return m, f"{fact.text}{more} {answer}"
    who = duel.setup["players"][d["player"]]["name"]
    return m, f"{asked} {who}'s choice: {asked_module.without_heading(asked, fact.text)}" \
        .strip()


def rule_cited(e: Fact) -> str:
    """The rule a fact's line cites: the one it carries."""
    return e.rule


def rule_cited_2011(e: Fact) -> str:
    """Under ``battlecon-2011``, 001's heading and words where the fact applies a passage of
    001 that reads otherwise in 2014 (``wording2011``); else the rule the fact carries."""
    w = wording2011.wording_of(type(e).__name__, e.rule, e.text)
    return e.rule if w is None else w.citation()


def setup_lines_2011() -> Iterator[str]:
    """Before a 2011 duel's first beat: what its setup applies of 001, in 001's words."""
    for w in wording2011.setup_wordings():
        yield f"{0:>4}    {w.says} [{w.citation()}]"


def fact_lines(n: int, e: Fact, merged: str | None, repeating: dict[int, str],
               cited: Callable[[Fact], str] = rule_cited) -> list[str]:
    """The lines of fact ``n`` (none: nothing worth reading); ``merged``: the decision
    merged into it. A repeat is announced when the attack repeats, after the first hit's
    damage (``repeating``: the held announcement, by attacker), though the rules record
    it on the hit. ``cited``: the rule a line names."""
    if merged is not None:
        return [f"{n:>4}  > {merged} [{cited(e)}]"]
    if isinstance(e, Triggered) and e.text.endswith("continues.") or \
            isinstance(e, CorrectionMade) or not e.text:  # a correction's own line says it
        return []
    line = f"{n:>4}    {e.text} [{cited(e)}]"
    if isinstance(e, AttackRepeated):
        repeating[e.player] = line
        return []
    if isinstance(e, Hit | Missed) and e.attacker in repeating:
        return [repeating.pop(e.attacker), line]
    return [line]


def lines(duel: Duel) -> Iterator[str]:
    """One line per happening worth reading, numbered as the events are; a decision says
    what was asked before the answer, merged into the fact that tells it where one does."""
    s = initial_state(duel.setup)  # followed fact by fact: what a decision answered
    old = s.profile == profile.BC2011
    cited = rule_cited_2011 if old else rule_cited
    merged: dict[int, str] = {}
    repeating: dict[int, str] = {}
    for n, (kind, e) in enumerate(duel.events, 1):
        if kind == "decision":
            m, text = asked_and_answered(duel, n, e, s)
            if m is None:
                yield f"{n:>4}  > {text}"
            else:
                merged[m] = text
            continue
        e.run(s)
        if isinstance(e, BeatBegan):
            yield ""
            yield f"== Beat {e.beat} ==" if e.seq == e.beat else f"== Beat {e.beat} " \
                f"(played {e.seq}) =="
            if old and n == 1 and "position" not in duel.setup:
                yield from setup_lines_2011()
            continue
        if isinstance(e, StepBegan):
            title = STEP_TITLES.get(e.step) or e.step.replace("_", " ").capitalize()
            yield f"{n:>4}  -- {title} --"
            continue
        yield from fact_lines(n, e, merged.pop(n, None), repeating, cited)
    if duel.over:
        return
    prompt = duel.prompt
    if prompt:
        names = " and ".join(duel.setup["players"][p]["name"] for p in prompt["players"])
        yield ""
        yield f"Waiting for {names}: {waiting_for(prompt)}"
