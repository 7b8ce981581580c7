"""Two engines compared where they may part on a near tie: float32 CTranslate2 and PyTorch sum in other orders (and
on some CPUs in other precisions), so two choices a hair apart can come out either way. Where two outputs part,
the choices they part on must be a near tie by each engine's own scoring; everywhere else they must be equal."""
import math

TIE = 0.01      # nats: random test models' choices are far further apart, except on the near ties this allows


def parting(a: list[int], b: list[int]) -> int | None:
    """The first position where two token lists differ (one ending there counts), None where they are equal."""
    if a == b:
        return None
    return next((k for k, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))


def choice_gap(engine, src: list[int], a: list[int], b: list[int]) -> float:
    """How far apart the engine's scoring puts the next tokens of a and b after their common prefix (<eos> for the one
    that ends there), in log-probability."""
    at = parting(a, b)
    if at is None:
        return 0.0
    chosen = [t[:at + 1] if at < len(t) else t for t in (a, b)]        # prefix + its next token, or the whole list
    a_log_probs, b_log_probs = engine.score([src, src], chosen)
    return abs(a_log_probs[at] - b_log_probs[at])


def assert_greedy_alike(engines, src_ids: list[list[int]], a: list[list[int]], b: list[list[int]]) -> int:
    """Greedy outputs a and b of the same sources: equal, or parting on a choice that each engine (each with
    `score(src_ids, tgt_ids)`) scores as a near tie. Returns how many are equal."""
    for src, x, y in zip(src_ids, a, b):
        for engine in engines:
            assert choice_gap(engine, src, x, y) <= TIE, (engine.name, src, x, y)
    return sum(x == y for x, y in zip(a, b))


def assert_beam_alike(a: list, b: list) -> int:
    """Best hypotheses (Hypothesis lists, one per source) of two beam searches: the same tokens, or scores (the
    searches' own) a near tie apart. Returns how many are equal."""
    for x, y in zip(a, b):
        assert x.tokens == y.tokens or math.isclose(x.score, y.score, abs_tol=TIE), (x, y)
    return sum(x.tokens == y.tokens for x, y in zip(a, b))
