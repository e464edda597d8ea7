"""What makes the rules core fast, kept apart from the rules (issue 32, docs/compiled.md).

``build``: which build runs (compiled or pure Python) and the check that a compiled build
is never older than its source; ``stamp``: what a compiled build was built from."""
