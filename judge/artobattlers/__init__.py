"""ART O BATTLERS (rulebook v4.5): a deterministic, I/O-free rules package.

The rules are restated for software in ``rules-digest.md`` (ids A0-A25, gap rulings
AG1-AG42); every fact cites one of them. The simple duel is judged; Advance Play (A21,
A22) is refused at setup until it is. Reached from outside only through judge.registry.
"""
