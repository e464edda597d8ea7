"""ART O BATTLERS (rulebook v4.5): a deterministic, I/O-free rules package.

The rules are restated for software in ``rules-digest.md`` (ids A0-A25, gap rulings
AG1-AG42); every fact cites one of them. The simple duel and Advance Play (A21, A22: teams,
zones, side attacks) are judged. Reached from outside only through judge.registry.
"""
