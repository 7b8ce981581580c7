"""evaluate.py: BLEU on a split or a file pair, lines paired at "\\n" only, and what it refuses before translating."""
import json
import os
import re
from dataclasses import replace

import pytest
import torch

import evaluate
from tests.commands import run
from tests.synthetic import sentence_pair
from util.errors import UserError


@pytest.fixture
def env(synthetic_env):
    return synthetic_env


def test_evaluate_json_reports_bleu(tiny_run, env):
    out = run(["evaluate.py", "--checkpoint", str(tiny_run / "best.pt"), "--split", "test_2016_flickr", "--json"],
              env)
    result = json.loads(out.stdout.decode().splitlines()[-1])
    assert set(result) == {"bleu", "chrf", "bleu_lc_tok", "sentences", "seconds", "confidence"}
    assert result["sentences"] == 100 and result["bleu"] > 80


def test_evaluate_reports_how_the_confidence_ranks_sentence_chrf(averaged_run, tmp_path, capsys):
    """The lowest-confidence tenth against the rest, and the rank correlation, from the translations it printed."""
    from decoding.confidence import ranking
    from decoding.load import load_translator
    from decoding.scoring import sentence_chrf
    sources = ["Der Hund läuft im Park.", "Die Katze schläft.", "Das Kind spielt.", "Die Frau wartet am Strand.",
               "Der Mann liest.", "Ein Hund schläft im Haus.", "Das Mädchen läuft.", "Die Katze spielt im Park.",
               "Der Hund wartet.", "Das Kind schläft am Strand.", "Wie spät ist es?", "Die Frau läuft."]
    references = ["The dog runs in the park.", "The cat sleeps.", "The child plays.", "The woman waits on the beach.",
                  "The man reads.", "A dog sleeps in the house.", "The girl runs.", "The cat plays in the park.",
                  "The dog waits.", "The child sleeps on the beach.", "What time is it?", "The woman runs."]
    (tmp_path / "src.de").write_text("".join(s + "\n" for s in sources), encoding="utf-8")
    (tmp_path / "ref.en").write_text("".join(r + "\n" for r in references), encoding="utf-8")
    evaluate.main(["--checkpoint", str(averaged_run / "best.pt"), "--src", str(tmp_path / "src.de"), "--ref",
                   str(tmp_path / "ref.en"), "--json", "--greedy"])
    lines = capsys.readouterr().out.splitlines()
    found = json.loads(lines[-1])["confidence"]
    translator = load_translator(averaged_run / "best.pt")
    best = [n[0] for n in translator.translate_n_best(sources, replace(translator.cfg.decode, beam=1))]
    expected = ranking([t.confidence for t in best], sentence_chrf([t.text for t in best], references))
    assert found == {"low_chrf": round(expected.low_quality, 2), "rest_chrf": round(expected.rest_quality, 2),
                     "low_sentences": 1, "spearman": round(expected.spearman, 3)}
    assert any(line.startswith("confidence: the lowest 1 (8%) have mean sentence chrF") for line in lines)


def test_evaluate_scores_a_file_pair_and_writes_hypotheses(tiny_run, env, tmp_path):
    import random
    pairs = [sentence_pair(random.Random(n)) for n in range(20)]
    (tmp_path / "src.de").write_text("".join(p[0] + "\n" for p in pairs))
    (tmp_path / "ref.en").write_text("".join(p[1] + "\n" for p in pairs))
    out = run(["evaluate.py", "--checkpoint", str(tiny_run / "best.pt"), "--src", str(tmp_path / "src.de"),
               "--ref", str(tmp_path / "ref.en"), "--output", str(tmp_path / "hyp.en"), "--json"], env)
    assert len((tmp_path / "hyp.en").read_text().splitlines()) == 20
    assert json.loads(out.stdout.decode().splitlines()[-1])["sentences"] == 20


def test_a_line_with_u2028_is_one_sentence_for_evaluate(averaged_run, tmp_path, capsys):
    sources = ["Der Hund läuft im Park.", "Die Katze\u2028schläft.", "Das Kind spielt.", "Die Frau wartet."]
    references = ["The dog runs in the park.", "The cat\u2028sleeps.", "The child plays.", "The woman waits."]
    (tmp_path / "src.de").write_text("".join(s + "\n" for s in sources), encoding="utf-8")
    (tmp_path / "ref.en").write_text("".join(r + "\n" for r in references), encoding="utf-8")
    evaluate.main(["--checkpoint", str(averaged_run / "best.pt"), "--src", str(tmp_path / "src.de"), "--ref",
                   str(tmp_path / "ref.en"), "--output", str(tmp_path / "hyp.en"), "--json", "--greedy"])
    assert json.loads(capsys.readouterr().out.split("\n")[-2])["sentences"] == 4
    assert len((tmp_path / "hyp.en").read_text(encoding="utf-8").split("\n")) == 4 + 1   # 4 lines, each ended


def test_evaluate_refuses_an_empty_source_file(averaged_run, tmp_path):
    (tmp_path / "empty.de").write_text("")
    (tmp_path / "empty.en").write_text("")
    with pytest.raises(UserError, match="has no lines, so there is nothing to score"):
        evaluate.main(["--checkpoint", str(averaged_run / "best.pt"), "--src", str(tmp_path / "empty.de"),
                       "--ref", str(tmp_path / "empty.en")])


@pytest.mark.parametrize("model, fix", [("one", "evaluate a model that translates en→de"),
                                        ("both", r"pass --to de \(this model writes both\)")])
def test_a_source_and_reference_the_other_way_round_are_refused_in_one_line_before_translating(
        model, fix, averaged_run, both_run, tmp_path, monkeypatch):
    import random
    from decoding.router import Router
    pairs = [sentence_pair(random.Random(n)) for n in range(40)]
    (tmp_path / "src.en").write_text("".join(en + "\n" for _, en in pairs))     # English sources, German references
    (tmp_path / "ref.de").write_text("".join(de + "\n" for de, _ in pairs))
    monkeypatch.setattr(Router, "translate_n_best", lambda *a, **k: pytest.fail("translated before checking"))
    checkpoint = (averaged_run if model == "one" else both_run) / "best.pt"
    with pytest.raises(UserError, match=rf"^.*src\.en reads as 'en' and .*ref\.de as 'de', but they are translated "
                                        rf"de→en; swap --src and --ref, or {fix}$"):
        evaluate.main(["--checkpoint", str(checkpoint), "--src", str(tmp_path / "src.en"), "--ref",
                       str(tmp_path / "ref.de")])           # was: BLEU near 0, without a word


def test_a_reference_in_the_sources_language_is_refused_in_one_line_before_translating(averaged_run, tmp_path,
                                                                                      monkeypatch):
    # before: the German file given as --ref too was scored, BLEU near 0, without a word
    import random
    from decoding.router import Router
    source = tmp_path / "src.de"
    source.write_text("".join(sentence_pair(random.Random(n))[0] + "\n" for n in range(40)))
    monkeypatch.setattr(Router, "translate_n_best", lambda *a, **k: pytest.fail("translated before checking"))
    with pytest.raises(UserError, match=r"^.*src\.de and .*src\.de both read as 'de', but they are translated de→en; "
                                        r"--ref must be the 'en' text of each line \(check .*src\.de\)$"):
        evaluate.main(["--checkpoint", str(averaged_run / "best.pt"), "--src", str(source), "--ref", str(source)])


def test_a_reference_file_of_another_length_is_one_line_that_says_what_ref_must_hold(averaged_run, tmp_path):
    (tmp_path / "src.de").write_text("Ein Hund.\nZwei Katzen.\n")
    (tmp_path / "ref.en").write_text("A dog.\n")
    with pytest.raises(UserError, match=r"src\.de has 2 lines but .*ref\.en has 1; --ref must hold one reference a "
                                        r"line of --src, line by line$"):
        evaluate.main(["--checkpoint", str(averaged_run / "best.pt"), "--src", str(tmp_path / "src.de"),
                       "--ref", str(tmp_path / "ref.en")])


def test_evaluate_checks_its_output_path_before_translating(tmp_path):
    with pytest.raises(UserError, match="--output .*: there is no directory"):
        evaluate.parse_args(["--split", "val", "--output", str(tmp_path / "missing" / "hyp.en")])


def test_a_lone_carriage_return_is_inside_a_line_for_evaluate_as_for_translate(averaged_run, tmp_path, capsys):
    """Only "\\n" ends a line (and a "\\r" right before it): a 2-line source against a 2-line reference."""
    (tmp_path / "src.de").write_bytes("Der Hund\rläuft im Park.\r\nDie Katze schläft.\n".encode())
    (tmp_path / "ref.en").write_bytes("The dog\rruns in the park.\nThe cat sleeps.".encode())
    evaluate.main(["--checkpoint", str(averaged_run / "best.pt"), "--src", str(tmp_path / "src.de"), "--ref",
                   str(tmp_path / "ref.en"), "--json", "--greedy"])
    assert json.loads(capsys.readouterr().out.split("\n")[-2])["sentences"] == 2


@pytest.mark.parametrize("output", ["./src.de", "link.en", "hard.pt"])
def test_an_output_that_is_an_input_by_any_path_is_refused_and_the_input_kept(output, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for name in ("src.de", "ref.en", "model.pt"):
        (tmp_path / name).write_text(name)
    os.symlink("ref.en", "link.en")
    os.link("model.pt", "hard.pt")
    with pytest.raises(UserError, match=rf"^--output {output} is the same file as --(src|ref|checkpoint) "):
        evaluate.parse_args(["--checkpoint", "model.pt", "--src", "src.de", "--ref", "ref.en", "--output", output])
    assert [(tmp_path / name).read_text() for name in ("src.de", "ref.en", "model.pt")] == ["src.de", "ref.en",
                                                                                          "model.pt"]


@pytest.mark.parametrize("flags, message", [
    (["--src", "", "--ref", "ref.en"], "--src '' is empty; give a path, or leave out --src"),
    (["--src", "src.de", "--ref", ""], "--ref '' is empty; give a path, or leave out --ref"),
    (["--split", ""], r"--split '' is empty; give a split's name \(e.g. test_2016_flickr\), or leave out --split"),
    (["--data-dir", ""], "--data-dir '' is empty; give a path, or leave out --data-dir"),
    (["--output", ""], "--output '' is an empty file name; give the name of the file to write"),  # not none written
])
def test_an_empty_flag_is_refused_first_not_taken_as_left_out(flags, message, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)                  # left out, --src is --split's test_2016_flickr, --split too
    with pytest.raises(UserError, match=rf"^{message}$"):
        evaluate.parse_args(["--checkpoint", "model.pt", *flags])


def export_dir(directory, *names):
    """A directory as export.py leaves it: its files and a manifest listing them (enough for the output checks)."""
    directory.mkdir()
    for name in names:
        (directory / name).write_text(name)
    (directory / "einsum_nmt.json").write_text(json.dumps({"files": {name: "0" * 64 for name in names}}))
    return directory


@pytest.mark.parametrize("checkpoint, output", [("e", "e/model.bin"), ("e/", "./e/src.spm.model"),
                                                ("e", "e/einsum_nmt.json"), ("model.pt,e", "e/config.json"),
                                                ("e", "e/tgt.spm.model"), ("e", "e/vmap.txt"),     # read if there
                                                (None, "runs/r/best.pt")])
def test_an_output_that_is_a_file_the_checkpoint_loads_is_refused_an_export_directory_or_ensemble_too(
        checkpoint, output, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for name in ("src.de", "ref.en", "model.pt"):
        (tmp_path / name).write_text(name)
    export_dir(tmp_path / "e", "model.bin", "config.json", "shared_vocabulary.json", "src.spm.model")
    (tmp_path / "runs" / "r").mkdir(parents=True)
    (tmp_path / "runs" / "r" / "best.pt").write_text("best")       # the default checkpoint: the newest run's
    before = {p: p.read_bytes() for p in tmp_path.rglob("*") if p.is_file()}
    with pytest.raises(UserError, match=rf"^--output {output} is (the same file as )?(--checkpoint|the default "
                                        r"checkpoint) .*: writing it would (destroy|change) that input; choose "
                                        r"another name$"):
        evaluate.parse_args([*(["--checkpoint", checkpoint] if checkpoint else []), "--src", "src.de", "--ref",
                             "ref.en", "--output", output])
    assert {p: p.read_bytes() for p in tmp_path.rglob("*") if p.is_file()} == before
    evaluate.parse_args(["--checkpoint", "e", "--src", "src.de", "--ref", "ref.en", "--output", "e/hyp.en"])


def test_evaluate_to_scores_the_other_direction_of_a_model_of_both_on_its_own_references(both_run, env):
    scores = {}
    for to in ("en", "de"):
        out = run(["evaluate.py", "--checkpoint", str(both_run / "best.pt"), "--to", to, "--json"], env)
        scores[to] = json.loads(out.stdout.decode().splitlines()[-1])["bleu"]
    assert min(scores.values()) > 30, scores                  # German hypotheses scored against English would be ~0


def test_sources_in_the_language_to_writes_are_noted_as_translate_notes_them(both_run, tmp_path, capsys):
    """--to de with German sources scored German "translated" into German without a word (translate.py notes it)."""
    import random
    pairs = [sentence_pair(random.Random(n)) for n in range(4)]
    (tmp_path / "src.de").write_text("".join(de + "\n" for de, _ in pairs))
    (tmp_path / "ref.de").write_text("".join(de + "\n" for de, _ in pairs))
    (tmp_path / "ref.en").write_text("".join(en + "\n" for _, en in pairs))
    flags = ["--checkpoint", str(both_run / "best.pt"), "--greedy", "--src", str(tmp_path / "src.de")]
    evaluate.main([*flags, "--ref", str(tmp_path / "ref.de"), "--to", "de"])
    assert "note: 4 lines read as German already, the language --to de writes" in capsys.readouterr().err
    evaluate.main([*flags, "--ref", str(tmp_path / "ref.en"), "--to", "en"])
    assert "note:" not in capsys.readouterr().err


def test_evaluate_replaces_an_output_file_only_with_force_before_translating(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for name in ("src.de", "ref.en", "model.pt", "hyp.en"):
        (tmp_path / name).write_text(name)
    flags = ["--checkpoint", "model.pt", "--src", "src.de", "--ref", "ref.en", "--output", "hyp.en"]
    with pytest.raises(UserError, match=r"^--output hyp.en exists; pass --force to replace it, or choose another "
                                        r"name$"):
        evaluate.parse_args(flags)
    assert evaluate.parse_args([*flags, "--force"]).force and (tmp_path / "hyp.en").read_text() == "hyp.en"


def test_evaluate_to_auto_scores_as_the_right_to_and_says_how_many_lines_it_read_right(both_run, env):
    both = ["evaluate.py", "--checkpoint", str(both_run / "best.pt"), "--greedy", "--json"]
    for right, sources in (("en", []), ("de", ["--from", "en"])):
        fixed, auto = (json.loads(run([*both, *flags], env).stdout.decode().splitlines()[-1])
                       for flags in (["--to", right], ["--to", "auto", *sources]))
        assert auto.pop("identifier") == {"right": 100, "wrong": 0, "undecided": 0}
        assert {k: v for k, v in auto.items() if k != "seconds"} == {k: v for k, v in fixed.items() if k != "seconds"}
    with pytest.raises(UserError, match="^--from names the sources' language for --to auto"):
        evaluate.parse_args(["--from", "en"])
    out = run([*both, "--to", "auto", "--from", "fr"], env, check=False)
    assert out.returncode == 2
    assert out.stderr.decode() == "error: --from fr: this model reads de and en; pass one of those\n"


def test_evaluate_html_keeps_the_tags_in_the_output_scores_the_text_alone_and_counts_the_lines_that_kept_them(
        tiny_run, env, tmp_path):
    sources = ["Der <b>Hund</b> läuft im Park.", 'Die <a href="/k?x=1&amp;y=2">Katze</a> schläft im Haus.',
               "Das Kind spielt heute am Strand."]
    references = ["The <b>dog</b> runs in the park.", 'The <a href="/k?x=1&amp;y=2">cat</a> sleeps in the house.',
                  "The child plays today on the beach."]
    for name, lines in (("src.de", sources), ("ref.en", references),
                        ("plain.de", [re.sub("<[^>]*>", "", s) for s in sources]),
                        ("plain.en", [re.sub("<[^>]*>", "", r).replace("&amp;", "&") for r in references])):
        (tmp_path / name).write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    checkpoint = ["evaluate.py", "--checkpoint", str(tiny_run / "best.pt"), "--greedy", "--json"]
    out = run([*checkpoint, "--src", str(tmp_path / "src.de"), "--ref", str(tmp_path / "ref.en"), "--format", "html",
               "--output", str(tmp_path / "hyp.en")], env)
    plain = run([*checkpoint, "--src", str(tmp_path / "plain.de"), "--ref", str(tmp_path / "plain.en")], env)
    found, expected = (json.loads(o.stdout.decode().splitlines()[-1]) for o in (out, plain))
    assert found["markup"] == {"lines": 2, "kept": 2, "once": 2, "in_order": 2, "balanced": 2, "identical": 2}
    assert (found["bleu"], found["chrf"]) == (expected["bleu"], expected["chrf"]) and "markup" not in expected
    assert "markup: 2 of 2 lines with tags came back with every tag once, in order, balanced and byte for byte" in \
        out.stdout.decode()
    written = (tmp_path / "hyp.en").read_text(encoding="utf-8").splitlines()
    assert "<b>" in written[0] and 'href="/k?x=1&amp;y=2"' in written[1] and "<" not in written[2]


def test_a_reranked_evaluation_is_recorded_as_its_search(both_run, env, tmp_path, monkeypatch):
    """--rerank (decoding/rerank.py) scores another search than the recipe's beam 5: its records say so, so that
    the tables keep it apart."""
    from tests.synthetic import use_offline_env
    use_offline_env(monkeypatch, env)
    ledger = tmp_path / "ledger.jsonl"
    monkeypatch.setenv("EINSUM_NMT_LEDGER", str(ledger))
    checkpoint = str(both_run / "best.pt")
    assert evaluate.main(["--checkpoint", checkpoint, "--to", "de", "--beam", "5", "--record"]) == 0
    assert evaluate.main(["--checkpoint", checkpoint, "--to", "de", "--beam", "4", "--rerank", "0.5", "--record"]) == 0
    recipes = [json.loads(line)["recipe"] for line in ledger.read_text().splitlines()]
    assert len(recipes) == 4 and recipes[2:] == [f"{recipes[0]} (beam 4, rerank 0.5)"] * 2


def test_an_evaluation_with_other_search_settings_is_recorded_as_its_search(both_run, env, tmp_path, monkeypatch):
    """--length-penalty, --no-repeat-ngram, --max-len and --glossary change the outputs as the beam does: a record
    of them says so, so that the tables do not average it with the recipe's own figure."""
    from tests.synthetic import use_offline_env
    use_offline_env(monkeypatch, env)
    ledger = tmp_path / "ledger.jsonl"
    monkeypatch.setenv("EINSUM_NMT_LEDGER", str(ledger))
    glossary = tmp_path / "terms.tsv"
    glossary.write_text("Haus\thouse\n", encoding="utf-8")
    checkpoint = str(both_run / "best.pt")
    assert evaluate.main(["--checkpoint", checkpoint, "--to", "de", "--beam", "5", "--record"]) == 0
    assert evaluate.main(["--checkpoint", checkpoint, "--to", "de", "--beam", "5", "--length-penalty", "0.6",
                          "--no-repeat-ngram", "0", "--max-len", "40", "--glossary", str(glossary), "--record"]) == 0
    recipes = [json.loads(line)["recipe"] for line in ledger.read_text().splitlines()]
    assert recipes[2:] == [f"{recipes[0]} (length penalty 0.6, max length 40, no-repeat-ngram 0, glossary)"] * 2


def test_an_evaluation_to_auto_is_recorded_apart_from_the_direction_it_reads(both_run, env, tmp_path, monkeypatch):
    """--to auto sends each line the way its language identifier reads it, so a misread line is scored against a
    reference of the other language: its figure is the identifier's and the model's, in a row of its own."""
    from tests.synthetic import use_offline_env
    use_offline_env(monkeypatch, env)
    ledger = tmp_path / "ledger.jsonl"
    monkeypatch.setenv("EINSUM_NMT_LEDGER", str(ledger))
    checkpoint = str(both_run / "best.pt")
    for to in ("en", "auto"):
        assert evaluate.main(["--checkpoint", checkpoint, "--beam", "5", "--to", to, "--record"]) == 0
    records = [json.loads(line) for line in ledger.read_text().splitlines()]
    assert [r["direction"] for r in records] == ["de-en"] * 4
    assert [r["recipe"] for r in records[2:]] == [f"{records[0]['recipe']} (to auto)"] * 2


def test_a_record_of_a_model_whose_training_minutes_are_unknown_says_so_rather_than_0(tmp_path):
    """was: an average.py mean of epoch files from before their cards (its card: minutes None) was recorded as trained
    for 0 minutes."""
    from models.checkpoint import atomic_torch_save
    from decoding.evaluation import evaluation_records
    from tests.tiny_checkpoints import save
    from util.ledger import Machine, append, read
    save(tmp_path / "old.pt", 1)                                    # no card at all
    raw = torch.load(tmp_path / "old.pt", weights_only=True)

    def minutes_recorded(path, minutes=None):
        if minutes != "no card":
            card = {"trained": {"steps": 3, "epochs": None, "minutes": minutes}, "commands": ["python train.py"]}
            atomic_torch_save({**raw, "info": {"card": card}}, path)
        return evaluation_records([path], {"bleu": 30.0, "chrf": 50.0}, "val", "de-en", "python evaluate.py", 5)

    assert [r.minutes for r in minutes_recorded(tmp_path / "old.pt", "no card")] == [None, None]
    assert [r.minutes for r in minutes_recorded(tmp_path / "known.pt", 12.345)] == [12.35, 12.35]
    records = minutes_recorded(tmp_path / "mean.pt", None)           # as average.py writes it
    assert [r.minutes for r in records] == [None, None]
    ledger = tmp_path / "ledger.jsonl"
    append(records[0], ledger, Machine("c", "", 1))
    assert '"minutes": null' in ledger.read_text() and read(ledger)[0].minutes is None


@pytest.mark.parametrize("checkpoint", ["e", "model.pt,e"])
def test_record_of_an_export_directory_is_refused_before_loading_or_translating(checkpoint, tmp_path, monkeypatch):
    """An export does not say what trained it, so --record cannot record its figures: said before the test set is
    translated (minutes), not after."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "model.pt").write_text("model")
    export_dir(tmp_path / "e", "model.bin", "config.json")
    with pytest.raises(UserError, match="^--record records a .pt checkpoint's figures .* e is an export"):
        evaluate.parse_args(["--checkpoint", checkpoint, "--split", "val", "--record"])


def test_record_of_a_file_pair_is_refused_before_loading_as_no_table_shows_it(tmp_path):
    """The ledger's tables are of Multi30K splits: a file pair's scores would be a record under its path that no
    table shows, after a message that the tables regenerate."""
    for name in ("src.de", "ref.en"):
        (tmp_path / name).write_text("Ein Hund.\n")
    with pytest.raises(UserError, match=r"^--record adds a Multi30K split's scores .* leave out --record"):
        evaluate.parse_args(["--checkpoint", str(tmp_path / "model.pt"), "--src", str(tmp_path / "src.de"),
                             "--ref", str(tmp_path / "ref.en"), "--record"])


def test_an_output_in_a_run_directory_in_use_or_over_a_stopped_runs_own_file_is_refused_before_any_work(tmp_path):
    from tests.tiny_checkpoints import save
    from training.run_lock import RunDirLock
    checkpoint, run_dir = save(tmp_path / "model.pt", 1), tmp_path / "run"
    (tmp_path / "a.de").write_text("Ein Hund.\n")
    (tmp_path / "a.en").write_text("A dog.\n")
    run_dir.mkdir()
    common = ["--checkpoint", checkpoint, "--src", str(tmp_path / "a.de"), "--ref", str(tmp_path / "a.en")]
    with RunDirLock(run_dir):                  # as a run that trains holds it: no file of ours in it, new or not
        for output in (run_dir / "hyps.en", run_dir / "tensorboard" / ".." / "hyps.en"):
            with pytest.raises(UserError, match=rf"^--output {output} is in the run directory {run_dir}, which a run "
                               r"is using now \(pid \d+ on .*\): .*or wait for the run to end$"):
                evaluate.parse_args([*common, "--output", str(output)])
    for name in ("config.json", "metrics.jsonl", "MODEL.md"):     # the stopped run's own files, even with --force
        (run_dir / name).write_text("{}\n")
        with pytest.raises(UserError, match=rf"^--output {run_dir / name} is the run {run_dir}'s {name} \("):
            evaluate.parse_args([*common, "--output", str(run_dir / name), "--force"])
        assert (run_dir / name).read_text() == "{}\n"
    assert evaluate.parse_args([*common, "--output", str(run_dir / "hyps.en")]).output == str(run_dir / "hyps.en")
