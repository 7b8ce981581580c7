"""Export a checkpoint to a CTranslate2 model directory: the same Transformer, run by a fused, quantizable engine.

The model maps one to one: fused self-attention q/k/v, cross-attention q plus fused k/v, pre- or post-LN with the
final norms, embeddings scaled by √d_model, our position table (sinusoid or learned) passed as CTranslate2's
position encodings, relative positions as keys with zero value tables, a tied or separate output projection.
Beside CTranslate2's files the directory holds `einsum_nmt.json` (config, vocabularies, the checkpoint's model card
for `translate.py --info`, and the sha256 of every file, checked when it loads) and the subword models, so `translate.py --checkpoint DIR` needs nothing else.
ctranslate2 is needed for this feature only.
"""
from __future__ import annotations

import json
from pathlib import Path

import torch

from config import Config, ModelConfig
from decoding.ct2_engine import is_exported
from decoding.export_files import MANIFEST, seal, source_record
from decoding.load import checkpoint_paths
from exporting.out_dir import check_target, install, staging_dir
from models.attention import ROLE_FLAGS, attention_class, registered_attentions
from models.attention.choice import attention_roles
from models.attention.options import parse_options
from models.checkpoint import load_checkpoint
from models.layers import ACTIVATIONS, GATED
from models.output import other_pieces
from util.errors import UserError

EXPORTABLE_ATTENTIONS = ("full", "sdpa")
QUANTIZATIONS = ("float32", "int8", "int8_float32", "int16", "float16", "int8_float16", "bfloat16")


def export_blocker(cfg: ModelConfig) -> str | None:
    """The setting that keeps this model from CTranslate2, or None. An attention type whose options make it compute
    full attention on every sequence the model takes (up to model.max_len keys: e.g. exact-topk with topk >= max_len)
    is exported as full attention."""
    given = parse_options(cfg.attention_options)
    for role, name in attention_roles(cfg).items():
        field = ROLE_FLAGS[role][0]
        if name in EXPORTABLE_ATTENTIONS or (name in registered_attentions()
                                             and attention_class(name).full_up_to(given) >= cfg.max_len):
            continue
        options = f" with --model.attention_options={cfg.attention_options}" if cfg.attention_options else ""
        return (f"model.{field}={name}{options} (CTranslate2 runs softmax attention only: "
                f"{', '.join(EXPORTABLE_ATTENTIONS)}, or a type whose options make it full attention up to "
                f"model.max_len={cfg.max_len} keys)")
    if cfg.position.endswith("-concat"):
        return f"model.position={cfg.position} (CTranslate2 adds positions, it cannot concatenate them)"
    return None     # activation, norm and position are otherwise among what config.check_config allows, all exportable


def _ct2():
    try:
        import ctranslate2
        return ctranslate2
    except ImportError:
        raise UserError("export needs CTranslate2: pip install ctranslate2") from None


def _linear(spec, weight: torch.Tensor, bias: torch.Tensor | None) -> None:
    spec.weight = weight.float().numpy()
    if bias is not None:
        spec.bias = bias.float().numpy()


def _norm(spec, state: dict, name: str) -> None:
    spec.gamma, spec.beta = state[f"{name}.weight"].float().numpy(), state[f"{name}.bias"].float().numpy()


def _attention(spec, state: dict, prefix: str, cross: bool, norm: str, relative: bool) -> None:
    """Our (qkv | q, kv), out -> CTranslate2's linear list; its layer norm (CTranslate2 places it by pre_norm)."""
    names = ["q", "kv", "out"] if cross else ["qkv", "out"]
    for linear, name in zip(spec.linear, names):
        _linear(linear, state[f"{prefix}.{name}.weight"], state[f"{prefix}.{name}.bias"])
    _norm(spec.layer_norm, state, norm)
    if relative:
        keys = state[f"{prefix}.relative.weight"].float()
        spec.relative_position_keys = keys.numpy()
        spec.relative_position_values = torch.zeros_like(keys).numpy()   # Shaw et al. keys only


def _ffn(spec, state: dict, prefix: str, norm: str) -> None:
    weight, bias = state[f"{prefix}.ffn.0.weight"], state[f"{prefix}.ffn.0.bias"]
    if hasattr(spec, "linear_0_noact"):                      # ffn_glu: a gated unit (models/layers.py, SwiGLU)
        (gate, value), (gate_bias, value_bias) = weight.chunk(2), bias.chunk(2)
        _linear(spec.linear_0, gate, gate_bias)
        _linear(spec.linear_0_noact, value, value_bias)
    else:
        _linear(spec.linear_0, weight, bias)
    _linear(spec.linear_1, state[f"{prefix}.ffn.2.weight"], state[f"{prefix}.ffn.2.bias"])
    _norm(spec.layer_norm, state, f"{prefix}.{norm}")


def _positions(spec, state: dict, side: str, cfg: ModelConfig) -> None:
    kind = cfg.position.split("-")[0]
    if kind == "sinusoidal":
        from models.position import sinusoids
        spec.position_encodings.encodings = sinusoids(cfg.max_len, cfg.d_model).numpy()
    elif kind == "learned":
        spec.position_encodings.encodings = state[f"{side}_embed.position.weight"].float().numpy()


UNSCORED = -1e4     # the logit bias of a piece the model does not score: probability exp(-1e4) = 0, and finite in fp16


def model_spec(state: dict, cfg: Config, src_itos: list[str], tgt_itos: list[str]):
    """The CTranslate2 TransformerSpec holding these weights."""
    _ct2()
    from ctranslate2.specs import common_spec, transformer_spec

    m = cfg.model
    pre, relative = m.norm == "pre", m.position == "relative"
    activation = {"gelu": common_spec.Activation.GELU, "swiglu": common_spec.Activation.SWISH}.get(
        m.activation, common_spec.Activation.RELU)
    glu = issubclass(ACTIVATIONS[m.activation], GATED)        # the first product holds a gate and a value
    encoder = transformer_spec.TransformerEncoderSpec(m.n_encoder_layers, m.n_heads, pre_norm=pre,
                                                      activation=activation, relative_position=relative, ffn_glu=glu)
    decoder = transformer_spec.TransformerDecoderSpec(m.n_decoder_layers, m.n_heads, pre_norm=pre,
                                                      activation=activation, relative_position=relative, ffn_glu=glu)
    for side, layers, spec in (("src", "encoder", encoder), ("tgt", "decoder", decoder)):
        table = spec.embeddings[0] if side == "src" else spec.embeddings     # the encoder's is a list
        table.weight = state[f"{side}_embed.table.weight"].float().numpy()
        spec.scale_embeddings = True                                         # × √d_model, as Embedding does
        if not relative:
            _positions(spec, state, side, m)
        if pre:
            _norm(spec.layer_norm, state, f"{layers}_norm")
        for n, layer in enumerate(spec.layer):
            prefix = f"{layers}.{n}"
            _attention(layer.self_attention, state, f"{prefix}.self_attn", False, f"{prefix}.norm1", relative)
            if layers == "decoder":
                _attention(layer.attention, state, f"{prefix}.cross_attn", True, f"{prefix}.norm2", False)
            _ffn(layer.ffn, state, prefix, "norm3" if layers == "decoder" else "norm2")
    output = state.get("output.weight", state["tgt_embed.table.weight"])
    decoder.projection.weight = output.float().numpy()
    if "scored" in state:            # model.output_pieces=seen: a piece the model does not score is never written
        decoder.projection.bias = torch.where(state["scored"], 0.0, UNSCORED).float().numpy()
    spec = transformer_spec.TransformerSpec(encoder, decoder)
    spec.config.bos_token, spec.config.eos_token, spec.config.unk_token = "<bos>", "<eos>", "<unk>"
    spec.config.decoder_start_token = "<bos>"
    spec.config.layer_norm_epsilon = 1e-5
    spec.register_source_vocabulary(src_itos)
    spec.register_target_vocabulary(tgt_itos)
    return spec


def not_written_after(state: dict) -> dict[str, list[int]]:
    """A model of both directions: each direction's tag id -> the scored ids it bans (models/output.py Ways)."""
    return {str(int(tag)): other_pieces(state["scored"], way)
            for tag, way in zip(state.get("ways.tags", []), state.get("ways.scored", []))}


def export_checkpoint(checkpoint: str | Path, out_dir: str | Path, quantization: str = "int8",
                      force: bool = False) -> Path:
    """Write the CTranslate2 directory for a checkpoint; a model it cannot represent is a one-line UserError, and so
    is an out_dir it may not fill (exporting/out_dir.py)."""
    if quantization not in QUANTIZATIONS:
        raise UserError(f"--quantization {quantization}: choose one of {', '.join(QUANTIZATIONS)}")
    if len(checkpoint_paths(checkpoint)) > 1:
        raise UserError(f"{checkpoint}: export.py exports one checkpoint (a CTranslate2 model is one network, not an "
                        "ensemble); export one of them, or average them into one first with average.py")
    if is_exported(checkpoint):
        raise UserError(f"{checkpoint} is already an export (a directory export.py wrote); export.py takes the .pt "
                        f"checkpoint written by train.py (e.g. runs/<run>/best.pt), and translate.py takes "
                        f"--checkpoint {checkpoint} as it is")
    out = Path(out_dir)
    check_target(out, force, checkpoint)
    source = source_record(checkpoint, 0) if Path(checkpoint).is_file() else None   # before loading: never newer
    ckpt = load_checkpoint(checkpoint)
    cfg, raw = ckpt.cfg, ckpt.raw
    blocker = export_blocker(cfg.model)
    if blocker:
        raise UserError(f"cannot export {checkpoint} to CTranslate2: {blocker}")
    ct2 = _ct2()
    spec = model_spec(raw["model"], cfg, ckpt.src_vocab.itos, ckpt.tgt_vocab.itos)

    class _Converter(ct2.converters.Converter):
        def _load(self):
            return spec

    with staging_dir(out) as tmp:
        try:                                    # the staging directory: OUT_DIR is not touched yet
            _Converter().convert(str(tmp), quantization=quantization)
            subwords = raw.get("subwords") or {}
            for side in ("src", "tgt"):
                if subwords.get(side):
                    (tmp / f"{side}.spm.model").write_bytes(subwords[side])
            manifest = {"config": raw["config"], "src_vocab": ckpt.src_vocab.itos,
                        "tgt_vocab": ckpt.tgt_vocab.itos, "lexicon": raw.get("lexicon"),
                        "quantization": quantization, "checkpoint": str(checkpoint),
                        "source": source and {**source, "step": ckpt.step},
                        "not_written_after": not_written_after(raw["model"]),
                        "card": ckpt.card}          # translate.py --info shows it
            manifest = seal(tmp, manifest)          # written last: it records every other file's sha256
            (tmp / MANIFEST).write_text(json.dumps(manifest, ensure_ascii=False) + "\n", encoding="utf-8")
        except OSError as e:
            raise UserError(f"cannot write the export {out} ({e.strerror}); nothing in {out} was written or changed: "
                            "fix that, or choose another OUT_DIR, and run it again") from None
        install(tmp, out)
    return out

