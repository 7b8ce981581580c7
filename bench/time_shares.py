"""Where a training step's time goes: the ops of a torch.profiler run sorted into the parts of a step (python -m
bench.loop --profile N prints the shares)."""

MATMULS = ("aten::mm", "aten::addmm", "aten::bmm", "aten::matmul", "aten::linear", "aten::einsum")
ATTENTION = ("aten::_softmax", "aten::_softmax_backward_data", "aten::masked_fill_", "aten::masked_fill")
OPTIMIZER = ("aten::_fused_adamw_", "aten::_foreach_norm", "aten::_foreach_mul_", "aten::linalg_vector_norm",
             "aten::_foreach_lerp_", "aten::zero_", "aten::clamp")


def where_time_goes(prof, vocab: int) -> dict[str, float]:
    """Self CPU microseconds by part of the step: an op with a vocabulary-sized input is the output projection or
    the loss (or the embedding's gradient), other matmuls are the layers' projections, attention is its matmuls
    (bmm: scores and weighted values) and its softmax and mask, the optimizer is AdamW, clipping and the EMA."""
    shares: dict[str, float] = {}
    for event in prof.key_averages(group_by_input_shape=True):
        name, shapes = event.key, [s for s in event.input_shapes if s]
        if name == "## collate":
            part, us = "data (collate)", event.cpu_time_total
        else:
            us = event.self_cpu_time_total
            with_vocab = any(vocab in shape for shape in shapes)
            if "embedding" in name:
                part = "embeddings"
            elif with_vocab:
                part = "output projection + loss"
            elif name in ("aten::bmm",) or name in ATTENTION:
                part = "attention (bmm, softmax, mask)"
            elif name in MATMULS:
                part = "matmul (projections, feed-forward)"
            elif name in OPTIMIZER or name.startswith("aten::_foreach"):
                part = "optimizer, clipping, EMA"
            elif name.startswith("## "):
                part = "python (step, loop)"
            else:
                part = "elementwise and the rest"
        shares[part] = shares.get(part, 0.0) + us
    return shares
