"""decoding/ct2_steps.py: a sentence that owes placeholders is decoded by our search over CTranslate2's network, so both
engines place them alike (near ties aside), and its cost is counted: each row's prefix is decoded again at most once a
step, however many placeholders are owed and however wide the beam."""
from dataclasses import replace

import pytest
import torch

from data.vocab import SPECIALS, Vocab
from decoding.load import load_translator
from decoding.search import max_output_lengths
from decoding.search_rules import Owed
from text.forms.masking import PLACEHOLDERS

from tests.tiny_checkpoints import save
from tests.ties import assert_beam_alike, assert_greedy_alike

pytest.importorskip("ctranslate2", reason="ctranslate2 is an optional dependency (pip install ctranslate2)")

WORDS = "Ein Hund Mann Frau Kind läuft spielt im Park am Strand . , und um A dog man woman runs plays in the".split()
VOCAB = Vocab([*SPECIALS, *WORDS, *PLACEHOLDERS])
OWED = [VOCAB.stoi[p] for p in PLACEHOLDERS]


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    from exporting.ct2 import export_checkpoint
    root = tmp_path_factory.mktemp("ct2-steps")
    export_checkpoint(save(root / "m.pt", 5, VOCAB), root / "ct2", "float32")
    return root


def engines_of(root) -> tuple:
    """The PyTorch translator and the CTranslate2 one, of the same random model."""
    return load_translator(root / "m.pt"), load_translator(root / "ct2")


def sources(n: int, seed: int) -> tuple[list[list[int]], Owed]:
    """n random sources of 4-12 words with 0-3 placeholders each, and what each owes."""
    g = torch.Generator().manual_seed(seed)
    src_ids, owed = [], []
    for _ in range(n):
        ids = torch.randint(len(SPECIALS), len(SPECIALS) + len(WORDS), (int(torch.randint(4, 13, (1,), generator=g)),),
                            generator=g).tolist()
        for k in range(int(torch.randint(0, 4, (1,), generator=g))):
            ids.insert(int(torch.randint(0, len(ids), (1,), generator=g)), OWED[k])
        src_ids.append(ids)
        owed.append([t for t in ids if t in OWED])
    return src_ids, Owed(owed, OWED)


@pytest.mark.parametrize("beam", [1, 5])
def test_both_engines_place_owed_placeholders_alike(beam, exported):
    """Before, CTranslate2 decoded a hypothesis that broke the rule again from where it broke it (a placeholder it
    had not written came after the sentence's end); now its beam keeps the rule step by step, as ours does."""
    ours, theirs = engines_of(exported)
    src_ids, owed = sources(40, 1)
    decode = replace(ours.cfg.decode, beam=beam, n_best=1)
    a = [n[0] for n in ours.search(src_ids, decode, owed)]
    b = [n[0] for n in theirs.search(src_ids, decode, owed)]
    if beam == 1:
        equal = assert_greedy_alike([ours.engine, theirs.engine], src_ids, [h.tokens for h in a],
                                    [h.tokens for h in b])
    else:
        equal = assert_beam_alike(a, b)
    assert equal > len(src_ids) // 2
    assert all(sorted(t for t in h.tokens if t in OWED) == sorted(o) for h, o in zip(b, owed.tokens))


class CountingCt2:
    """CTranslate2's translator, counting the decoding steps it is asked for: a prefix decoded step by step counts
    its length (times the beam), one decoded in one pass (return_alternatives) does not."""

    def __init__(self, ct2):
        self.ct2, self.steps = ct2, 0

    def translate_batch(self, source, target_prefix=None, **options):
        for n in range(len(source)):
            one_pass = len(target_prefix[n] or []) if options.get("return_alternatives") else 0
            self.steps += options.get("beam_size", 1) * (options["max_decoding_length"] - one_pass)
        return self.ct2.translate_batch(source, target_prefix, **options)

    def score_batch(self, *args, **options):
        return self.ct2.score_batch(*args, **options)


class CountingModel:
    """A model whose decoder calls are counted."""

    def __init__(self, model):
        self.model, self.calls = model, 0

    def __getattr__(self, name):
        return getattr(self.model, name)

    def decoder_logits(self, *args, **options):
        self.calls += 1
        return self.model.decoder_logits(*args, **options)


def test_a_sentence_owing_16_placeholders_decodes_each_prefix_at_most_once_a_step(exported):
    """Beam 16, n-best 16, 16 placeholders. Before, each hypothesis that broke the rule was decoded again by a whole
    beam search, up to once per token: 143,840 steps here, against the bound of 36,288 (minutes for such a sentence
    with a trained model). Counted, not timed: the search runs at most its length limit L + 1 steps, and CTranslate2
    decodes each of its rows' prefixes at most once a step (AHEAD tokens further included)."""
    from decoding.ct2_steps import AHEAD
    ours, theirs = engines_of(exported)
    stoi = VOCAB.stoi
    src = [stoi["Ein"], stoi["Mann"], stoi["läuft"]]
    for k, token in enumerate(OWED):
        src += [token, stoi["," if k % 2 else "und"]]
    owed = Owed([OWED], OWED)
    decode = replace(ours.cfg.decode, beam=16, n_best=16)
    limit = int(max_output_lengths(torch.tensor([len(src)]), decode.max_len_a, decode.max_len_b,
                                   ours.cfg.model.max_len - 1))
    counted = CountingModel(ours.engine.model)
    ours.engine.model = counted
    theirs.engine.ct2 = theirs.engine.steps.ct2 = CountingCt2(theirs.engine.ct2)
    for engine in (ours, theirs):
        found = engine.search([src], decode, owed)[0]
        assert len(found) == 16 and all(sorted(t for t in h.tokens if t in OWED) == OWED for h in found)
    assert counted.calls <= limit + 1, counted.calls
    assert theirs.engine.ct2.steps <= decode.beam * sum(length + 1 + AHEAD for length in range(limit + 1)), \
        theirs.engine.ct2.steps


@pytest.mark.parametrize("quantization", ["int8", "bfloat16"])
def test_a_quantized_export_keeps_the_rule_too(quantization, exported, tmp_path):
    """Each step's logits come from the quantized network (read as float32 whatever CTranslate2 computes in: on a CPU
    without bfloat16 arithmetic, as here, it computes bfloat16 in float32)."""
    from exporting.ct2 import export_checkpoint
    theirs = load_translator(export_checkpoint(exported / "m.pt", tmp_path / quantization, quantization))
    src_ids, owed = sources(10, 2)
    for beam in (1, 3):
        found = theirs.search(src_ids, replace(theirs.cfg.decode, beam=beam), owed)
        assert all(sorted(t for t in n[0].tokens if t in OWED) == sorted(o) for n, o in zip(found, owed.tokens))
