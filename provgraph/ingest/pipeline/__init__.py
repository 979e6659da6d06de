"""The one pipeline that writes what ingesters produce, by job:

- writer.py: `write`, records to the graph in batches (hash, resolve, batch, write), the heart of every ingest;
- inputs.py: a store's input opened (`open_store`), one store ingested (`ingest`), and an `ingest --config` file's
  stores checked before any is written (`read_every_store`), then written one after the other (`write_every_store`);
- summary.py: `IngestSummary`, what an ingest did, as `ingest` prints it;
- below them: stream.py (the two reads of the input), snapshots.py (planning and resolving), batch.py (one batch's
  transaction), kept.py (kept ends of append-only files), rebuild.py (a store read another way, taken out first).
"""
from __future__ import annotations

from provgraph.ingest.pipeline.inputs import (
    StoreInput,
    default_store_name,
    ingest,
    open_store,
    read_every_store,
    write_every_store,
)
from provgraph.ingest.pipeline.summary import LISTED, IngestSummary
from provgraph.ingest.pipeline.writer import POLICIES, Progress, write

__all__ = ["LISTED", "POLICIES", "IngestSummary", "Progress", "StoreInput", "default_store_name", "ingest", "open_store",
           "read_every_store", "write", "write_every_store"]
