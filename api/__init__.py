"""HTTP API and the judge command line."""
