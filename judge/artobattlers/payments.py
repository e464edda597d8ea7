"""Who can pay what (A8.4, A9.2-A9.4, AG10, AG22, AG23): LP payments need more LP than the
cost, PP payments at least the cost; a sacrifice is the only way past the LP floor."""

from __future__ import annotations

from judge.artobattlers.cards import Cost, Move
from judge.artobattlers.state import Fighter


def lp_ok(f: Fighter, amount: int, striker: bool = False) -> bool:
    """An LP payment needs current LP greater than it (AG10); a striker move's LP come from
    the striker (AG23)."""
    if amount == 0:
        return True
    pool = f.striker_life if striker else f.life
    return pool is not None and pool > amount


def pp_ok(f: Fighter, amount: int) -> bool:
    return amount == 0 or (f.power is not None and f.power >= amount)  # A8.4, A8.5


def cost_choices(f: Fighter, cost: Cost, extra_lp: int = 0) -> list[str | None]:
    """The payment choices of a cost that can be paid normally (``pay`` values): one None,
    or "pp"/"lp" for a PP-or-LP cost. ``extra_lp`` is paid from LP as well (an FC's 10)."""
    if cost.form == "pp_or_lp":
        return [p for p, ok in (("pp", pp_ok(f, cost.pp) and lp_ok(f, extra_lp)),
                                ("lp", lp_ok(f, cost.lp + extra_lp))) if ok]
    return [None] if pp_ok(f, cost.pp) and lp_ok(f, cost.lp + extra_lp) else []


def attack_payments(f: Fighter, move: Move, sacrifice_pp_or_lp: bool) -> list[tuple[str | None,
                                                                                  bool]]:
    """(pay, sacrifice) pairs for an attack move: normal payments, and a sacrifice when an
    LP-only use costs at least the payer's LP (A9.3, A9.4; AG22 for PP-or-LP)."""
    cost, striker = move.cost, move.striker
    if cost.form == "lp":
        return [(None, not lp_ok(f, cost.lp, striker))]
    if cost.form == "pp_or_lp":
        out: list[tuple[str | None, bool]] = []
        if pp_ok(f, cost.pp):
            out.append(("pp", False))
        if lp_ok(f, cost.lp, striker):
            out.append(("lp", False))
        elif sacrifice_pp_or_lp:
            out.append(("lp", True))
        return out
    payable = pp_ok(f, cost.pp) and lp_ok(f, cost.lp, striker)
    return [(None, False)] if payable else []
