"""decoding/translator.py: the pipeline, the codec and an engine composed; old checkpoints included."""
import random
from dataclasses import replace

import pytest
import torch

from config.presets import make_config
from data.codec import Codec
from data.subwords import Subwords
from data.vocab import Vocab
from decoding.banned_pieces import never_generated
from decoding.confidence import confidence
from decoding.load import load_translator
from decoding.search import Hypothesis
from decoding.torch_engine import TorchEngine
from decoding.translations import Translation, join_sentences
from decoding.translator import Translator
from models.checkpoint import load_checkpoint, save_checkpoint
from models.transformer import build_model
from text.forms.lexicon import Lexicon
from text.forms.masking import PLACEHOLDERS
from text.forms.number_forms import invented_numbers
from text.pipeline import Pipeline
from tests.synthetic import sentence_pair
from tests.tiny_checkpoints import SOURCES, save
from tests.tiny_models import tiny_trainable
from util.errors import UserError

WORDS = Vocab(["<pad>", "<unk>", "<bos>", "<eos>", "Ein", "Hund", "A", "dog", "\uffed."])
P0, P1 = PLACEHOLDERS[:2]


class Scripted:
    """An engine that answers every source with the same hypotheses (given as target texts), recording calls."""
    name, why_no_attention = "scripted", "scripted engines draw nothing"

    def __init__(self, codec, *texts):
        self.hyps = [Hypothesis(codec.ids([t], side="tgt")[0], -1.0 - n) for n, t in enumerate(texts)]
        self.calls = []

    def search(self, src_ids, decode, banned, owed=None):
        self.calls.append((src_ids, decode.n_best))
        return [self.hyps[:max(decode.n_best, 1)] for _ in src_ids]


def subword_codec(placeholders=True) -> tuple:
    lines = [["Ein", "Hund", "kauft", "kg", "\uffed."], ["A", "dog", "buys", "a", "bike", "\uffed."]] * 30
    joint = Subwords.learn(lines, 300, symbols=PLACEHOLDERS)
    cfg = make_config("tiny", [f"data.placeholders={str(placeholders).lower()}"])
    cfg.model.src_vocab_size = cfg.model.tgt_vocab_size = len(joint)
    return cfg, Codec(cfg, joint.vocab, joint.vocab, joint, joint)


def test_an_engine_that_breaks_the_placeholder_rule_is_caught_by_the_last_guard_and_counted():
    cfg, codec = subword_codec()
    engine = Scripted(codec, "A dog buys.", f"A dog buys {P0}.")
    translator = Translator(cfg, codec, engine)
    assert translator.translate(["Ein Hund kauft 3,5 kg."]) == ["A dog buys 3.5 kg."] and translator.guard_fixes == 1
    source_ids, wanted = engine.calls[0]
    assert P0 in codec.src_vocab.tokens_of(source_ids[0]) and wanted == 1     # the search keeps them: no wider n-best
    assert translator.translate_n_best(["", "Ein Hund."])[0] == [Translation("", 0.0, 1.0, "de", "en")]
    twice = Translator(cfg, codec, Scripted(codec, f"A {P0} dog {P0} buys {P1}."))
    assert twice.translate(["Ein Hund kauft 3,5 kg."]) == ["A 3.5 kg dog buys."] and twice.guard_fixes == 2


def test_a_sentence_with_nothing_for_the_model_is_its_own_translation_and_no_search_runs():
    cfg, codec = subword_codec()
    engine = Scripted(codec, "A dog.")
    translator = Translator(cfg, codec, engine)
    lines = ["Danke", "Guten Tag!", "Tschüss!", "?", "😀", "!!!", "3,5"]
    assert translator.translate(lines) == ["Thank you", "Good afternoon!", "Bye!", "?", "😀", "!!!", "3.5"]
    assert engine.calls == []
    found = translator.translate_n_best(["Danke!"], replace(cfg.decode, beam=3, n_best=3))
    assert [[t[:5] for t in n_best] for n_best in found] == \
        [[("Thank you!", 0.0, 1.0, "de", "en")]]          # no model wrote it: nothing to distrust
    assert translator.translate(["Ein Hund."]) == ["A dog."] and len(engine.calls) == 1


def test_a_glossary_term_comes_out_as_its_target_term_and_a_request_adds_its_own():
    cfg, codec = subword_codec()
    translator = Translator(cfg, codec, Scripted(codec, f"A {P0} buys a bike."))
    translator.use_glossary({"Hund": "poodle"})
    assert translator.translate(["Ein Hund kauft."]) == ["A poodle buys a bike."]
    assert translator.translate(["Ein Hund kauft."], glossary={"Hund": "beagle"}) == ["A beagle buys a bike."]


def test_a_requests_glossary_reuses_the_translators_pipeline_and_never_cuts_a_number(monkeypatch):
    cfg, codec = subword_codec()
    translator = Translator(cfg, codec, Scripted(codec, f"A {P0} buys a {P1} bike."))
    monkeypatch.setattr(Pipeline, "from_config", lambda *args, **kwargs: pytest.fail("a pipeline was built again"))
    translator.use_glossary({"Hund": "poodle"})
    assert translator.translate(["Ein Hund kauft 12 Euro."], glossary={"Euro": "euros"}) == \
        ["A poodle buys a €12 bike."]


def test_a_quotation_goes_to_the_model_as_a_sentence_of_its_own_and_comes_back_between_english_marks():
    cfg, codec = subword_codec()
    engine = Scripted(codec, f"A dog {P0}.")
    assert Translator(cfg, codec, engine).translate(["„Ein Hund“, kauft er."]) == ["A dog “A dog”."]
    (sources, _), = engine.calls
    assert [codec.src_vocab.tokens_of(ids).count(P0) for ids in sources] == [0, 1]      # the quotation, its slot


def test_an_output_with_only_restored_numbers_invents_none():
    cfg, codec = subword_codec()
    source = "Die Frau kauft 3,5 kg Äpfel für 12 Euro."
    translator = Translator(cfg, codec, Scripted(codec, f"A dog buys {P0} a {P1} bike."))
    output = translator.translate([source])[0]
    assert output == "A dog buys 3.5 kg a €12 bike." and invented_numbers(source, output) == []


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_titled_name_a_date_and_measures_come_out_whole_from_a_random_model(seed):
    cfg, codec = subword_codec()
    torch.manual_seed(seed)
    model = build_model(cfg.model)
    lexicon = Lexicon.learn([("Ein Hund kauft Brot.", "A dog buys bread.")])
    translator = Translator(cfg, codec, TorchEngine(model, cfg.model.max_len), lexicon)
    output = translator.translate(["Frau Becker läuft am 3. Mai 10 km in 45 Minuten."])[0]
    for whole in ("Ms. Becker", "n May 3", "10 km", "45 minutes"):
        assert output.count(whole) == 1, output


def test_control_bytes_and_with_placeholders_digit_pieces_are_never_generated():
    joint = Subwords.learn([["Ein", "Hund", "3", "12"]] * 20, 300, symbols=PLACEHOLDERS)
    cfg = make_config("tiny")
    banned = {joint.vocab.itos[i] for i in never_generated(joint.vocab.itos, Pipeline.from_config(cfg.data))}
    assert {"<pad>", "<unk>", "<bos>", "<0x0A>", "<0x0D>", "<0x0C>", "<0x00>", "<0x7F>", "<0x33>"} <= banned
    assert "<eos>" not in banned and "<0x20>" not in banned and "<0xC3>" not in banned
    cfg.data.placeholders = False
    plain = {joint.vocab.itos[i] for i in never_generated(joint.vocab.itos, Pipeline.from_config(cfg.data))}
    assert "<0x33>" not in plain and "<0x0A>" in plain


def test_attention_is_refused_in_one_line_before_any_search_where_the_engine_draws_none():
    from util.errors import UserError
    cfg, codec = subword_codec()
    engine = Scripted(codec, "A dog.")
    with pytest.raises(UserError, match="scripted engines draw nothing"):
        Translator(cfg, codec, engine).attention_map("Ein Hund.")
    assert engine.calls == []


class Drawing(Scripted):
    """A scripted engine that draws attention: even weights."""
    why_no_attention = None

    def attention(self, src_ids, tokens):
        return torch.full((len(tokens) + 1, len(src_ids)), 1 / len(src_ids))


def test_attention_is_drawn_per_sentence_with_the_users_words_in_place_of_placeholders():
    cfg, codec = subword_codec()
    maps = Translator(cfg, codec, Drawing(codec, f"A dog buys {P0} kg.")).attention_maps(
        "Ein Hund kauft 3,5 kg. Ein Hund kauft 12 kg.")
    assert len(maps) == 2                                   # the second sentence is not dropped
    for m, source, output in zip(maps, ("3,5", "12"), ("3.5", "12")):
        labels = m.source + m.output
        assert not any(p in label for p in PLACEHOLDERS for label in labels)
        assert any(source in label for label in m.source) and any(output in label for label in m.output)
        assert m.output[-1] == "<eos>" and tuple(m.weights.shape) == (len(m.output), len(m.source))
        assert [(m.output[i], m.source[j]) for i, j in m.carried] == [(f"{output} kg", f"{source} kg")]   # one measure


def test_a_sentence_of_placeholders_only_maps_its_own_tokens_for_markup_so_a_tag_goes_around_its_words():
    """No model reads "Es kostet 5 Euro." (an opener and a measure): its own translation, its words aligned one to
    one (its map had no output, so its tags went by proportion: "It <b>costs €5</b>.")."""
    from decoding.markup import markup_of, put_back
    cfg, codec = subword_codec()
    translator = Translator(cfg, codec, Drawing(codec, "A dog."))
    (m,), = translator.lines_attention(["Es kostet 5 Euro."])
    assert [(m.output[i], m.source[j]) for i, j in m.carried] == [("It costs", "Es kostet"), ("€5", "5 Euro")]
    assert tuple(m.weights.shape) == (len(m.output), len(m.source)) and m.output[-1] == "<eos>"
    for line, wanted in [("Es kostet <b>5 Euro</b>.", "It costs <b>€5</b>."),
                         ("<b>Es</b> kostet <i>5 Euro</i>.", "<b>It costs</b> <i>€5</i>.")]:
        parsed = markup_of(line, "html")
        assert put_back(parsed, translator.translate([parsed.plain])[0],
                        translator.lines_attention([parsed.plain])[0]) == wanted
    assert translator.attention_maps("Es kostet 5 Euro.")[0].output == []     # what is drawn: no model's output


def test_a_checkpoint_from_before_subwords_loads_as_word_units(tmp_path):
    model, cfg = tiny_trainable(vocab=len(WORDS))
    config = cfg.to_dict()
    del config["data"]["units"]                                   # as train.py wrote it before subwords
    save_checkpoint(tmp_path / "old.pt", model_state=model.state_dict(), config=config,
                    src_vocab=WORDS.to_dict(), tgt_vocab=WORDS.to_dict())
    ckpt = load_checkpoint(tmp_path / "old.pt").raw
    del ckpt["subwords"]
    torch.save(ckpt, tmp_path / "old.pt")
    translator = load_translator(tmp_path / "old.pt")
    assert translator.cfg.data.units == "word" and translator.codec.src_subwords is None
    assert translator.codec.ids(["Ein Hund."]) == [[4, 5, 8]]
    assert len(translator.translate(["Ein Hund.", ""])) == 2


def test_each_translation_has_a_confidence_from_0_to_1_the_same_decoded_alone_or_in_a_batch(tmp_path):
    translator = load_translator(save(tmp_path / "a.pt", 2))
    decode = replace(translator.cfg.decode, beam=3, n_best=2)
    together = translator.translate_n_best(SOURCES, decode)
    alone = [translator.translate_n_best([source], decode)[0] for source in SOURCES]
    assert [[t.confidence for t in n_best] for n_best in together] == [[t.confidence for t in n] for n in alone]
    assert all(0.0 < t.confidence < 1.0 for n_best in together for t in n_best)
    assert len({n_best[0].confidence for n_best in together}) > 1         # it depends on the sentence


def test_the_confidence_does_not_depend_on_the_length_penalty(tmp_path):
    """Greedy search takes the same path for any length penalty; only its score is divided differently."""
    translator = load_translator(save(tmp_path / "a.pt", 2))
    found = [translator.translate_n_best(SOURCES, replace(translator.cfg.decode, beam=1, length_penalty=penalty))
             for penalty in (0.0, 0.6, 1.0)]
    assert found[0] != found[2] and all([[t.confidence for t in n] for n in f] ==
                                        [[t.confidence for t in n] for n in found[2]] for f in found)


def test_a_forced_bad_translation_is_less_confident_than_the_models_own(tiny_run):
    """Scored by forced decoding, the model's own output gets the confidence its search gave it; a bad one less."""
    translator = load_translator(tiny_run / "best.pt")
    sources = ["Der Hund läuft im Park.", "Die Katze schläft im Haus.", "Das Kind spielt heute am Strand."]
    own = [n_best[0] for n_best in translator.translate_n_best(sources)]
    bad = ["The park runs in the dog.", "The the the house.", "Today the beach plays a child on."]
    forced_own, forced_bad = translator.score(sources, [t.text for t in own]), translator.score(sources, bad)
    for mine, forced, junk in zip(own, forced_own, forced_bad):
        assert confidence(forced.normalized) == pytest.approx(mine.confidence, abs=0.01)
        assert confidence(junk.normalized) < mine.confidence - 0.1


def test_a_line_of_several_sentences_is_as_confident_as_its_least_confident_sentence(tmp_path):
    translator = load_translator(save(tmp_path / "a.pt", 2))
    alone = [n_best[0].confidence for n_best in translator.translate_n_best(SOURCES[:2])]
    assert alone[0] != alone[1]
    assert translator.translate_n_best([" ".join(SOURCES[:2])])[0][0].confidence == min(alone)


def test_a_model_of_both_directions_bans_in_each_direction_the_pieces_only_the_other_writes(both_run):
    forward = load_translator(both_run / "best.pt")
    back = forward.toward("de")
    rng = random.Random(3)
    pairs = [sentence_pair(rng) for _ in range(200)]
    for translator, targets in ((forward, [en for _, en in pairs]), (back, [de for de, _ in pairs])):
        written = {t for ids in translator.codec.ids(targets, side="tgt") for t in ids}
        others = set(translator.engine.not_written_after(translator.codec.prefix[0]))
        assert others and not written & others and others <= set(translator.banned)
    german = set(back.codec.ids(["Der Hund schläft heute im Park."], side="tgt")[0])
    assert german & set(forward.banned) and not german & set(back.banned)


def test_a_model_of_both_directions_writes_either_language_over_one_engine(both_run, tiny_run):
    forward = load_translator(both_run / "best.pt")
    assert forward.toward(None) is forward and forward.toward("en") is forward
    back = forward.toward("de")
    assert back.engine is forward.engine
    assert (back.cfg.data.src_lang, back.cfg.data.tgt_lang) == ("en", "de")
    assert back.lexicon == forward.lexicon.reverse and back.lexicon.knows("dog") and not forward.lexicon.knows("dog")
    assert back.codec.ids(["The dog runs."])[0][0] == forward.codec.src_vocab.stoi["<2de>"]
    assert forward.codec.ids(["Der Hund läuft."])[0][0] == forward.codec.src_vocab.stoi["<2en>"]
    german, = back.translate(["The dog sleeps in the park."])          # the tag decides the language written
    english, = forward.translate(["Der Hund schläft im Park."])
    assert german.startswith("Der Hund ") and german.endswith(" im Park.")
    assert english.startswith("The dog ") and english.endswith(" in the park.")
    with pytest.raises(UserError, match="^--to fr: this model writes en and de; pass one of those$"):
        forward.toward("fr")
    with pytest.raises(UserError, match=r"^--to de: this model writes en only \(it was trained de→en\); a model of "
                                        r"both directions trains with --data.directions=both$"):
        load_translator(tiny_run / "best.pt").toward("de")


def test_an_n_best_list_holds_each_text_once_the_best_scored_of_its_hypotheses():
    """Hypotheses that differ only in pieces that read alike ("runs" and "run" "s") give one line: the first."""
    class Joining:
        def reverse_line(self, texts, states):
            return " ".join(texts)
    first = [Translation("A dog runs.", -0.2, 0.9), Translation("A dog running.", -0.4, 0.8),
             Translation("A dog runs.", -1.0, 0.5)]
    second = [Translation("Thanks.", 0.0, 1.0)]
    assert [(t.text, t.score) for t in join_sentences(Joining(), [first, second], ())] == \
        [("A dog runs. Thanks.", -0.1), ("A dog running. Thanks.", -0.2)]
