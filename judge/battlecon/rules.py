"""Rule procedures that facts apply: building each step's agenda of work items.

The items are typed values (``agenda.py``): ``Fx`` one action of a triggered effect,
``Activate``, ``RangeCheck``, ``Damage``, ``Offer`` (a ``STUN_OFFER`` hook's spend asked
before the stun check), ``StunCheck`` and ``Priority``. Everything here is deterministic,
so replaying facts rebuilds the same agenda.
"""

from __future__ import annotations

from dataclasses import replace

from judge.battlecon import facts as F
from judge.battlecon import reveal2011
from judge.battlecon.agenda import (
    PRIORITY,
    Activate,
    Damage,
    Fx,
    Item,
    Offer,
    RangeCheck,
    StunCheck,
)
from judge.battlecon.cards import (
    AFTER_ACTIVATING,
    AFTER_RECYCLE,
    BEFORE_ACTIVATING,
    END_OF_BEAT,
    INSTEAD,
    ON_BEING_HIT,
    ON_DAMAGE,
    ON_HIT,
    REVEAL,
    START_OF_BEAT,
    Card,
)
from judge.battlecon.clash_reveal import revealed_in_clash
from judge.battlecon.context import Need
from judge.battlecon.decisions import Arrange, Decision, May, expect
from judge.battlecon.facts import PlacementAnswered
from judge.battlecon.hooks import (
    COPIED_AS,
    NEGATES,
    STUN_OFFER,
    ignored,
    in_force,
    query,
)
from judge.battlecon.kits import effect, fighter
from judge.battlecon.names import name, possessive, pronoun_object
from judge.battlecon.negation import lasting_count
from judge.battlecon.placing import arrangements, staying, still_to_ask
from judge.battlecon.spending import forbidden
from judge.battlecon.state import SPECIAL_ACTION, DuelState


def copy_names(s: DuelState, p: int) -> dict[str, str]:
    """The names player p's copies that keep the copied card's id go by (``COPIED_AS``)."""
    out: dict[str, str] = {}
    for owner, _c, fn in query(s, COPIED_AS):
        if owner == p:
            out.update(fn(s, owner, p))
    return out


def effect_names(s: DuelState, p: int, keys: list[str]) -> list[str]:
    """Each effect's card name, in this order; the second of two equal keys is the copy's
    and goes by its own name when it has one ("Mutating (as Whip)")."""
    aliases = copy_names(s, p) if len(set(keys)) < len(keys) else {}
    seen: set[str] = set()
    out = []
    for k in keys:
        c = effect(k)[0]
        out.append(aliases.get(c.id, c.name) if k in seen else c.name)
        seen.add(k)
    return out


def shown_card(s: DuelState, item: Fx, c: Card) -> Card:
    """The card an effect item at the head of the agenda resolves as: a copy that keeps the
    copied card's id resolves the later of the two equal items, under its own name."""
    aliases = copy_names(s, item.player)
    if c.id not in aliases or any(item.same_action(it) for it in s.agenda[1:]):
        return c
    return replace(c, name=aliases[c.id])


def effects_for(s: DuelState, p: int, timing: str) -> list[tuple[Card, int]]:
    """Player p's effects on a trigger, in printed order: Style, Base, then ability. A Base
    played in a Clash has no Reveal effects (R6.7a, ``clash_reveal``)."""
    out = []
    for c in in_force(s, p, timing):
        if timing == REVEAL and revealed_in_clash(s, p, c.id):
            continue
        for i in c.timed.get(timing, ()):
            condition = c.effects[i].condition
            if condition is None or condition(s, p):
                out.append((c, i))
    return out


def window(s: DuelState, p: int, timing: str) -> list[Item]:
    s.group_seq += 1  # every window numbers a group, whether or not it has effects
    found = effects_for(s, p, timing)
    lasting = lasting_count(s, p, timing)  # rules-2: Reveal effects kept as hooks count too
    if not found and not lasting:
        return []
    negated = negated_items(s, p, timing, len(found) + lasting)
    if not found and negated is None:
        return []
    if negated is not None:
        return negated
    group = f"{s.seq}:{timing}:{p}:{s.group_seq}"
    items: list[Item] = []
    for c, i in found:
        key = c.effect_keys[i]
        for a in range(len(c.effects[i].actions)):
            items.append(Fx(p, key, a, group))
    return items


def negated_items(s: DuelState, p: int, timing: str, count: int) -> list[Item] | None:
    """When a ``NEGATES`` hook negates p's effects in this window: its card's ``instead``
    effect, once for each negated effect, in a group of its owner's; else None. (``window``
    asks only when there are effects to negate, lasting Reveal effects included.)"""
    for owner, c, fn in query(s, NEGATES):
        if fn(s, owner, p, timing):
            s.group_seq += 1
            group = f"{s.seq}:{INSTEAD}:{owner}:{s.group_seq}"
            index = next(i for i, e in enumerate(c.effects) if e.timing == INSTEAD)
            return [Fx(owner, c.effect_key(index), 0, group)] * count
    return None


def group_keys(s: DuelState, group: str) -> list[str]:
    keys: list[str] = []
    for item in s.agenda:
        if isinstance(item, Fx) and item.group == group and item.effect not in keys:
            keys.append(item.effect)
    return keys


def reorder_group(s: DuelState, group: str, order: list[str]) -> None:
    items = [it for it in s.agenda if isinstance(it, Fx) and it.group == group]
    if not order or not items:
        return
    rest = [it for it in s.agenda if not (isinstance(it, Fx) and it.group == group)]
    start = s.agenda.index(items[0])
    ranked = sorted(items, key=lambda it: (order.index(it.effect), it.action))
    s.agenda[:] = rest[:start] + ranked + rest[start:]


def enter_step(s: DuelState, step: str) -> None:
    """What beginning a step changes whatever the cards: a fresh agenda, the ante's turn."""
    s.agenda.clear()
    if step == "ante":
        s.ante_turn = s.ante_first
        s.ante_passes = 0
    elif step == "reveal":
        s.cancel_reselect = False


def begin_step(s: DuelState, step: str) -> None:
    """The step's work items, from the cards in play (``StepBegan`` keeps them)."""
    if step == "ante":
        for p in (s.ante_first, 1 - s.ante_first):
            s.agenda.extend(window(s, p, "ante"))
    elif step in (START_OF_BEAT, END_OF_BEAT):
        assert s.active is not None, "priority names the Active Player before these steps"
        for p in (s.active, 1 - s.active):
            s.agenda.extend(window(s, p, step))
    elif step == "active_attack":
        assert s.active is not None, "priority names the Active Player before the attacks"
        s.agenda.append(Activate(s.active))
    elif step == AFTER_RECYCLE:
        first = s.ante_first if s.active is None else s.active
        for p in (first, 1 - first):
            s.agenda.extend(window(s, p, AFTER_RECYCLE))
    elif step == "reactive_attack":
        assert s.active is not None, "priority names the Active Player before the attacks"
        s.agenda.append(Activate(1 - s.active))


def after_reveal(s: DuelState) -> None:
    """Special Actions first (R6.2): any not yet declared; under 001 a Finisher kept through
    the opponent's Cancel (C07, ``cancel2011``) is declared already and just goes on."""
    if any(p.pair and p.pair.style == SPECIAL_ACTION and p.pair.action is None
           for p in s.players):
        s.step = "special"
        return
    push_reveal(s)


def push_reveal(s: DuelState) -> None:
    reveal2011.note_leader(s)  # C13: under 001 the lead before the Reveal effects counts
    for p in (s.ante_first, 1 - s.ante_first):
        s.agenda.extend(window(s, p, REVEAL))
    s.agenda.append(PRIORITY)


def queue_activation(s: DuelState, p: int) -> None:
    items = window(s, p, BEFORE_ACTIVATING) + [RangeCheck(p)] + window(s, p, AFTER_ACTIVATING)
    s.agenda[0:0] = items


def queue_hit(s: DuelState, p: int) -> None:
    """The attacker's On Hit effects, then the defender's "when hit" ones (only when there
    are any, so other duels number their windows as before), then the damage."""
    defender = window(s, 1 - p, ON_BEING_HIT) if effects_for(s, 1 - p, ON_BEING_HIT) else []
    s.agenda[0:0] = window(s, p, ON_HIT) + defender + [Damage(p)]


def after_recycle_due(s: DuelState) -> bool:
    """Whether a unique ability acts after this beat's recycling (R10.3); never after a
    Pulse (R23.6)."""
    return s.pulse is None and any(effects_for(s, p, AFTER_RECYCLE) for p in (0, 1))


def queue_damage(s: DuelState, a: int, d: int, amount: int) -> None:
    items: list[Item] = []
    if not (ignored(s, a).get("stun_guard") or forbidden(s, d)):  # a spend (spending.py)
        items = [Offer(d, a, amount, c.id) for owner, c, offer
                 in query(s, STUN_OFFER) if owner == d and offer.offered(s, d, amount)]
    items.append(StunCheck(d, a, amount))
    s.agenda[0:0] = items + window(s, a, ON_DAMAGE)


def queue_repeat(s: DuelState, p: int) -> None:
    """The attack repeats once this hit has done its damage (Four Winds, Chain)."""
    for index, item in enumerate(s.agenda):
        if isinstance(item, Damage) and item.attacker == p:
            s.agenda.insert(index + 1, RangeCheck(p))
            return
    s.agenda.insert(0, RangeCheck(p))


def on_token_anted(s: DuelState, p: int, token: str) -> None:
    hook = fighter(s.players[p].fighter).token_anted
    if hook:
        hook(s, p, token)


def arrange(s: DuelState, owner: int, decision: Decision | None, rule: str,
            about: str, ask: bool = True) -> list[F.Fact] | Need:
    """Put both standups on any two different spaces (Pulse R23.2, Planar Crossing).
    With ``ask`` (not a Pulse, R23.1), a fighter who may ignore movement is asked first
    whether she stays where she is (P1, the ruling ``placing``)."""
    waiting = still_to_ask(s, owner) if ask else []
    if waiting:
        return _ask_to_stay(s, owner, decision, rule, about, *waiting[0])
    if decision is None:
        options: list[Decision] = [Arrange(owner, tuple(spaces))
                                   for spaces in arrangements(s, owner)]
        return Need("arrange", (owner,), options, about=f"{about}: place both standups",
                    rule=rule)
    a, b = expect(decision, Arrange, "the arrangement").spaces
    text = f"{about}: {name(s, 0)} goes to space {a} and {name(s, 1)} to space {b}."
    kept = staying(s)
    if kept:  # one of them chose to stay where she is (P1)
        p = next(iter(kept))
        text = f"{about}: {name(s, p)} stays on space {kept[p]} and {name(s, 1 - p)} goes " \
            f"to space {(a, b)[1 - p]}."
    return [F.StandupsArranged(rule=rule, text=text, player=owner, spaces=[a, b])]


def _ask_to_stay(s: DuelState, owner: int, decision: Decision | None, rule: str, about: str,
                 mover: int, why: str) -> list[F.Fact] | Need:
    """Ask ``mover`` whether she ignores the rearrangement (a ``may``); inside a card's
    effect the effect's item comes back to place the standups (P1)."""
    who = name(s, mover)
    what = f"{possessive(s, mover)} own" if mover == owner else f"{name(s, owner)}'s"
    if not isinstance(decision, May):
        return Need("may", (mover,), [May(mover, a) for a in (False, True)],
                    about=f"{why}: {who} may ignore {what} {about} and stay on space "
                    f"{s.players[mover].space}. Ignore it?", rule=rule)
    stays = decision.accept
    text = f"{who} ignores {what} {about} ({why}) and stays on space " \
        f"{s.players[mover].space}." if stays else \
        f"{who} lets {what} {about} place {pronoun_object(s, mover)}, though {why} would " \
        f"let {pronoun_object(s, mover)} ignore it."
    out: list[F.Fact] = [PlacementAnswered(rule=rule, text=text, player=mover, stays=stays)]
    head = s.agenda[0] if s.agenda else None
    if isinstance(head, Fx):
        out.append(F.EffectResumed(rule=rule, text="The rearrangement goes on.",
                                   item=head.to_list()))
    return out
