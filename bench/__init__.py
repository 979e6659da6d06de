"""provgraph benchmarks, each against a baseline measured in the same run: folders by what they measure (scale/,
served/, citations/, suspects/, real_logs/, shape/) over one floor of shared helpers (common/).

Run `python -m bench --help` (or `make bench`) for the scale bench; see bench/README.md for the others.
"""
