"""The suspects tests use the suite's `graph` fixture (tests/conftest.py): an empty graph on the real Neo4j."""
