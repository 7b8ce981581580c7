"""CTranslate2 export: float32 CTranslate2 gives exactly our tokens and scores for every exportable model."""
import random
from dataclasses import replace

import pytest
import torch

from data.subwords import Subwords
from exporting.ct2 import export_checkpoint
from decoding.load import load_translator
from decoding.banned_pieces import never_generated
from models.checkpoint import save_checkpoint
from models.transformer import build_model
from util.errors import UserError

from tests.commands import file_size_limit
from tests.ties import assert_beam_alike, assert_greedy_alike
from tests.tiny_models import tiny_trainable

pytest.importorskip("ctranslate2", reason="ctranslate2 is an optional dependency (pip install ctranslate2)")

WORDS = "Ein Mann Hund Frau Kind spielt läuft im Park am Strand mit dem der ein kleiner großer rote Ball".split()


def sentences(n: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    return [" ".join(rng.choice(WORDS) for _ in range(rng.randint(2, 9))) + "." for _ in range(n)]


@pytest.fixture(scope="module")
def subwords() -> dict:
    from data.tokenizer import Tokenizer
    tokens = Tokenizer("de").tokenize_many(sentences(200, 0))
    return {"joint": Subwords.learn(tokens, 300), "other": Subwords.learn(tokens, 280, "bpe")}


def assert_alike_translations(ours, theirs, texts: list[str], decode, glossary: dict | None = None) -> None:
    """Greedy translations of one-sentence texts by both engines: the same tokens or a near tie where they part
    (tests/ties.py), and the same text wherever the tokens are the same."""
    sentences_ = [ours.pipeline.apply(t, ours.terms_with(glossary)).sentences[0] for t in texts]
    src_ids = ours.codec.ids(sentences_)
    a, b = ([n[0].tokens for n in t.search(src_ids, decode, t.owed(sentences_))] for t in (ours, theirs))
    assert_greedy_alike([ours.engine, theirs.engine], src_ids, a, b)
    same = [x == y for x, y in zip(a, b)]
    assert sum(same) > len(texts) // 2
    translated = [t.translate_n_best(texts, decode, glossary=glossary) for t in (ours, theirs)]
    assert [n[0].text for n, s in zip(translated[0], same) if s] == [n[0].text for n, s in zip(translated[1], same) if s]


def checkpoint(path, subwords, shared=True, seed=1, favour: dict[int, float] | None = None, half_scored=False,
               **model) -> str:
    """A tiny random model whose weights are scaled up, so its outputs vary with the input; with half_scored its
    output layer scores the specials and every other piece (model.output_pieces=seen); with `favour` (and
    tie_output=False) the logit of each favoured id gains 10 * its weight at every step, whatever the input (one
    width of the decoder's last norm held at 10, read by the favoured ids' output rows only)."""
    src = subwords["joint"]
    tgt = src if shared else subwords["other"]
    net, cfg = tiny_trainable(seed=seed, vocab=len(src), d_model=64, n_heads=4, d_ff=128, n_encoder_layers=2,
                              n_decoder_layers=2, max_len=64, **model)
    if not shared:              # the same seed, a target vocabulary of its own
        cfg.model.tgt_vocab_size = len(tgt)
        torch.manual_seed(seed)
        net = build_model(cfg.model)
    with torch.no_grad():
        for p in net.parameters():
            p.mul_(3.0)
        if favour:
            net.decoder_norm.weight[0], net.decoder_norm.bias[0] = 0.0, 10.0
            net.output.weight[:, 0] = 0.0
            for token, weight in favour.items():
                net.output.weight[token, 0] = weight
    if half_scored:
        net.score_only(torch.cat([torch.arange(4), torch.arange(5, cfg.model.tgt_vocab_size, 2)]))
    save_checkpoint(path, model_state=net.state_dict(), config=cfg.to_dict(), src_vocab=src.vocab.to_dict(),
                    tgt_vocab=tgt.vocab.to_dict(),
                    subwords={"src": src.model_proto, "tgt": None if shared else tgt.model_proto})
    return str(path)


EXPORTABLE = [dict(position="sinusoidal-add"), dict(position="learned-add", activation="gelu", tie_output=False),
              dict(position="relative", attention="sdpa"), dict(position="sinusoidal-add", norm="post"),
              dict(position="learned-add", shared=False),
              dict(attention="exact-topk", attention_options="topk=64"),     # full at every length up to max_len
              dict(position="sinusoidal-add", half_scored=True),
              dict(position="learned-add", tie_output=False, half_scored=True),
              dict(position="relative", attention="sdpa", activation="swiglu")]


@pytest.mark.parametrize("options", EXPORTABLE, ids=lambda o: "-".join(f"{v}" for v in o.values()))
def test_float32_ctranslate2_gives_our_greedy_tokens_and_scores(options, subwords, tmp_path):
    options = dict(options)
    path = checkpoint(tmp_path / "m.pt", subwords, shared=options.pop("shared", True), **options)
    ours, theirs = load_translator(path), load_translator(export_checkpoint(path, tmp_path / "ct2", "float32"))
    assert theirs.engine.name == "ctranslate2"
    src_ids = ours.codec.ids(sentences(30, 1))
    greedy = replace(ours.cfg.decode, beam=1, max_len_a=0.0, max_len_b=20)
    a, b = ours.search(src_ids, greedy), theirs.search(src_ids, greedy)
    equal = assert_greedy_alike([ours.engine, theirs.engine], src_ids, [n[0].tokens for n in a],
                                [n[0].tokens for n in b])
    assert equal > len(src_ids) // 2
    assert len({tuple(n[0].tokens) for n in a}) > 5                    # the outputs really differ by input
    if options.get("half_scored"):                                      # the unscored pieces: never written
        assert all(t % 2 or t < 4 for n in a + b for t in n[0].tokens)
    targets = [n[0].tokens[:6] for n in a]
    torch.testing.assert_close(torch.tensor([sum(s) for s in ours.engine.score(src_ids, targets)]),
                               torch.tensor([sum(s) for s in theirs.engine.score(src_ids, targets)]),
                               atol=1e-2, rtol=1e-3)
    assert_alike_translations(ours, theirs, sentences(5, 2), greedy)


@pytest.mark.parametrize("beam", [1, 3])
def test_both_engines_give_a_translation_the_same_score_and_confidence_also_where_the_length_limit_cut_it(
        beam, subwords, tmp_path):
    """CTranslate2 counts no <eos> in the length of a hypothesis cut at the limit; ours has one forced there."""
    path = checkpoint(tmp_path / "m.pt", subwords)
    ours, theirs = load_translator(path), load_translator(export_checkpoint(path, tmp_path / "ct2", "float32"))
    texts = sentences(30, 5)
    decode = replace(ours.cfg.decode, beam=beam, max_len_a=0.0, max_len_b=12, length_penalty=0.6)
    src_ids = ours.codec.ids(texts)
    a, b = ours.search(src_ids, decode), theirs.search(src_ids, decode)
    same = [n for n in range(len(texts)) if a[n][0].tokens == b[n][0].tokens]
    cut = [n for n in same if len(a[n][0].tokens) == 12]
    assert len(same) >= 25 and 0 < len(cut) < len(same)
    assert [b[n][0].score for n in same] == pytest.approx([a[n][0].score for n in same], abs=1e-3)
    mine, other = ours.translate_n_best(texts, decode), theirs.translate_n_best(texts, decode)
    assert [other[n][0].confidence for n in same] == pytest.approx([mine[n][0].confidence for n in same], abs=2e-3)


def longest_run(tokens: list[int]) -> int:
    runs = [1]
    for a, b in zip(tokens, tokens[1:]):
        runs.append(runs[-1] + 1 if a == b else 1)
    return max(runs)


@pytest.mark.parametrize("beam", [1, 4])
def test_both_engines_cap_each_sentence_by_its_own_length_and_ban_the_same_stammer(beam, subwords, tmp_path):
    """max_repeat and the length cap a * source length + b hold per sentence in CTranslate2 as in our search; greedy
    gives the same tokens, near ties aside (tests/ties.py). (CTranslate2's own beam search is not ours: it may part
    ways with ours on a random model, so only the rules are compared there.)"""
    path = checkpoint(tmp_path / "m.pt", subwords, seed=3)
    ours, theirs = load_translator(path), load_translator(export_checkpoint(path, tmp_path / "ct2", "float32"))
    src_ids = ours.codec.ids(sentences(30, 4))
    free = replace(ours.cfg.decode, beam=beam, max_len_a=0.0, max_len_b=40, max_repeat=0)
    assert max(longest_run(n[0].tokens) for n in ours.search(src_ids, free)) > 2    # the limit binds below
    capped = replace(free, max_len_a=1.0, max_len_b=2, max_repeat=2)
    a, b = ours.search(src_ids, capped), theirs.search(src_ids, capped)
    if beam == 1:
        equal = assert_greedy_alike([ours.engine, theirs.engine], src_ids, [n[0].tokens for n in a],
                                    [n[0].tokens for n in b])
        assert equal > len(src_ids) // 2
    for engine in (a, b):
        assert all(longest_run(n[0].tokens) <= 2 for n in engine)
        assert all(len(n[0].tokens) <= len(s) + 2 for n, s in zip(engine, src_ids))


def test_int8_export_translates_and_is_smaller(subwords, tmp_path):
    path = checkpoint(tmp_path / "m.pt", subwords)
    f32, i8 = export_checkpoint(path, tmp_path / "f32", "float32"), export_checkpoint(path, tmp_path / "i8", "int8")
    assert (i8 / "model.bin").stat().st_size < 0.6 * (f32 / "model.bin").stat().st_size
    assert all(isinstance(t, str) for t in load_translator(i8).translate(sentences(4, 3)))


def test_force_replaces_an_earlier_export_in_place_even_the_current_directory(subwords, tmp_path, monkeypatch):
    path = checkpoint(tmp_path / "m.pt", subwords)
    (tmp_path / "ct2").mkdir()
    monkeypatch.chdir(tmp_path / "ct2")
    inode = (tmp_path / "ct2").stat().st_ino
    export_checkpoint(path, ".", "int8")                                     # an empty directory is taken
    with pytest.raises(UserError, match=r"holds an earlier export; pass --force"):
        export_checkpoint(path, ".", "float32")
    export_checkpoint(path, ".", "float32", force=True)
    assert (tmp_path / "ct2").stat().st_ino == inode and not list(tmp_path.glob(".*exporting*"))
    assert load_translator(".").engine.describe() == "ctranslate2 (float32)"


@pytest.mark.parametrize("options,blocker", [(dict(position="sinusoidal-concat", position_dim=16), "model.position"),
                                             (dict(attention="square"), "model.attention=square"),
                                             (dict(attention="linear", cross_attention="full"), "model.attention"),
                                             (dict(cross_attention="linear"), "model.cross_attention"),
                                             (dict(attention="local", cross_attention="full",
                                                   attention_options="window=8"),
                                              "model.attention=local with --model.attention_options=window=8"),
                                             (dict(decoder_attention="aft-simple"), "model.decoder_attention")])
def test_what_ctranslate2_cannot_run_is_refused_naming_the_setting(options, blocker, subwords, tmp_path):
    path = checkpoint(tmp_path / "m.pt", subwords, **options)
    with pytest.raises(UserError, match=f"cannot export .*: {blocker}") as error:
        export_checkpoint(path, tmp_path / "out")
    assert "\n" not in str(error.value) and not (tmp_path / "out").exists()


def test_translate_and_evaluate_take_an_exported_directory(subwords, tmp_path, capsys):
    import evaluate
    import translate
    out = export_checkpoint(checkpoint(tmp_path / "m.pt", subwords), tmp_path / "ct2", "float32")
    translate.main(["--checkpoint", str(out), "--greedy", *sentences(3, 4)])
    assert len(capsys.readouterr().out.splitlines()) == 3
    (tmp_path / "src").write_text("\n".join(sentences(4, 5)) + "\n")
    (tmp_path / "ref").write_text("\n".join(sentences(4, 6)) + "\n")
    evaluate.main(["--checkpoint", str(out), "--src", str(tmp_path / "src"), "--ref", str(tmp_path / "ref")])
    assert "ctranslate2 (float32)" in capsys.readouterr().out


def test_both_engines_apply_placeholders_and_a_glossary_alike_in_n_best_output(tmp_path):
    from text.forms.masking import PLACEHOLDERS
    from text.forms.number_forms import invented_numbers
    from data.tokenizer import Tokenizer
    lines = [s.replace("Ball", f"{PLACEHOLDERS[n % 3]} Ball") + " 12 3,5" for n, s in enumerate(sentences(200, 7))]
    joint = Subwords.learn(Tokenizer("de").tokenize_many(lines), 300, symbols=PLACEHOLDERS)
    path = checkpoint(tmp_path / "m.pt", {"joint": joint}, seed=3)
    ours, theirs = load_translator(path), load_translator(export_checkpoint(path, tmp_path / "ct2", "float32"))
    texts = [f"{s[:-1]} mit 3,5 kg und {n} Hunden." for n, s in enumerate(sentences(8, 8), 10)]
    greedy = replace(ours.cfg.decode, beam=1, max_len_a=0.0, max_len_b=20)
    glossary = {"Hund": "hound", "Park": "Tiergarten"}
    assert_alike_translations(ours, theirs, texts, greedy, glossary)   # same tokens, same restored text
    beam = replace(greedy, beam=3, n_best=2)
    for engine in (ours, theirs):                                      # n-best: near-ties may order differently
        n_best = engine.translate_n_best(texts, beam, glossary=glossary)
        assert all(len(n) == 2 for n in n_best)
        assert not any(c in t.text for n in n_best for t in n for c in PLACEHOLDERS)
        assert all(not invented_numbers(src, t.text) for src, n in zip(texts, n_best) for t in n)


@pytest.fixture(scope="module")
def placeholder_subwords() -> Subwords:
    from data.tokenizer import Tokenizer
    from text.forms.masking import PLACEHOLDERS
    lines = [s.replace("Ball", f"{PLACEHOLDERS[n % 3]} Ball") + " 12 3,5" for n, s in enumerate(sentences(200, 7))]
    return Subwords.learn(Tokenizer("de").tokenize_many(lines), 300, symbols=PLACEHOLDERS)


@pytest.mark.parametrize("weight", [-5.0, 5.0], ids=["never-writes-one", "writes-one-over-and-over"])
def test_both_engines_write_each_placeholder_of_the_source_once_whatever_the_model(weight, placeholder_subwords,
                                                                                    tmp_path):
    """A model that never writes a placeholder, or writes the first one again and again (without the rule: more
    than once in every output), still gives each of its source's placeholders exactly once and no other, greedy and
    beam, in the same places in both engines (near ties aside); the translator's last guard never has to fix one."""
    from collections import Counter
    from text.forms.masking import PLACEHOLDER, PLACEHOLDERS
    stoi = placeholder_subwords.vocab.stoi
    favour = {stoi[p]: weight for p in (PLACEHOLDERS if weight < 0 else PLACEHOLDERS[:1])}
    path = checkpoint(tmp_path / "m.pt", {"joint": placeholder_subwords}, seed=3, tie_output=False, favour=favour)
    ours, theirs = load_translator(path), load_translator(export_checkpoint(path, tmp_path / "ct2", "float32"))
    texts = [f"{s[:-1]} mit 3,5 kg und {n} Hunden." if n % 3 else s for n, s in enumerate(sentences(6, 8), 10)]
    sources = [ours.pipeline.apply(t).sentences[0] for t in texts]
    src_ids = ours.codec.ids(sources)
    greedy = replace(ours.cfg.decode, beam=1, max_len_a=0.0, max_len_b=12)
    free = ours.search(src_ids, replace(greedy, max_repeat=0, no_repeat_ngram=0))
    counts = [Counter(t for t in n[0].tokens if t in favour.keys()) for n in free]
    assert all(c[stoi[PLACEHOLDERS[0]]] > 1 for c in counts) if weight > 0 else not any(counts)
    outputs = {}
    for decode in (greedy, replace(greedy, beam=3, n_best=2)):
        for engine in (ours, theirs):
            found = engine.search(src_ids, decode, engine.owed(sources))
            for source, n_best in zip(sources, found):
                owed = sorted(stoi[p] for p in PLACEHOLDER.findall(source))
                assert len(n_best) == decode.n_best
                assert all(sorted(t for t in h.tokens if t in favour.keys() or t in owed) == owed for h in n_best)
            outputs[engine.engine.name, decode.beam] = [n[0] for n in found]
            assert all(("3.5" in t) == ("3,5" in s) for s, t in zip(texts, engine.translate(texts, decode)))
            assert engine.guard_fixes == 0
    assert_greedy_alike([ours.engine, theirs.engine], src_ids, *([h.tokens for h in outputs[name, 1]]
                                                                 for name in ("pytorch", "ctranslate2")))
    assert_beam_alike(outputs["pytorch", 3], outputs["ctranslate2", 3])


def flip_a_bit(path):
    body = bytearray(path.read_bytes())
    body[len(body) // 2] ^= 0x10
    path.write_bytes(bytes(body))


@pytest.mark.parametrize("name, damage, said", [("src.spm.model", lambda p: p.unlink(), "is missing"),
                                                ("model.bin", flip_a_bit, "is damaged")])
def test_a_removed_subword_model_or_a_flipped_bit_stops_translate_in_one_line(name, damage, said, subwords,
                                                                              tmp_path, monkeypatch, capsys):
    import translate
    from cli import run_main
    out = export_checkpoint(checkpoint(tmp_path / "m.pt", subwords), tmp_path / "ct2", "float32")
    damage(out / name)
    monkeypatch.setattr("sys.argv", ["translate.py", "--checkpoint", str(out), "Ein Hund."])
    with pytest.raises(SystemExit) as exit:
        run_main(translate.main)
    captured = capsys.readouterr()
    assert exit.value.code == 2 and captured.out == ""
    assert captured.err.startswith(f"error: {out / name} {said}")
    assert captured.err.count("\n") == 1 and "export.py" in captured.err


def test_an_export_directory_given_as_the_checkpoint_is_named_as_an_export(subwords, tmp_path):
    out = export_checkpoint(checkpoint(tmp_path / "m.pt", subwords), tmp_path / "ct2", "float32")
    with pytest.raises(UserError, match=rf"^{out} is already an export \(a directory export.py wrote\); export.py "
                                        r"takes the .pt checkpoint written by train.py"):
        export_checkpoint(out, tmp_path / "again")
    assert not (tmp_path / "again").exists()


def test_a_staging_directory_of_the_same_name_is_never_touched_and_none_is_left_behind(subwords, tmp_path):
    path = checkpoint(tmp_path / "m.pt", subwords)
    theirs = tmp_path / ".out.exporting"
    theirs.mkdir()
    (theirs / "k").write_text("keep me")
    out = export_checkpoint(path, tmp_path / "out", "float32")
    assert (theirs / "k").read_text() == "keep me" and load_translator(out).engine.name == "ctranslate2"
    assert sorted(p.name for p in tmp_path.iterdir()) == [".out.exporting", "m.pt", "out"]
    with pytest.raises(UserError, match="holds an earlier export"):
        export_checkpoint(path, tmp_path / "out", "float32")
    assert sorted(p.name for p in tmp_path.iterdir()) == [".out.exporting", "m.pt", "out"]


def test_a_write_that_fails_is_one_line_naming_out_dir_and_leaves_an_earlier_export_as_it_was(subwords, tmp_path):
    path = checkpoint(tmp_path / "m.pt", subwords)
    out = export_checkpoint(path, tmp_path / "out", "int8")
    before = {p.name: p.read_bytes() for p in out.iterdir()}
    with file_size_limit(1000), pytest.raises(UserError) as error:         # a full disk, as far as the writes go
        export_checkpoint(path, out, "float32", force=True)
    assert str(error.value) == (f"cannot write the export {out} (File too large); nothing in {out} was written or "
                                "changed: fix that, or choose another OUT_DIR, and run it again")
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["m.pt", "out"]      # no staging directory left


def test_an_out_dir_under_missing_directories_is_made_and_one_under_a_file_is_refused(subwords, tmp_path):
    path = checkpoint(tmp_path / "m.pt", subwords)
    out = export_checkpoint(path, tmp_path / "exports" / "de-en" / "ct2", "float32")
    assert load_translator(out).engine.name == "ctranslate2"
    assert sorted(p.name for p in (tmp_path / "exports" / "de-en").iterdir()) == ["ct2"]
    (tmp_path / "file").write_text("mine")
    with pytest.raises(UserError, match=rf"^{tmp_path / 'file'} is a file, not a directory; choose another OUT_DIR"):
        export_checkpoint(path, tmp_path / "file" / "sub" / "ct2", "float32")
    assert (tmp_path / "file").read_text() == "mine"


def test_an_export_of_a_model_of_both_directions_writes_either_language_with_our_tokens(both_run, tmp_path):
    ours = load_translator(both_run / "best.pt")
    theirs = load_translator(export_checkpoint(both_run / "best.pt", tmp_path / "ct2", "float32"))
    greedy = replace(ours.cfg.decode, beam=1, max_len_a=0.0, max_len_b=20)
    for to, texts in (("en", ["Der Hund schläft im Park.", "Die Frau wartet heute."]),
                      ("de", ["The dog sleeps in the park.", "The woman waits today."])):
        mine, yours = ours.toward(to), theirs.toward(to)
        assert yours.lexicon == mine.lexicon and yours.codec.prefix == mine.codec.prefix != []
        assert yours.banned == mine.banned and len(mine.banned) > len(never_generated(mine.codec.tgt_vocab.itos,
                                                                                      mine.pipeline))
        src_ids = mine.codec.ids(texts)
        a, b = mine.search(src_ids, greedy), yours.search(src_ids, greedy)
        assert_greedy_alike([mine.engine, yours.engine], src_ids, [n[0].tokens for n in a], [n[0].tokens for n in b])
        assert_alike_translations(mine, yours, texts, greedy)
        targets = [n[0].tokens[:5] for n in a]           # forced scores over the direction's pieces in both engines
        torch.testing.assert_close(torch.tensor([s for r in mine.engine.score(src_ids, targets) for s in r]),
                                   torch.tensor([s for r in yours.engine.score(src_ids, targets) for s in r]),
                                   atol=1e-3, rtol=1e-3)


def test_both_engines_score_the_way_back_alike_so_they_rerank_alike(both_run, tmp_path):
    """--rerank (decoding/rerank.py) ranks the same hypotheses by each engine's forced score the other way."""
    from decoding.rerank import back_scores
    ours = load_translator(both_run / "best.pt")
    theirs = load_translator(export_checkpoint(both_run / "best.pt", tmp_path / "ct2", "float32"))
    for to, back, texts in (("en", "de", ["Der Hund schläft im Park.", "Die Frau wartet heute."]),
                            ("de", "en", ["The dog sleeps in the park.", "The woman waits today."])):
        mine = ours.toward(to)
        src_ids = mine.codec.ids(texts)
        found = mine.search(src_ids, replace(mine.cfg.decode, beam=4, n_best=4))
        sources = [ids[len(mine.codec.prefix):] for ids in src_ids]
        scored = [back_scores(engine.score, ours.toward(back).codec.prefix, sources, found, 100, 3)
                  for engine in (ours.engine, theirs.engine)]
        torch.testing.assert_close(torch.tensor(scored[0]), torch.tensor(scored[1]), atol=1e-3, rtol=1e-3)
        assert ours.toward(back).codec.prefix != mine.codec.prefix


def test_an_empty_out_dir_is_refused_not_taken_as_the_current_directory(subwords, tmp_path, monkeypatch):
    import export
    path = checkpoint(tmp_path / "m.pt", subwords)
    (tmp_path / "here").mkdir()
    monkeypatch.chdir(tmp_path / "here")                  # empty: "" read as "." would be exported into
    with pytest.raises(UserError, match=r"^OUT_DIR '' is empty; give a path$"):
        export.main([str(path), ""])
    with pytest.raises(UserError, match=r"^CHECKPOINT '' is empty; give a path$"):
        export.main(["", "out"])
    assert list((tmp_path / "here").iterdir()) == []


def test_an_export_whose_checkpoint_was_rewritten_since_still_translates_and_says_so_once(subwords, tmp_path,
                                                                                           monkeypatch, capsys):
    import translate
    from cli import run_main
    path = checkpoint(tmp_path / "best.pt", subwords, seed=1)
    out = export_checkpoint(path, tmp_path / "ct2", "float32")
    monkeypatch.setattr("sys.argv", ["translate.py", "--checkpoint", str(out), "--greedy", *sentences(3, 4)])
    with pytest.raises(SystemExit):
        run_main(translate.main)
    before = capsys.readouterr()
    assert before.err == ""
    checkpoint(tmp_path / "best.pt", subwords, seed=2)                     # the run went on and wrote a new best.pt
    with pytest.raises(SystemExit):
        run_main(translate.main)
    after = capsys.readouterr()
    assert after.out == before.out                                         # the export's own weights, as shipped
    assert after.err.count("\n") == 1 and after.err.startswith(f"note: the export {out} is older than its checkpoint")
    assert f"python export.py {tmp_path / 'best.pt'} {out} --force --quantization float32" in after.err


def test_an_ensemble_list_is_refused_in_one_line_that_names_average_py(subwords, tmp_path):
    a, b = checkpoint(tmp_path / "a.pt", subwords, seed=1), checkpoint(tmp_path / "b.pt", subwords, seed=2)
    with pytest.raises(UserError, match=r"export.py exports one checkpoint .* average them into one first with "
                                        r"average.py$"):
        export_checkpoint(f"{a},{b}", tmp_path / "ct2")
    assert not (tmp_path / "ct2").exists()


def test_a_missing_checkpoint_is_one_line_that_names_no_flag_export_py_lacks(tmp_path):
    """export.py takes its checkpoint as an argument: the advice names no --checkpoint flag, which it has not."""
    with pytest.raises(UserError, match=r"^no checkpoint at .*missing\.pt — train one with `python train.py`, or "
                                        r"name a \.pt file that exists$"):
        export_checkpoint(tmp_path / "missing.pt", tmp_path / "ct2")
    assert not (tmp_path / "ct2").exists()


def test_float32_ctranslate2_gives_each_n_best_hypothesis_both_engines_find_our_score(subwords, tmp_path):
    """docs/EXPORT.md: an n-best score is the same log-probability / length ** length_penalty in both engines, apart
    only by float sums in another order (on this model of scaled-up weights up to 1e-4; a length counted otherwise
    would part them by a tenth and more); near ties may change which hypotheses each finds, so those found by both are
    compared."""
    path = checkpoint(tmp_path / "m.pt", subwords)
    ours, theirs = load_translator(path), load_translator(export_checkpoint(path, tmp_path / "ct2", "float32"))
    src_ids = ours.codec.ids(sentences(20, 6))
    for length_penalty in (1.0, 0.6):
        decode = replace(ours.cfg.decode, beam=4, n_best=3, max_len_a=0.0, max_len_b=20, length_penalty=length_penalty)
        a, b = ours.search(src_ids, decode), theirs.search(src_ids, decode)
        pairs = [(x.score, y.score) for n, m in zip(a, b) for x in n for y in m if x.tokens == y.tokens]
        assert len(pairs) > 2 * len(src_ids)
        assert [y for _, y in pairs] == pytest.approx([x for x, _ in pairs], abs=5e-4)
