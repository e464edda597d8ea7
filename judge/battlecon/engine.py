"""The engine: what must be decided next, and what follows from a decision.

``run`` resolves everything that needs no decision, one handler at a time,
applying each fact as it is produced. A handler looks at the agenda's head item
(or, with an empty agenda, at the step) and returns facts or a ``Need``.

Ordering triggered effects (R18.5): when one player has two or more effects in
one window ("soft stop"), what happens depends on the match's ``trigger-order``
ruling. ``asked`` (new duels): the engine plays every order on a copy; if every
order ends the same way (the same state and the same next decision, with the
window resolved) the printed order is resolved at once and nobody is asked,
otherwise the beat waits on an ``order`` prompt whose options are the orders, the
printed one first. ``hinted`` (records that name no reading, i.e. every record
made before): the engine pauses there and the prompt is the next real decision as
if the printed order were kept, with an ``order`` hint; an ``order`` decision
reorders the window, any other decision keeps the printed order.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import permutations
from typing import Any, Final

from judge.battlecon import cancel2011, clash2011, profile, pulse2011, reveal2011, rules, special
from judge.battlecon import facts as F
from judge.battlecon.actions import Ctx, Need, name, possessive
from judge.battlecon.agenda import (
    Activate,
    Damage,
    Fx,
    IronBodyOffer,
    Item,
    Offer,
    Priority,
    RangeCheck,
    StunCheck,
)
from judge.battlecon.cards import AFTER_RECYCLE, TIMING_NAMES
from judge.battlecon.decisions import (
    Ante,
    AnteFinisher,
    AttackPair,
    ClashBase,
    Decision,
    Order,
    Pass,
    expect,
)
from judge.battlecon.each_beat import due_after_recycling
from judge.battlecon.engine_error import EngineError
from judge.battlecon.hooks import (
    ALSO_IN_RANGE,
    CANNOT_HIT,
    CLASHED,
    DAMAGE_CAP,
    DAMAGE_DEALT,
    DODGE,
    FINISHER_REQUIRES,
    FORCES_CLASH,
    HIT_BY,
    MOVED,
    OFF_BOARD,
    ON_STUNNED,
    PREVENTS_STUN,
    PRIORITY_TIE,
    PRIORITY_TIE_LOST,
    RANGE_ORIGIN,
    RECYCLED,
    SELECTS_FIRST,
    SKIPS_RECYCLE,
    SPECIAL_RANGE,
    STUN_OFFER,
    first_reason,
    ignored,
    query,
)
from judge.battlecon.kits import card, effect, fighter
from judge.battlecon.negation import follows, offer_negated
from judge.battlecon.rules import (
    after_recycle_due,
    arrange,
    effect_names,
    group_keys,
    shown_card,
)
from judge.battlecon.rulestamp import AFTER_RECYCLING, fixed
from judge.battlecon.rulings import reading_in
from judge.battlecon.state import BEATS, SPECIAL_ACTION, DuelState, known
from judge.battlecon.stats import INFINITE, attack, incoming_bonus
from judge.errors import IllegalDecisionError

Out = list[F.Fact] | Need


# --- the loop -------------------------------------------------------------------


def soft_stop(s: DuelState) -> tuple[int, str] | None:
    """(player, group) when the head starts a window with 2+ effects not yet ordered."""
    if not s.agenda:
        return None
    head = s.agenda[0]
    if not isinstance(head, Fx) or head.action != 0 or head.group in s.ordered:
        return None
    if len(group_keys(s, head.group)) < 2:
        return None
    return head.player, head.group


def handle(s: DuelState, decision: Decision | None) -> Out:
    if s.agenda:
        item = s.agenda[0]
        return ITEM_HANDLERS[type(item)](s, item, decision)
    return STEP_HANDLERS[s.step](s, decision)


def run(s: DuelState, decision: Decision | None = None, sink: list | None = None,
        stopped: list[Need] | None = None, at_rest: bool = False,
        to_window: bool = False, window: str | None = None) -> list[F.Fact]:
    """Resolve until a decision is needed; ``decision`` (already validated) is used once.

    ``stopped`` receives the prompt the loop stopped at (what ``current_need`` would
    compute again), so a caller can keep it instead of asking twice. ``at_rest``: the
    caller holds the prompt of ``s`` as it is (``decision`` was checked against it), so
    unless a soft stop comes first the decision goes to its handler at once, without
    building that prompt again. ``to_window``: stop at the next window of effects to order
    too, without asking whether it waits (``order_matters`` compares its copies there).
    ``window``: stop as soon as that window's effects have all resolved, too.
    """
    out: list[F.Fact] = [] if sink is None else sink
    pending = decision
    start = len(out)
    while not s.over:
        if window is not None and not in_window(s, window):
            return out
        stop = soft_stop(s)
        if stop is not None:
            if pending is None and to_window:
                return out
            if pending is None:
                need = _waits_at(s, stop)
                if need is not None:
                    if stopped is not None:
                        stopped.append(need)
                    return out
            # An order was decided, another decision keeps the printed order (the hinted
            # reading), or nothing waits here: resolve it.
            player, group = stop
            keys = group_keys(s, group)
            if isinstance(pending, Order):
                order, printed = list(pending.effects), False
                pending = None
            else:
                order, printed = keys, True
            names = ", then ".join(effect_names(s, player, order))
            _apply(s, out, [F.EffectsOrdered(
                rule="R18.5", text=f"{name(s, player)} resolves {possessive(s, player)} effects in "
                f"{'the printed ' if printed else 'this '}order: {names}.", player=player,
                group=group, effects=order, printed=printed)])
            continue
        if at_rest and pending is not None and len(out) == start:  # s is as the prompt was
            result, pending = handle(s, pending), None
            if isinstance(result, Need):
                raise EngineError(f"decision {decision} was not consumed")
        else:
            result = handle(s, None)
        if isinstance(result, Need):
            if pending is None:
                if stopped is not None:
                    stopped.append(result)
                return out
            result = handle(s, pending)
            pending = None
            if isinstance(result, Need):
                raise EngineError(f"decision {decision} was not consumed")
        if not result:  # handlers change nothing themselves: no fact, no progress
            raise EngineError(f"no progress at step {s.step!r}, agenda head "
                              f"{s.agenda[0] if s.agenda else None}")
        _apply(s, out, result)
        _after_moves(s, out, result)
        _check_end(s, out)
    return out


def _after_moves(s: DuelState, out: list, facts: list[F.Fact]) -> None:
    """What a ``MOVED`` hook makes of each standup movement just applied (Merciless), and
    a ``DAMAGE_DEALT`` hook of each attack's damage (a companion's soak)."""
    for f in facts:
        if isinstance(f, _FOLLOWED) and not s.over:  # most facts: one check, nothing to do
            hook = MOVED if isinstance(f, F.Moved) else DAMAGE_DEALT
            _apply(s, out, follows(s, hook, f))


_FOLLOWED: Final = (F.Moved, F.DamageDealt)


def _apply(s: DuelState, out: list, facts: list[F.Fact]) -> None:
    for f in facts:
        f.run(s)
        out.append(f)
        if s.over:
            return


def _check_end(s: DuelState, out: list) -> None:
    """A life total at 0 or less ends the duel at once (R20.1); both at once: draw (G2)."""
    one, two = s.players
    if s.over or (one.life > 0 and two.life > 0):
        return
    down = [p for p in (0, 1) if s.players[p].life <= 0]
    if not down:
        return
    if len(down) == 2:
        f = F.DuelEnded(rule="G2", text="Both fighters fall at the same moment: the duel is a "
                        "draw.", winner=None, draw=True, reason="double_knockout")
    else:
        loser = down[0]
        f = F.DuelEnded(rule="R20.1", text=f"{name(s, loser)} falls to "
                        f"{s.players[loser].life} life: {name(s, 1 - loser)} wins the duel.", winner=1 - loser, draw=False,
                        reason="knockout")
    _apply(s, out, [f])


def current_need(s: DuelState) -> Need | None:
    """The pending prompt at rest, computing through a soft stop on a copy."""
    if s.over:
        return None
    stop = soft_stop(s)
    if stop is None:
        result = handle(s, None)
        if not isinstance(result, Need):
            raise EngineError("state is not at rest")
        return result
    if asks_order(s):
        return order_need(s, stop)
    need = _waits_at(s, stop)
    if need is None:
        raise EngineError("soft stop with nothing to decide")
    return need


ORDER_RULING: Final = "trigger-order"


def asks_order(s: DuelState) -> bool:
    """The reading of R18.5 in force: ``asked`` (the beat waits on an ``order`` prompt when
    the order matters) or ``hinted`` (records that name none: the engine pauses at every
    window and the prompt is the next decision, with an ``order`` hint)."""
    return reading_in(s.options, ORDER_RULING) == "asked"


def _waits_at(s: DuelState, stop: tuple[int, str]) -> Need | None:
    """What the duel waits on at a soft stop, or None to resolve the printed order now."""
    if asks_order(s):
        return order_need(s, stop) if order_matters(s, stop) else None
    inner = _simulate(s, stop)
    return None if inner is None else _with_order(s, stop, inner)


def _with_order(s: DuelState, stop: tuple[int, str], need: Need) -> Need:
    """The hinted reading's prompt at a soft stop: the next real decision, with the
    ``order`` hint."""
    player, group = stop
    extra = dict(need.extra)
    extra["order"] = {"player": player, "effects": group_keys(s, group)}
    return Need(need.kind, need.players, need.options, need.about, extra, need.rule)


def _simulate(s: DuelState, stop: tuple[int, str]) -> Need | None:
    """The next real decision if the printed order is kept (computed on a copy)."""
    copy = _ordered_copy(s, stop, group_keys(s, stop[1]))
    return None if copy.over else current_need(copy)


MAX_ORDERS_TRIED: Final = 24  # four effects; a window of five or more is always asked about


def order_matters(s: DuelState, stop: tuple[int, str]) -> bool:
    """Whether the owner's choice of order could change what happens (R18.5).

    Each order is played on a copy up to the next decision (or the end of the duel).
    It matters unless every copy has resolved the whole window there and all of them
    agree. Each copy stops at its next decision or at the next window of effects to
    order, whichever comes first; the engine is deterministic, so copies in the same
    state there face the same decisions ever after (comparing states is enough, and no
    later window is played out once per order of this one).

    The copies are first compared as soon as the window has resolved: if they agree
    there, they agree at that next stop too (same state, same future; a window's group
    is never queued again), so only when they differ are they played on to it.
    """
    player, group = stop
    keys = group_keys(s, group)
    orders = list(permutations(keys))
    if len(orders) > MAX_ORDERS_TRIED:
        return True
    copies = [_ordered_copy(s, stop, list(order), window=group) for order in orders]
    if any(in_window(copy, group) for copy in copies):
        return True  # a decision comes inside the window: the order decides what it sees
    if all(copy == copies[0] for copy in copies[1:]):
        return False
    for copy in copies:
        run(copy, to_window=True)
    return any(copy != copies[0] for copy in copies[1:])


def in_window(s: DuelState, group: str) -> bool:
    """Whether an effect of the window ``group`` is still on the agenda."""
    return any(isinstance(item, Fx) and item.group == group for item in s.agenda)


def _ordered_copy(s: DuelState, stop: tuple[int, str], order: list[str],
                  to_window: bool = False, window: str | None = None) -> DuelState:
    """A copy of the duel run on from the window resolved in ``order``, to the next decision
    (or, ``to_window``, to the next window of effects to order if that comes first; or,
    given ``window``, to the end of that window if that comes first)."""
    copy = s.clone()
    player, group = stop
    _apply(copy, [], [F.EffectsOrdered(rule="R18.5", text="", player=player, group=group,
                                       effects=order, printed=order == group_keys(s, group))])
    run(copy, to_window=to_window or window is not None, window=window)
    return copy


def order_need(s: DuelState, stop: tuple[int, str]) -> Need:
    """The ``order`` prompt: every order of the window, the printed one first (R18.5).

    It keeps the ``order`` hint of the prompt JSON (player and printed effects) that
    clients read before orders became options.
    """
    player, group = stop
    keys = group_keys(s, group)
    names = effect_names(s, player, keys)
    first, index = effect(keys[0])
    timing = TIMING_NAMES.get(first.effects[index].timing, "")
    options: list[Decision] = [Order(player, order) for order in permutations(keys)]
    about = (f"{name(s, player)}'s {', '.join(names[:-1])} and {names[-1]} happen at the same "
             f"time ({timing}): {name(s, player)} chooses their order, or keeps the printed "
             "order.")
    return Need("order", (player,), options, about,
                {"order": {"player": player, "effects": keys}}, "R18.5")



# --- agenda items ------------------------------------------------------------------


def _fx(s: DuelState, item: Fx, decision: Decision | None) -> Out:
    p, key, index = item.player, item.effect, item.action
    c, i = effect(key)
    c = shown_card(s, item, c)  # Mutating's copy of Whip goes by "Mutating (as Whip)"
    e = c.effects[i]
    who = name(s, p)
    timing = TIMING_NAMES.get(e.timing, "Ante")
    rule = f"{c.id}: {timing}"
    if e.condition is not None and not e.condition(s, p):
        # The gate closed since the trigger was queued: the effect does nothing.
        rest = [it for it in s.agenda if isinstance(it, Fx) and it.effect == key
                and it.player == p]
        return [F.Triggered(rule=rule, text=f"{who}'s {c.name} ({timing}) does nothing: "
                            f"{who} is no longer in {e.condition_text}.", player=p, effect=key,
                            card=c.id, timing=e.timing, skipped=e.condition_text), *(
            F.Triggered(rule=rule, text=f"{c.name} does nothing more.", player=p, effect=key, card=c.id, timing=e.timing,
                        skipped=e.condition_text) for _ in rest[1:])]
    ctx = Ctx(s, p, c, e)
    result = e.actions[index].resolve(ctx, decision)
    if isinstance(result, Need):
        return Need(result.kind, result.players, result.options, result.about, result.extra,
                    result.rule or rule)
    lead = f"{who}'s {c.name} ({timing}): {e.text}" if index == 0 else \
        f"{who}'s {c.name} ({timing}) continues."
    return [F.Triggered(rule=rule, text=lead, player=p, effect=key, card=c.id,
                        timing=e.timing)] + result


def _activate(s: DuelState, item: Activate, decision: Decision | None) -> Out:
    p = item.player
    if s.players[p].pair is None:  # an effect took the attack pair (Assimilate)
        return [F.ActivationSkipped(rule="R2.1", text=f"{name(s, p)} has no attack pair left "
                                    "and does not attack.", player=p)]
    if s.players[p].this_beat.stunned:
        role = "Active" if p == s.active else "Reactive"
        return [F.ActivationSkipped(rule="R9.2" if role == "Reactive" else "R8.3",
                                    text=f"{name(s, p)} is stunned and skips {possessive(s, p)} "
                                    f"whole activation ({role} Player).", player=p)]
    return [F.Activated(rule="R8.1" if p == s.active else "R9.1",
                        text=f"{name(s, p)} attacks with {attack_name(s, p)}.", player=p)]


def attack_name(s: DuelState, p: int) -> str:
    pair = known(s.players[p].pair, "the attack pair")
    if pair.finisher:
        return card(s.players[p].finisher).name
    style = card(pair.style).name if pair.style and pair.style != SPECIAL_ACTION else ""
    assert pair.base is not None, "a pair that is not a Finisher has a Base"
    return f"{style} {card(pair.base).name}".strip()


def _range(s: DuelState, item: RangeCheck, decision: Decision | None) -> Out:
    a = item.attacker
    d = 1 - a
    who, them = name(s, a), name(s, d)
    if s.players[d].this_beat.dodge_all:
        return [F.Missed(rule="R13.9", text=f"{who}'s attack cannot hit {them}, who dashed past.",
                         attacker=a, reason="dash")]
    for _owner, c, fn in query(s, CANNOT_HIT):
        reason = fn(s, _owner, a)
        if reason:
            return [F.Missed(rule=f"{c.id}: passive", text=f"{who}'s attack cannot hit: "
                             f"{reason}.", attacker=a, reason=c.id)]
    for _owner, c, dodge in query(s, DODGE):
        reason = dodge(s, _owner, a, d)
        if reason:  # the defender's card is a dodge; the attacker's own limits its attack
            note = " (a dodge, R13.8)" if _owner == d else ""
            return [F.Missed(rule=f"{c.id}: passive", text=f"{who}'s attack misses: {reason}"
                             f"{note}.", attacker=a, reason=c.id)]
    stats = attack(s, a)
    origin = range_origin(s, a)
    if origin is None:
        return [F.Missed(rule="R13.3", text=f"{who}'s attack is measured from a figure off the "
                         "board and cannot hit.", attacker=a, reason="range_origin")]
    dist = abs(s.players[d].space - origin)
    if stats.range == "N/A":
        return [F.Missed(rule="R13.5", text=f"{who}'s attack cannot hit: it has no range this "
                         "beat.",
                         attacker=a, reason="range_na")]
    if stats.range == "X":
        spaces: set[int] = set()
        for owner, _c, hits in query(s, SPECIAL_RANGE):
            spaces |= hits(s, owner, a)
        if s.players[d].space in spaces:
            return _hit(s, a, F.Hit(rule="R13.6", text=f"{who}'s {attack_name(s, a)} hits {them} "
                                    f"on space {s.players[d].space} (range X).", attacker=a))
        return [F.Missed(rule="R13.6", text=f"{who}'s {attack_name(s, a)} (range X) does not "
                         f"reach space {s.players[d].space}.", attacker=a, reason="range_x")]
    lo, hi = stats.range
    moved_origin = origin != s.players[a].space  # R13.4 bars only the attacker's own space
    at = f"range {dist} (measured from space {origin})" if moved_origin else f"range {dist}"
    if lo <= dist <= hi and (dist >= 1 or moved_origin):
        return _hit(s, a, F.Hit(rule="R13.3", text=f"{them} is at {at}, within {who}'s "
                                f"range {stats.range_text()}: {attack_name(s, a)} hits.",
                                attacker=a))
    also = _also_in_range(s, a, dist)
    if also is not None:
        return _hit(s, a, F.Hit(rule=f"{also[0]}: passive", text=f"{them} is at {at}, "
                                f"outside {who}'s range {stats.range_text()}, but {also[1]}: "
                                f"{attack_name(s, a)} hits.", attacker=a))
    return [F.Missed(rule="R13.3", text=f"{them} is at {at}, outside {who}'s range "
                     f"{stats.range_text()}: {attack_name(s, a)} misses.", attacker=a,
                     reason="out_of_range")]


def _also_in_range(s: DuelState, a: int, dist: int) -> tuple[str, str] | None:
    """The card and reason an ``ALSO_IN_RANGE`` hook gives for a's attack hitting at
    ``dist`` outside its own range (the first one found), else None."""
    if dist < 1:
        return None
    for owner, c, fn in query(s, ALSO_IN_RANGE):
        why = fn(s, owner, a).get(dist)
        if why:
            return c.id, str(why)
    return None


def _hit(s: DuelState, a: int, hit: F.Hit) -> list[F.Fact]:
    """The hit, then what any ``HIT_BY`` hook makes follow at once (Crescendo)."""
    return [hit] + follows(s, HIT_BY, a)


def range_origin(s: DuelState, a: int) -> int | None:
    """The space a's range is measured from: a ``RANGE_ORIGIN`` hook's, else a's standup;
    None when the hook names a figure off the board."""
    for owner, _c, fn in query(s, RANGE_ORIGIN):
        origin = fn(s, owner, a)
        if origin == OFF_BOARD:
            return None
        if origin is not None:
            return int(origin)
    return s.players[a].space


def _damage(s: DuelState, item: Damage, decision: Decision | None) -> Out:
    a = item.attacker
    d = 1 - a
    stats = attack(s, a)
    them = name(s, d)
    if stats.power == "N/A":
        return [F.DamageDealt(rule="R2.6", text=f"{attack_name(s, a)} has no power this beat and "
                              "deals no damage.", attacker=a, defender=d, amount=0, power=0, soak=0)]
    extra = incoming_bonus(s, d)
    power = stats.power + sum(x for _, x in extra)
    soak = attack(s, d).soak
    ignoring = ignored(s, a).get("soak") if soak else None
    if ignoring:
        extra = extra + [(f"{ignoring} ignores Soak {soak}", 0)]
        soak = 0
    amount = max(0, power - soak)
    cap = _damage_cap(s, d)
    if cap is not None and amount <= cap[1]:
        cap = None  # under the cap: nothing to say
    if cap is not None:  # the fact's power is what gets through Soak to the cap, as before
        amount, power = cap[1], cap[1] + soak
    detail = power_words(stats.parts["power"], extra)
    text = f"{them} takes {amount} damage ({detail}"
    if soak:
        text += f", less Soak {soak}"
    if cap is not None:
        text += f"; at most {cap[1]} by {cap[0]}"
    text += ")."
    if amount == 0:
        text = f"{them} takes no damage ({detail}, all soaked by Soak {soak})." if soak else \
            f"The hit deals no damage ({detail}) (R13.10)."
    return [F.DamageDealt(rule="R8.1d" if soak == 0 else "R15.1", text=text, attacker=a,
                          defender=d, amount=amount, power=power, soak=soak)]


def power_words(parts: list, extra: list) -> str:
    """The power behind a hit in words: "power 3, 1 more for Advancing, 1 less for
    Sweeping" (never "power 3 + Sweeping -1"); an ``extra`` worth 0 is a note ("the AP
    Shell ignores Soak 4")."""
    if not parts:
        return "power 0"
    words = [f"power {parts[0][1]}"]
    words += [f"{abs(val)} {'more' if val > 0 else 'less'} for {label}"
              for label, val in [*parts[1:], *extra] if val]
    notes = "".join(f"; {label}" for label, val in extra if not val)
    return ", ".join(words) + notes


def _damage_cap(s: DuelState, defender: int) -> tuple[str, int] | None:
    """The lowest ``DAMAGE_CAP`` in force on the defender, if any (Safety)."""
    caps = [cap for owner, _c, fn in query(s, DAMAGE_CAP)
            if (cap := fn(s, owner, defender)) is not None]
    return min(caps, key=lambda c: c[1]) if caps else None


def _stun(s: DuelState, item: StunCheck, decision: Decision | None) -> Out:
    """The stun check, then what any ``ON_STUNNED`` hook makes of a new stun."""
    d, a, amount = item.defender, item.attacker, item.amount
    check = _stun_check(s, d, a, amount)
    facts: list[F.Fact] = [check]
    if check.stunned and not s.players[d].this_beat.stunned:
        facts += follows(s, ON_STUNNED, d)
    return facts


def _stun_check(s: DuelState, d: int, a: int, amount: int) -> F.StunChecked:
    them = name(s, d)
    me = s.players[d]
    stats = attack(s, d)
    if stats.stun_immunity:
        return F.StunChecked(rule="R16.10", text=f"{them} has Stun Immunity and is not stunned.",
                              player=d, damage=amount, stun_guard="immune", stunned=False)
    if me.this_beat.stunned:
        return F.StunChecked(rule="R16.1", text=f"{them} is already stunned.", player=d,
                              damage=amount, stun_guard=stats.stun_guard, stunned=True)
    prevented = first_reason(s, PREVENTS_STUN, a, d)
    if prevented:
        return F.StunChecked(rule="R16.1", text=f"{prevented}: {them} is not stunned.", player=d,
                              damage=amount, stun_guard=stats.stun_guard, stunned=False)
    guard_ignored = ignored(s, a).get("stun_guard", "")
    if guard_ignored and 0 < amount <= stats.stun_guard:
        return F.StunChecked(rule="R16.9", text=f"{guard_ignored} ignores Stun Guard, so the "
                              f"{amount} damage stuns {them}.", player=d, damage=amount,
                              stun_guard=0, stunned=True)
    guard = "∞" if stats.stun_guard >= INFINITE else stats.stun_guard
    his = possessive(s, d)
    amount, said = profile.stun_compared(s, d, amount)  # C02: 001 adds up the beat's damage
    rule = profile.rule_of(s.profile, profile.C02_STUN_TOTAL, "R16.1")
    if amount > stats.stun_guard:
        return F.StunChecked(rule=rule if stats.stun_guard else "R16.2",
                              text=f"{said} is more than {his} Stun Guard {guard}, so {them} is "
                              "stunned.", player=d, damage=amount, stun_guard=stats.stun_guard,
                              stunned=True)
    return F.StunChecked(rule=rule, text=f"{said} is not more than {his} Stun Guard "
                          f"{guard}, so {them} is not stunned.", player=d, damage=amount,
                          stun_guard=stats.stun_guard, stunned=False)


def _offer(s: DuelState, item: Offer, decision: Decision | None) -> Out:
    """A ``STUN_OFFER`` hook's spend, asked before the stun check (Iron Body), unless a
    negation of the defender's triggered effects stops it (rules-2)."""
    c = card(item.card)
    negated = offer_negated(s, item.defender, c) if decision is None else []
    if negated:
        return negated
    return c.hooks[STUN_OFFER].resolve(s, item.defender, item.amount, decision)


def _iron_body(s: DuelState, item: IronBodyOffer, decision: Decision | None) -> Out:
    """The agenda item plans made before the ``offer`` item existed."""
    return _offer(s, Offer(item.defender, item.attacker, item.amount, "iron-body"), decision)


def _priority(s: DuelState, item: Priority, decision: Decision | None) -> Out:
    pri = [attack(s, 0).priority, attack(s, 1).priority]
    fin = [known(s.players[p].pair, "the attack pair").finisher for p in (0, 1)]
    text = f"Priority: {name(s, 0)} {pri[0]}, {name(s, 1)} {pri[1]}"
    forced = [c for _o, c, fn in query(s, FORCES_CLASH) if fn(s, _o)]
    if forced:
        return _clashed(s, F.ClashOccurred(
            rule=f"{forced[0].id}: passive", text=f"{text}; {forced[0].name} makes it a "
            "Clash: each player plays a new Base.", priorities=pri))
    if pri[0] != pri[1]:
        p = 0 if pri[0] > pri[1] else 1
        return [F.BecameActive(rule="R6.5", text=f"{text}. {name(s, p)} is the Active Player.",
                               player=p, priorities=pri)]
    if fin[0] != fin[1]:
        p = 0 if fin[0] else 1
        return [F.BecameActive(rule="R25.4", text=f"{text}: a tie, which the Finisher wins "
                               f"without a Clash. {name(s, p)} is the Active Player.", player=p,
                               priorities=pri)]
    if fin[0]:
        return special.finisher_tie(s)
    kept = reveal2011.leader_kept(s, text, pri)  # C13: under 001 a tie made during Reveal
    if kept:
        return kept
    winners = {(o, c.name) for o, c, fn in query(s, PRIORITY_TIE) if fn(s, o)}
    winners |= {(1 - o, c.name) for o, c, fn in query(s, PRIORITY_TIE_LOST) if fn(s, o)}
    if len({o for o, _ in winners}) == 1:
        p, source = min(winners)
        return [F.BecameActive(rule="R6.6", text=f"{text}: a tie, which {name(s, p)} wins "
                               f"without a Clash ({source}). {name(s, p)} is the Active "
                               "Player.", player=p, priorities=pri)]
    return _clashed(s, F.ClashOccurred(rule="R6.6", text=f"{text}: a tie, so there is a Clash; "
                                       "each player plays a new Base.", priorities=pri))


def _clashed(s: DuelState, clash: F.ClashOccurred) -> list[F.Fact]:
    """The Clash, then what any ``CLASHED`` hook makes follow at once (Cherri)."""
    return [clash] + follows(s, CLASHED)


# The facts apply the rules' part of what they record (``Planned.plan``) with the rule
# procedures, which build on the facts: handed in here, where both are loaded.
F.use_rules(rules)

# The handler of each kind of agenda item, by its class (``agenda.py``).
ITEM_HANDLERS: Final[dict[type[Item], Callable[[DuelState, Any, Decision | None], Out]]] = {
    Fx: _fx, Activate: _activate, RangeCheck: _range, Damage: _damage, StunCheck: _stun,
    Offer: _offer, IronBodyOffer: _iron_body, Priority: _priority}


# --- steps (empty agenda) ----------------------------------------------------------


_PAIR_OPTIONS: Final[dict[tuple, list[Decision]]] = {}


def pair_options(s: DuelState, p: int) -> list[Decision]:
    """Every Style (or Special Action) with every Base in hand; cached per hand."""
    key = (p, *s.players[p].hand)
    options = _PAIR_OPTIONS.get(key)
    if options is None:
        hand = s.players[p].hand
        styles = sorted(c for c in hand if card(c).kind == "style" or c == SPECIAL_ACTION)
        bases = sorted(c for c in hand if card(c).kind == "base")
        options = [AttackPair(p, st, b) for st in styles for b in bases]
        if len(_PAIR_OPTIONS) < 100_000:
            _PAIR_OPTIONS[key] = options
    return options


def _select(s: DuelState, decision: Decision | None) -> Out:
    one, two = s.players
    waiting = [0, 1] if one.pair is None and two.pair is None else [0] if one.pair is None \
        else [1] if two.pair is None else []
    if not waiting:
        if s.cancel_reselect:
            return [cancel2011.revealed_again(s)]  # C07: 001's words for one new pair
        return [F.StepBegan(rule="R5", text="Ante.", step="ante")]
    for p in waiting:
        if not pair_options(s, p):
            return [F.NoPairPossible(rule="G3", text=f"{name(s, p)} has no Style or no Base to "
                                     "play: the beat ends at once and both players recycle (R4.4,"
                                     " G3).", player=p)]
    first = selects_first(s)
    if first is not None and first[0] in waiting:
        waiting = [first[0]]
    up = first if first is not None and waiting == [first[0]] else None
    if decision is None:
        options = [o for p in waiting for o in pair_options(s, p)]  # shared: never mutate
        if up is not None:
            return Need("attack_pair", tuple(waiting), options, rule=up[1],
                        about="Choose an attack pair, the Style face up.")
        about, rule = cancel2011.asked(s)  # C07: under 001 only the Cancel player re-picks
        return Need("attack_pair", tuple(waiting), options, about=about, rule=rule)
    pair = expect(decision, AttackPair, "the attack pair")
    p = pair.player
    laid: list[F.Fact] = [F.PairSelected(rule="R4.1", text=f"{name(s, p)} lays an attack pair "
                                         "face down.", player=p, style=pair.style,
                                         base=pair.base)]
    if up is not None:
        source = card(up[1].split(":")[0]).name
        laid.append(F.StyleShown(rule=up[1], text=f"{source}: {name(s, p)} turns "
                                 f"{possessive(s, p)} Style face up, {card(pair.style).name}"
                                 f", before {name(s, 1 - p)} chooses.", player=p,
                                 style=pair.style))
    return laid


def selects_first(s: DuelState) -> tuple[int, str] | None:
    """The player a ``SELECTS_FIRST`` hook has lay their pair first, and its rule."""
    for owner, _c, fn in query(s, SELECTS_FIRST):
        found = fn(s, owner)
        if found is not None:
            return int(found[0]), str(found[1])
    return None


def ante_options(s: DuelState, p: int) -> list[Decision]:
    if any(q.this_beat.ante_finisher for q in s.players):
        return []  # no antes after a Finisher (R21.3)
    me = s.players[p]
    kit = fighter(me.fighter)
    opts = kit.ante_options(s, p) if kit.ante_options else []
    requires = card(me.finisher).hooks.get(FINISHER_REQUIRES)
    if (s.options.get("ante_finishers") and me.life <= 7 and not me.finisher_used
            and me.pair is not None and (requires is None or requires(s, p))):
        opts.append(AnteFinisher(p))
    return opts


def _ante(s: DuelState, decision: Decision | None) -> Out:
    if s.ante_passes >= 2:
        return [F.StepBegan(rule="R6.1", text="Reveal: both pairs are turned face up.",
                            step="reveal")]
    p = s.ante_turn
    opts = ante_options(s, p)
    if not opts:
        return [F.Passed(rule="R5.3", text=f"{name(s, p)} {why_no_ante(s, p)}.",
                         player=p, forced=True)]
    if decision is None:
        return Need("ante", (p,), [*opts, Pass(p)],
                    about="Ante or pass.", rule="R5.3")
    if isinstance(decision, Pass):
        return [F.Passed(rule="R5.3", text=f"{name(s, p)} passes.", player=p)]
    if isinstance(decision, AnteFinisher):
        return [F.Anted(rule="R21.2", text=f"{name(s, p)} antes {possessive(s, p)} Finisher, "
                        f"{card(s.players[p].finisher).name}; the attack pair goes back to hand "
                        "and nobody may ante further (R21.3).", player=p, finisher=True)]
    kit = fighter(s.players[p].fighter)
    ante = expect(decision, Ante, "the ante")
    if kit.ante_facts is not None:
        return kit.ante_facts(s, p, ante)
    token = ante.token
    return [F.Anted(rule="R5.5", text=f"{name(s, p)} antes {kit.token_name(token)}; the token "
                    "goes to the token discard at once.", player=p, token=token)]


def why_no_ante(s: DuelState, p: int) -> str:
    """Why p passes with no ante to offer: nothing to ante at all, or tokens left that may
    not be anted now (one a beat, already anted): never "nothing" when tokens are left."""
    me = s.players[p]
    if any(q.this_beat.ante_finisher for q in s.players):
        return "may not ante after a Finisher was anted (R21.3), so passes"
    kit = fighter(me.fighter)
    if me.this_beat.anted and me.token_pool:
        done = " and ".join(kit.token_name(t) for t in me.this_beat.anted)
        return f"has already anted {done} this beat and may ante no more, so passes"
    if me.token_pool:
        return "has tokens, but none that may be anted now, so passes"
    return "has nothing to ante and passes"


def _reveal(s: DuelState, decision: Decision | None) -> Out:
    if any(p.pair is not None and not p.pair.revealed for p in s.players):
        pairs = [known(s.players[p].pair, "the attack pair").to_json()
                 | {"attack": attack_label(s, p)} for p in (0, 1)]
        text = "; ".join(f"{name(s, p)}: {attack_label(s, p)}" for p in (0, 1))
        return [F.PairsRevealed(rule="R6.1", text=f"Revealed: {text}.", pairs=pairs)]
    assert s.active is not None, "priority names the Active Player before the Start of Beat"
    return [F.StepBegan(rule="R7.1", text=f"Start of Beat: {name(s, s.active)} (Active) first, "
                        f"then {name(s, 1 - s.active)}.", step="start_of_beat")]


def attack_label(s: DuelState, p: int) -> str:
    pair = known(s.players[p].pair, "the attack pair")
    if pair.finisher and pair.style != SPECIAL_ACTION:
        return f"Finisher {card(s.players[p].finisher).name}"
    assert pair.style is not None and pair.base is not None, "a revealed pair has both cards"
    style = "Special Action" if pair.style == SPECIAL_ACTION else card(pair.style).name
    return f"{style} {card(pair.base).name}"


def _special(s: DuelState, decision: Decision | None) -> Out:
    return special.resolve(s)


def _pulse(s: DuelState, decision: Decision | None) -> Out:
    # The Pulse negates the opponent's attack pair (R23.1): nothing of hers asks (P1).
    if profile.differs(s.profile, profile.C06_PULSE):  # C06: 001's push, then retreat
        return pulse2011.pulse(s, known(s.pulse, "the player who Pulsed"), decision)
    return arrange(s, known(s.pulse, "the player who Pulsed"), decision, rule="R23.2",
                   about="Pulse", ask=False)


def _clash(s: DuelState, decision: Decision | None) -> Out:
    waiting = [p for p in (0, 1) if known(s.players[p].pair, "the attack pair").revealed]
    if not waiting:
        bases = [known(s.players[p].pair, "the attack pair").base for p in (0, 1)]
        return [F.ClashBasesRevealed(rule="R6.7", text="Clash bases revealed: " + "; ".join(
            f"{name(s, p)}: {attack_name(s, p)}" for p in (0, 1)) + ".", bases=bases)]
    for p in waiting:  # only a player who still has to play a Base can run out (R6.8)
        if not any(card(c).kind == "base" for c in s.players[p].hand):
            picked = clash2011.picked_up(s, p)  # C05: under 001 the Clash goes on
            if picked:
                return picked
            return [F.RanOutOfCards(rule="R6.8", text=f"{name(s, p)} has no Base left to "
                                    "Clash with: everything up to recycling is skipped.",
                                    player=p)]
    if decision is None:
        options: list[Decision] = [
            ClashBase(p, b) for p in waiting
            for b in sorted(c for c in s.players[p].hand if card(c).kind == "base")]
        return Need("clash_base", tuple(waiting), options, about="Clash: play a new Base.",
                    rule="R6.7")
    chosen = expect(decision, ClashBase, "the Clash base")
    p = chosen.player
    return [F.ClashBaseSelected(rule="R6.7", text=f"{name(s, p)} plays a new Base face down.",
                                player=p, base=chosen.base)]


NEXT_STEP: Final = {"start_of_beat": ("active_attack", "R8", "Active attack."),
             "active_attack": ("reactive_attack", "R9", "Reactive attack."),
             "reactive_attack": ("end_of_beat", "R10.1", "End of Beat."),
             "end_of_beat": ("recycle", "R11.1", "Recycle.")}


def _next(s: DuelState, decision: Decision | None) -> Out:
    step, rule, text = NEXT_STEP[s.step]
    return [F.StepBegan(rule=rule, text=text, step=step)]


def _recycle(s: DuelState, decision: Decision | None) -> Out:
    out: list[F.Fact] = []
    for p in (0, 1):
        recycled = recycle_fact(s, p)
        out.append(recycled)
        out += follows(s, RECYCLED, p, recycled)
    if due_after_recycling(s, out) if fixed(s, AFTER_RECYCLING) else after_recycle_due(s):
        return out + [F.StepBegan(rule="R10.3", text="Unique abilities that act after each "
                                  "beat act now, after recycling.", step=AFTER_RECYCLE)]
    return out + [beat_ended(s)]


def _after_recycle(s: DuelState, decision: Decision | None) -> Out:
    return [beat_ended(s)]


def beat_ended(s: DuelState) -> F.BeatEnded:
    counted = s.pulse is None
    text = f"Beat {s.beat} ends." if counted else f"Beat {s.beat} ends; a Pulse was revealed, " \
        "so the beat counter does not drop (R12.2)."
    return F.BeatEnded(rule="R12.1" if counted else "R12.2", text=text, beat=s.beat,
                       counted=counted)


def recycle_fact(s: DuelState, p: int) -> F.Recycled:
    me = s.players[p]
    pair = me.pair
    who = name(s, p)
    if s.pulse == -1 or s.pulse == p:
        return F.Recycled(rule="R23.5" if s.pulse == p else "G4", text=f"{who} does not recycle "
                          "this beat (Pulse).", player=p, to_hand=[], to_discard_2=[],
                          to_discard_1=[], skipped=True)
    if pair is not None and pair.finisher:
        if pair.style == SPECIAL_ACTION and s.pulse is not None:
            pass  # a Finisher negated by a Pulse cycles like a pair, into discard 1 (R26.3)
        elif pair.style == SPECIAL_ACTION:
            return F.Recycled(rule="R25.5", text=f"{who} used a Finisher: no recycling; the "
                              "Special Action leaves the game and the Base returns to hand"
                              f"{_extra_text(pair.extra)}.", player=p, to_hand=[pair.base],
                              to_discard_2=[], to_discard_1=list(pair.extra),
                              to_removed=[SPECIAL_ACTION], skipped=True)
        else:
            return F.Recycled(rule="R21.4", text=f"{who} used an anted Finisher: it leaves the "
                              f"game and there is no recycling{_extra_text(pair.extra)}.",
                              player=p, to_hand=[], to_discard_2=[],
                              to_discard_1=list(pair.extra), skipped=True, finisher_spent=True)
    skip = first_reason(s, SKIPS_RECYCLE, p)
    if skip:
        return F.Recycled(rule="R11.3", text=f"{who} does not recycle this beat: {skip}.",
                          player=p, to_hand=[], to_discard_2=[], to_discard_1=[], skipped=True)
    top = [c for c in (pair.style, pair.base) if c] + list(pair.extra) if pair else []
    under = list(pair.under) if pair else []
    text = f"{who} recycles: discard 2 back to hand, discard 1 to discard 2"
    text += f", {' + '.join(card(c).name for c in top)} to discard 1." if top else "."
    if under:
        text = text[:-1] + f"; {', '.join(card(c).name for c in under)} back to hand (R6.9)."
    return F.Recycled(rule="R11.1", text=text, player=p, to_hand=list(me.discard_2) + under,
                      to_discard_2=list(me.discard_1), to_discard_1=top)


def _extra_text(extra: list[str]) -> str:
    """Cards discarded to go with a Finisher, which goes to no pile: they go to discard 1."""
    if not extra:
        return ""
    return f"; {' + '.join(card(c).name for c in extra)} go to discard 1 (R18.14)"


def _beat_over(s: DuelState, decision: Decision | None) -> Out:
    if s.last_counted and s.beat >= BEATS and s.options.get("time_limit", True):
        a, b = s.players[0].life, s.players[1].life
        if a == b:
            return [F.DuelEnded(rule="G1", text=f"Time: after beat {BEATS} both fighters have "
                                f"{a} life; the duel is a draw.", winner=None, draw=True,
                                reason="time_draw")]
        w = 0 if a > b else 1
        return [F.DuelEnded(rule="R12.1", text=f"Time: after beat {BEATS} {name(s, w)} has more "
                            f"life ({max(a, b)} to {min(a, b)}) and wins.", winner=w, draw=False,
                            reason="time")]
    beat = s.beat + 1 if s.last_counted else s.beat
    first = s.active if s.active is not None else s.ante_first
    return [F.BeatBegan(rule="R3.1", text=f"Beat {beat} begins.", beat=beat, seq=s.seq + 1,
                        ante_first=first)]


STEP_HANDLERS: Final = {"select": _select, "ante": _ante, "reveal": _reveal, "special": _special,
                 "pulse": _pulse, "clash": _clash, "start_of_beat": _next,
                 "active_attack": _next, "reactive_attack": _next, "end_of_beat": _next,
                 "recycle": _recycle, AFTER_RECYCLE: _after_recycle, "beat_over": _beat_over}


def refuse(reason: str, rule: str) -> IllegalDecisionError:
    return IllegalDecisionError(reason, rule)
