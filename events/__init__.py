"""Event-sourced duel record (built in its own issue)."""
