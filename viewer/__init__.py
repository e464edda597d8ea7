"""Web viewer (built in its own issue)."""
