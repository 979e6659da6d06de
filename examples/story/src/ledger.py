"""Acme's ledger writer: a sketch for the demo, whose comments cite the decisions it follows (`provgraph scan`)."""

# One schema per region, as ADR-0001 decided.
LEDGER_SCHEMA = "ledger_{region}"

# Card tokens live in vault v2 (acme/payments#57).
VAULT = "vault-v2"

# Refunds within 14 days: acme/payments#61.
REFUND_WINDOW_DAYS = 14

# Retries: at most 5 (dec-2).
MAX_RETRIES = 5
