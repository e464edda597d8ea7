"""What must hold after every fact for each fighter's own pieces (tokens, counters, cards
in play), checked by the seeded playouts (``test_playouts.check_invariants``) for every
player of that fighter. One function per fighter: ``(s, i, where)``, player ``i`` of ``s``."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from judge.battlecon.fighters.cherri import INSIGHT as CHERRI_INSIGHT
from judge.battlecon.fighters.cherri import WATCHERS as CHERRI_WATCHERS
from judge.battlecon.fighters.demitras import MAX as CRESCENDO_MAX
from judge.battlecon.fighters.demitras import TOKEN as CRESCENDO
from judge.battlecon.fighters.hepzibah import FREE_BEAT, FREE_PACT, PACTS, SEALED
from judge.battlecon.fighters.kehrolyn import STYLES as KEHROLYN_STYLES
from judge.battlecon.fighters.kehrolyn import current_form
from judge.battlecon.fighters.rukyuk import TOKENS as AMMO
from judge.battlecon.fighters.tatsumi import JUTO, JUTO_LIFE
from judge.battlecon.fighters.vanaah import PILE
from judge.battlecon.fighters.vanaah import TOKEN as DIVINE_RUSH
from judge.battlecon.fighters.zaamassal import MOST_WITH_THE_GATE, PARADIGMS, SOAK_MARK
from judge.battlecon.hooks import cards_in_force
from judge.battlecon.roster import fighter
from judge.battlecon.state import SPECIAL_ACTION, DuelState

Check = Callable[[DuelState, int, str], None]


def every_token_accounted_for(s: DuelState, i: int, where: str) -> None:
    """Each token of the kit is in the pool or the token discard (a supply counts as the
    discard), never lost and never doubled (R19.1)."""
    p = s.players[i]
    held = Counter(p.token_pool) + Counter(p.token_discard)
    assert held == Counter(fighter(p.fighter).tokens), f"{where}: player {i} tokens {held}"

def cherri(s: DuelState, i: int, where: str) -> None:
    """One Insight token at most; The Watchers' counter is 0 or 1; Crimson and Blind mark
    only a beat in which their Style is revealed."""
    p = s.players[i]
    assert p.token_pool.count(CHERRI_INSIGHT) <= 1, f"{where}: two Insight tokens"
    assert set(p.counters) == {CHERRI_WATCHERS} and p.counters[CHERRI_WATCHERS] in (0, 1), where
    for mark, style in (("crimson", "crimson"), ("blind", "blind")):
        assert not p.this_beat.marks.get(mark) or (p.pair is not None and p.pair.style == style) \
            or p.pair is None, f"{where}: {mark} marked without its Style"


def luc(s: DuelState, i: int, where: str) -> None:
    pool = s.players[i].token_pool.count("time")
    assert 0 <= pool <= 5, f"{where}: {pool} Time tokens in the pool"


def magdelina(s: DuelState, i: int, where: str) -> None:
    counters = s.players[i].counters
    assert set(counters) == {"level", "trance"}, where
    assert all(0 <= v <= 5 for v in counters.values()), f"{where}: counters {counters}"


def demitras(s: DuelState, i: int, where: str) -> None:
    held = s.players[i].token_pool.count(CRESCENDO)
    assert 0 <= held <= CRESCENDO_MAX, f"{where}: {held} Crescendo tokens in the pool"


def vanaah(s: DuelState, i: int, where: str) -> None:
    p = s.players[i]
    pile = p.counters[PILE]
    assert 0 <= pile <= 2, f"{where}: Divine Rush pile {pile}"
    assert pile == 0 or DIVINE_RUSH in p.token_discard, f"{where}: pile {pile}, token in pool"


def heketch(s: DuelState, i: int, where: str) -> None:
    c = s.players[i].counters
    assert c["living-nightmare"] in (0, 1), where
    for name in ("pinned-from", "pinned-until", "vanished"):
        assert 0 <= c[name] <= s.seq + 1, f"{where}: {name} {c[name]} at beat {s.seq}"


def lixis(s: DuelState, i: int, where: str) -> None:
    c = s.players[i].counters
    other = fighter(s.players[1 - i].fighter)
    assert c["miasma"] in (0, 1), where
    assert 0 <= c["virus-style"] <= len(other.styles), where
    assert 0 <= c["virus-base"] <= len(other.bases()), where
    for q in s.players:  # a Base taken by Withering Touch waits with its pair
        bases = [b.id for b in fighter(q.fighter).bases()]
        assert q.pair is None or all(x in bases for x in q.pair.extra), where


def kehrolyn(s: DuelState, i: int, where: str) -> None:
    p = s.players[i]
    form = current_form(s, i)
    assert form is None or form in p.discard_1, where
    assert all(c in KEHROLYN_STYLES and (c in p.hand or c in p.removed) for c in p.in_play), where
    overloaded = [c for c in p.in_play if c in p.hand]
    assert len(overloaded) <= 1, f"{where}: two Overload Styles"
    assert not overloaded or (p.pair is not None and "overload" in p.pair.cards()), \
        f"{where}: an Overload Style outlived its beat"


def rukyuk(s: DuelState, i: int, where: str) -> None:
    beat = s.players[i].this_beat
    assert len(beat.anted) <= 1, f"{where}: two Ammo tokens anted"
    assert set(beat.anted) <= set(AMMO) and set(beat.bonus_tokens) <= set(beat.anted), where


def tatsumi(s: DuelState, i: int, where: str) -> None:
    """Juto: life 0-4; on a space 1-7 exactly while he has life, off the board at 0."""
    juto = s.figure(i, JUTO)
    assert juto is not None, f"{where}: Tatsumi without Juto"
    assert juto.life is not None and 0 <= juto.life <= JUTO_LIFE, f"{where}: Juto {juto}"
    assert (juto.space is None) == (juto.life == 0), f"{where}: Juto {juto}"
    assert juto.space is None or 1 <= juto.space <= 7, f"{where}: Juto {juto}"
    assert not juto.solid and [k for k in s.figures if k[0] == i] == [(i, JUTO)], where


def hepzibah(s: DuelState, i: int, where: str) -> None:
    """Anted Dark Pacts are in play, each once, only from the Ante to her recycling; the
    counters stay in their ranges."""
    p = s.players[i]
    assert set(p.in_play) <= set(PACTS), f"{where}: {p.in_play} in play"
    assert len(set(p.in_play)) == len(p.in_play), f"{where}: a Pact anted twice"
    before_ante = s.step == "select" and not s.cancel_reselect
    if (before_ante or s.step == "beat_over") and not s.over:
        assert not p.in_play, f"{where}: Dark Pacts {p.in_play} outlived their beat"
    c = p.counters
    assert 0 <= c[FREE_PACT] <= len(PACTS) and c[SEALED] in (0, 1), f"{where}: {c}"
    assert 0 <= c[FREE_BEAT] <= s.seq + 1, f"{where}: {c}"


def sagas(s: DuelState, i: int, where: str) -> None:
    """One Mirror token at most; his counters are beat numbers no later than the next beat;
    copies in force are copies of the opponent's cards."""
    p = s.players[i]
    assert p.token_pool.count("mirror") <= 1, f"{where}: two Mirror tokens"
    assert set(p.counters) == {"repelled", "staff-pinned", "shattering-next", "assimilated"}
    for name, value in p.counters.items():
        assert 0 <= value <= s.seq + 1, f"{where}: {name} {value} at beat {s.seq}"
    assert set(p.this_beat.anted) <= {"mirror"}, where
    for c in cards_in_force(s, i):
        if "~" in c.id:
            them = s.players[1 - i].fighter
            assert c.id.endswith("~sagas") and c.fighter == them, f"{where}: copy {c.id}"


def zaamassal(s: DuelState, i: int, where: str) -> None:
    """Paradigms only, each once; one at a time, up to three once Open the Gate was used;
    Resilience's Soak mark is on or off."""
    p = s.players[i]
    assert set(p.in_play) <= set(PARADIGMS), f"{where}: {p.in_play} in play"
    assert len(set(p.in_play)) == len(p.in_play), f"{where}: a Paradigm twice"
    # Open the Gate played, as an attack or through the Special Action (R25: the Special
    # Action leaves the game, the Finisher is not spent), allows three from then on.
    gate = p.finisher == "open-the-gate" and (p.finisher_used or SPECIAL_ACTION in p.removed or (
        p.pair is not None and p.pair.finisher))
    most = MOST_WITH_THE_GATE if gate else 1
    assert len(p.in_play) <= most, f"{where}: {len(p.in_play)} Paradigms in play"
    assert p.this_beat.marks.get(SOAK_MARK, 0) in (0, 1), where


def seth(s: DuelState, i: int, where: str) -> None:
    """Reading Fate's counter is 0 or 1 (the opponent's Style lies face up only then); a guess
    names one of the opponent's Bases; a Base Wyrding
    swapped out stays with the pair, and only a Base does."""
    from judge.battlecon.roster import card

    p = s.players[i]
    assert p.counters == {"reading-fate": p.counters["reading-fate"]}, where
    assert p.counters["reading-fate"] in (0, 1), where
    named = p.this_beat.kit.get("named")
    if named is not None:
        bases = {c.id for c in fighter(s.players[1 - i].fighter).bases()}
        assert named in bases, f"{where}: Seth named {named}, not one of the opponent's Bases"
    if p.pair is not None:
        assert all(card(c).kind == "base" for c in p.pair.extra), f"{where}: {p.pair.extra}"
    other = s.players[1 - i].pair
    assert other is None or not other.marks.get("style_up") \
        or p.counters["reading-fate"] == 1, where


CHECKS: dict[str, Check] = {"luc": luc, "magdelina": magdelina, "demitras": demitras,
                            "vanaah": vanaah, "heketch": heketch, "lixis": lixis,
                            "kehrolyn": kehrolyn, "rukyuk": rukyuk, "tatsumi": tatsumi,
                            "hepzibah": hepzibah, "sagas": sagas, "zaamassal": zaamassal,
                            "cherri": cherri, "seth": seth}


def check_fighters(s: DuelState, where: str) -> None:
    """Every player's tokens, then the checks of their fighter, if it has any."""
    for i, p in enumerate(s.players):
        every_token_accounted_for(s, i, where)
        own = CHECKS.get(p.fighter)
        if own is not None:
            own(s, i, where)
