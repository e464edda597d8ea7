"""Named errors of the rules engine. Each says why, and cites the rule behind it."""

from __future__ import annotations


class JudgeError(ValueError):
    """Base class: every refusal carries a plain reason and a rule id.

    ``field`` names the field of the record or decision at fault, when one is (for forms
    and the API's field errors); it is not part of ``to_json``.
    """

    def __init__(self, reason: str, rule: str = "", field: str | None = None) -> None:
        super().__init__(f"{reason} [{rule}]" if rule else reason)
        self.reason = reason
        self.rule = rule
        self.field = field

    def to_json(self) -> dict:
        return {"error": type(self).__name__, "reason": self.reason, "rule": self.rule}


class IllegalDecisionError(JudgeError):
    """A decision that is not among the legal options; the duel does not change."""


class DuelOverError(IllegalDecisionError):
    """A decision sent after the duel ended."""


class RecordError(JudgeError):
    """A duel record that is malformed or describes an impossible setup.

    ``index`` is the position of the offending decision in ``decisions`` when the
    problem is a decision, else ``None``.
    """

    def __init__(self, reason: str, rule: str = "", index: int | None = None,
                 field: str | None = None) -> None:
        super().__init__(reason, rule, field)
        self.index = index

    def to_json(self) -> dict:
        out = super().to_json()
        out["index"] = self.index
        return out

