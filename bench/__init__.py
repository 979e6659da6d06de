"""provgraph benchmarks: ingest, re-ingest, status-all and verify, each against a raw-Neo4j baseline.

Run `python -m bench --help` (or `make bench`); see bench/README.md.
"""
