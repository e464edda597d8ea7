"""Advance Play (A21, A22) as queries: teams by level globes (AG26), the layouts of battle
and inactive zones a player may choose (A21.3, A21.4, A13.5, AG3), lost turns (A21.9,
AG27), whether a player still has an issue (AG3), and symbol-free moves for side attacks
(A22.6). Nothing here changes the state."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from judge.artobattlers.cards import Move
from judge.artobattlers.payments import attack_payments
from judge.artobattlers.state import Fighter, GameState
from judge.artobattlers.table import Table

Layout = tuple[list[str], list[str]]


# --- teams (A21.1, AG26) ------------------------------------------------------------------


def team_problem(t: Table, characters: Any) -> tuple[str, str] | None:
    """Why ``characters`` (card ids) is not a legal Advance Play team, or None (AG26)."""
    if not isinstance(characters, list) or not characters or not all(
            isinstance(c, str) for c in characters):
        return "a team is a non-empty list of character ids.", "A21.1"
    unknown = [c for c in characters if c not in t.cards]
    if unknown:
        return f"{unknown[0]!r} is not a character of this match's data set.", "A1.4"
    reading, total = t.rulings["AG26"], t.s.level_globe_total or 0
    if reading == "no_duplicates" and len(set(characters)) < len(characters):
        return "this match allows no character twice (AG26 reading no_duplicates).", "AG26"
    globes = sum(t.cards[c].level_globes for c in characters)
    if globes > total or (globes < total and reading != "at_most_total"):
        need = "at most" if reading == "at_most_total" else "exactly"
        return (f"the team's level globes add up to {globes}; the match needs {need} "
                f"{total}.", "A21.1, AG26")
    return None


def team_description(t: Table, player: int) -> dict[str, Any]:
    """``player``'s legal Advance Play teams as a described decision (judge.described):
    characters of the data set, a card more than once unless AG26 reads
    ``no_duplicates``, their level globes adding up to the total (at most the total under
    ``at_most_total``). Listing them grew with the total: 40 one-globe characters of four
    cards are 12,341 teams."""
    reading, total = t.rulings["AG26"], t.s.level_globe_total or 0
    weights = {c: t.cards[c].level_globes for c in t.cards}
    need = "at most" if reading == "at_most_total" else "exactly"
    sums: dict[str, Any] = {"type": "sum", "field": "characters", "weights": weights,
                            "maximum": total, "rule": "A21.1, AG26",
                            "text": f"the team's level globes add up to {need} {total}."}
    if reading != "at_most_total":
        sums["minimum"] = total
    kind = "subset" if reading == "no_duplicates" else "multiset"
    return {"kind": "team", "count": team_count(list(weights.values()), total, reading),
            "rule": "A21.1", "fields": {
                "player": {"const": player}, "kind": {"const": "team"},
                "characters": {"type": kind, "of": list(weights), "min_items": 1,
                               "max_items": total, "rule": "A21.1, AG26"}},
            "constraints": [sums]}


def team_count(weights: list[int], total: int, reading: str) -> int:
    """How many teams (multisets, or sets under ``no_duplicates``) of cards with these
    level globes add up to ``total`` (to 1..``total`` under ``at_most_total``)."""
    ways = [1] + [0] * total
    for w in weights:
        steps = range(w, total + 1) if reading != "no_duplicates" else range(total, w - 1, -1)
        for s in steps:
            ways[s] += ways[s - w]
    return sum(ways[1:]) if reading == "at_most_total" else ways[total]


# --- zones (A21.2-A21.6) --------------------------------------------------------------------


@dataclass(frozen=True)
class LayoutRule:
    """What decides a player's legal layouts (A21.3, A21.4, A13.5, AG3), without listing
    them (2^n for n characters): his characters in play in team order, those an effect
    keeps in the battle zone at a review (A13.5), and, under AG3's automatic check, the
    characters one of which the battle zone must hold for a turn action to be legal (None:
    no such need, because every layout acts or none does)."""

    chars: tuple[str, ...]
    locked: tuple[str, ...]
    acting: tuple[str, ...] | None

    def count(self) -> int:
        """How many layouts are legal: the free characters' subsets that, with the locked
        ones, make a non-empty battle zone holding an acting character."""
        free = len(self.chars) - len(self.locked)
        if self.acting is None:
            return 2 ** free - (0 if self.locked else 1)
        if set(self.acting) & set(self.locked):
            return 2 ** free
        return 2 ** free - 2 ** (free - len(self.acting))

    def only(self) -> Layout | None:
        """The one legal layout when there is exactly one: every character in the battle
        zone (adding a character to the battle zone never makes a layout illegal, so a
        lone legal layout is the full one)."""
        return (list(self.chars), []) if self.count() == 1 else None


def layout_rule(t: Table, player: int, review: bool) -> LayoutRule:
    """The LayoutRule of ``player`` at setup or at a review (``review``)."""
    s = t.s
    chars = tuple(f.id for f in s.in_play(player))
    locked = tuple(c for c in chars if review and s.fighters[c].effect is not None
                   and s.fighters[c].zone == "battle")
    acting: tuple[str, ...] | None = None
    if t.rulings["AG3"] == "auto+declared+agreed":
        acting = _acting(t, player, chars)
    return LayoutRule(chars, locked, acting)


def _acting(t: Table, player: int, chars: tuple[str, ...]) -> tuple[str, ...] | None:
    """The characters whose presence in the battle zone gives ``player`` a legal turn
    action (AG3), or None when the battle zone does not matter: a PP turn from any zone
    (AG28 ``any_zone``) acts in every layout, and with no acting character no layout acts
    (then every layout is offered)."""
    zone_only = t.rulings["AG28"] == "battle_zone_only"
    if not zone_only and any(can_power_turn(t, f) for f in t.s.in_play(player)):
        return None
    acting = tuple(c for c in chars if can_attack(t, t.fighter(c)) or ability_action(
        t, t.fighter(c)) or (zone_only and can_power_turn(t, t.fighter(c))))
    return acting or None


def placement_description(t: Table, player: int, review: bool) -> dict[str, Any]:
    """``player``'s legal placements as a described decision (judge.described): his
    characters in play dealt between the zones, at least one in the battle zone (A21.3,
    A21.6), none an effect keeps there in the inactive zone (A13.5), and under AG3 one
    that can act in the battle zone."""
    rule = layout_rule(t, player, review)
    chars = list(rule.chars)
    constraints: list[dict[str, Any]] = [
        {"type": "partition", "fields": ["battle_zone", "inactive_zone"], "of": chars,
         "rule": "A21.3", "text": f"a placement lists each of player {player}'s characters "
         f"in play once: {', '.join(chars)}."}]
    if rule.acting is not None:
        constraints.append({"type": "intersects", "field": "battle_zone",
                            "of": list(rule.acting), "rule": "AG3",
                            "text": "that layout leaves no legal turn action while another "
                            "would give one: the battle zone needs one of "
                            f"{', '.join(rule.acting)}."})
    return {"kind": "placement", "count": rule.count(), "rule": "A21.3", "fields": {
        "player": {"const": player}, "kind": {"const": "placement"},
        "battle_zone": {"type": "subset", "of": chars, "min_items": 1, "rule": "A21.6"},
        "inactive_zone": {"type": "subset", "of": [c for c in chars if c not in rule.locked],
                          "default": [], "rule": "A13.5"}},
        "constraints": constraints}


def canonical_layout(t: Table, player: int, zone: list[str]) -> list[str]:
    order = {c: i for i, c in enumerate(t.s.teams[player] or [])}
    return sorted(zone, key=lambda c: order.get(c, len(order)))


def turn_lost(s: GameState, player: int) -> bool:
    """The opponent's battle zone is empty while he still has inactive characters (A21.9,
    AG27)."""
    return s.advance and not s.battle(1 - player) and bool(s.inactive(1 - player))


# --- issues (AG3) ---------------------------------------------------------------------------


def moves_of(t: Table, f: Fighter, extra: bool = False) -> list[Move]:
    """The moves ``f`` may use: its own, and its striker's while the striker lives (A17);
    an extra attack excludes chain and striker moves (A14.4)."""
    card = t.card(f.id)
    if extra:
        return [m for m in card.moves if not m.chain]
    return list(card.moves) + (list(card.striker.moves) if card.striker and f.striker_alive
                               else [])


def can_attack(t: Table, f: Fighter) -> bool:
    allow = t.rulings["AG22"] == "pp_or_lp_sacrifice_allowed"
    return any(attack_payments(f, m, allow) for m in moves_of(t, f))


def can_power_turn(t: Table, f: Fighter) -> bool:
    return f.power is not None and bool(t.card(f.id).raise_amount("pay_turn"))


def ability_action(t: Table, f: Fighter) -> dict[str, Any] | None:
    """The turn action ``f``'s Special Ability grants, if any (A3.3 (d), A18), as an option
    without its player."""
    ability = t.card(f.id).ability
    if ability is None or not ability.turn_action:
        return None
    return {"kind": "ability_action", "character": f.id, "ability": ability.id, "params": {}}


def has_issue(t: Table, player: int, captive: bool = False) -> bool:
    """Whether ``player`` has any legal turn action (AG3 part 1): a payable attack move
    (sacrifices count) or a PP turn of any character in play, BZ or IZ in Advance Play
    (the placement review can bring any of them forward), or an ability's turn action, with
    an opponent to attack. ``captive``: count captive characters too, as if free (a player
    kept from acting only by a temporary effect is not out of issues)."""
    if not t.s.in_play(1 - player):
        return False
    mine = [f for f in t.s.of(player)
            if f.in_play or (captive and f.status == "captive")]
    return any(can_attack(t, f) or can_power_turn(t, f) or ability_action(t, f) is not None
               for f in mine)


# --- side attacks (A22) ---------------------------------------------------------------------


def not_symbol_free(move: Move) -> str | None:
    """What keeps ``move`` out of a side attack (A22.6), or None when it may be used.
    Nature symbols do not count (AG32)."""
    issues = (move.overcome or move.nullify or move.double_impact or move.overcome_mm
              or move.defeats_defense)
    for label, present in (("an issue symbol", issues),
                           ("a force challenge symbol", move.force_challenge),
                           ("a grab challenge symbol", move.grab_challenge),
                           ("a size limit", move.size_limit is not None),
                           ("an LP limit", move.lp_limit is not None),
                           ("an effect", move.effect), ("the speed marking", move.speed),
                           ("the chain symbol", move.chain), ("the Striker label", move.striker)):
        if present:
            return label
    return None


def side_parts(t: Table, f: Fighter) -> list[dict[str, Any]]:
    """``f``'s symbol-free moves with their payment choices, each a lead or joining part
    {character, move, pay, sacrifice} (A22.6, A22.7, A9.3)."""
    allow = t.rulings["AG22"] == "pp_or_lp_sacrifice_allowed"
    return [{"character": f.id, "move": m.id, "pay": pay, "sacrifice": sacrifice}
            for m in t.card(f.id).moves if not_symbol_free(m) is None
            for pay, sacrifice in attack_payments(f, m, allow)]


def side_attacks(t: Table, player: int) -> list[dict[str, Any]]:
    """Every legal side attack (A22.2, A22.3, AG33): two different battle-zone characters,
    symbol-free moves, a battle-zone target. Under AG33's other reading the joining part is
    chosen later, so an option names only the lead (``joining: None``)."""
    s = t.s
    if not s.advance:
        return []
    up_front = t.rulings["AG33"] == "declare_all_up_front"
    parts = {f.id: side_parts(t, f) for f in s.battle(player)}
    out: list[dict[str, Any]] = []
    for target in s.battle(1 - player):
        for lead, leads in parts.items():
            joins = [j for who, js in parts.items() if who != lead for j in js]
            if not joins:
                continue
            for part in leads:
                for joining in (joins if up_front else [None]):
                    out.append({"player": player, "kind": "side_attack", "target": target.id,
                                "lead": part, "joining": joining})
    return out


def joining_options(t: Table) -> list[dict[str, Any]]:
    """The joining attacks open after a full lead (AG33's other reading): symbol-free
    moves of the player's other battle-zone characters that can be paid now."""
    a, side = t.s.attack, t.s.side
    assert a is not None and side is not None
    return [{"player": a.player, "kind": "joining_attack", **part}
            for f in t.s.battle(a.player) if f.id != side["lead"]["character"]
            for part in side_parts(t, f)]
