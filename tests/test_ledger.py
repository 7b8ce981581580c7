"""The results ledger: a record is one whole JSON line with date, commit and machine filled in; a damaged line is an
error naming it; the machine is described by its CPU and its fastest matrix instructions."""
import json

import pytest

from util.errors import UserError
from util.ledger import Machine, Record, append, core_of, read, this_machine


def test_append_fills_in_date_commit_and_machine_and_read_gives_the_record_back(tmp_path):
    ledger = tmp_path / "ledger.jsonl"
    append(Record(topic="quality", metric="bleu", value=40.5, command="python evaluate.py", direction="de-en"),
           ledger, Machine("Some CPU", "AVX2", 2))
    append(Record(topic="speed", metric="tokens_per_second_ratio", value=1.3, command="python -m bench.loop"), ledger)
    lines = ledger.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 2 and all(json.loads(line)["date"] for line in lines)
    first, second = read(ledger)
    assert first.value == 40.5 and first.machine == {"cpu": "Some CPU", "isa": "AVX2", "cores": 2, "gpu": ""}
    assert second.machine["cores"] >= 1 and second.date == first.date


@pytest.mark.parametrize("line, says", [("{not json", "line 2"), ('{"topic": "quality"}', "line 2"),
                                        ('{"topic": "x", "metric": "m", "value": 1, "command": "c"}', "topic"),
                                        ('{"topic": "quality", "metric": "bleu", "value": 1, "command": "c", '
                                         '"colour": "red"}', "colour")])
def test_a_damaged_ledger_line_is_an_error_that_names_it(tmp_path, line, says):
    ledger = tmp_path / "ledger.jsonl"
    append(Record(topic="quality", metric="bleu", value=1.0, command="c"), ledger, Machine("c", "", 1))
    with open(ledger, "a", encoding="utf-8") as f:
        f.write(line + "\n")
    with pytest.raises(UserError, match=says):
        read(ledger)


@pytest.mark.parametrize("fields, says", [('"machine": "x"', "machine must be an object, not 'x'"),
                                          ('"seeds": 1', "seeds must be a list of whole numbers, not 1"),
                                          ('"seeds": ["1"]', "seeds must be a list of whole numbers"),
                                          ('"steps": "16000"', "steps must be a whole number"),
                                          ('"recipe": null', "recipe must be a text, not None"),
                                          ('"value": true', "value must be a number, not True"),
                                          ('"value": Infinity', "value must be a finite number, not inf")])
def test_a_ledger_line_with_a_field_of_another_kind_is_an_error_that_names_the_field(tmp_path, fields, says):
    """A table reads each field as its kind (machine.get, len(seeds)): a line of other kinds is named on reading, not a
    traceback of `python -m results` or a table cell of inf."""
    ledger = tmp_path / "ledger.jsonl"
    ledger.write_text('{"topic": "quality", "metric": "bleu", "command": "c", "value": 1, ' + fields + "}\n")
    with pytest.raises(UserError, match=rf"^{ledger} line 1 is not a ledger record \(a ledger record's {says}"):
        read(ledger)


def test_a_ledger_line_that_is_no_json_object_says_so(tmp_path):
    ledger = tmp_path / "ledger.jsonl"
    ledger.write_text("[1, 2]\n")
    with pytest.raises(UserError, match=r"line 1 is not a ledger record \(a JSON list, not an object\)$"):
        read(ledger)


def test_a_record_of_an_unknown_topic_or_no_number_is_refused_before_it_is_written(tmp_path):
    ledger = tmp_path / "ledger.jsonl"
    for bad in (Record(topic="misc", metric="m", value=1.0, command="c"),
                Record(topic="quality", metric="m", value=float("nan"), command="c")):
        with pytest.raises(UserError):
            append(bad, ledger, Machine("c", "", 1))
    assert not ledger.exists()


def test_the_machine_names_its_fastest_matrix_instructions_and_avx2_kernels_on_a_newer_cpu(monkeypatch):
    monkeypatch.delenv("ONEDNN_MAX_CPU_ISA", raising=False)
    found = this_machine()
    assert found.cores >= 1 and found.isa in ("AMX", "AVX-512 BF16", "AVX-512", "AVX2", "")
    monkeypatch.setenv("ONEDNN_MAX_CPU_ISA", "AVX2")
    assert this_machine().isa in ("AVX2 kernels", "")
    assert str(Machine("X", "AMX", 2, "NVIDIA H200")) == "NVIDIA H200; X (AMX), 2 cores"


@pytest.mark.parametrize("variable, value, isa", [
    ("ONEDNN_MAX_CPU_ISA", "AVX2", "AVX2 kernels"), ("ONEDNN_MAX_CPU_ISA", "avx2_vnni", "AVX2 kernels"),
    ("ONEDNN_MAX_CPU_ISA", " AVX2", "AVX2 kernels"), ("DNNL_MAX_CPU_ISA", "AVX2", "AVX2 kernels"),
    ("ONEDNN_MAX_CPU_ISA", "AVX512_CORE", "AVX-512"), ("ONEDNN_MAX_CPU_ISA", "AVX512_CORE_AMX", "AVX-512 BF16"),
    ("ONEDNN_MAX_CPU_ISA", "ALL", "AVX-512 BF16"), ("ONEDNN_MAX_CPU_ISA", "", "AVX-512 BF16")])
def test_the_machine_names_the_kernels_onednn_is_kept_to_as_training_precision_reads_them(monkeypatch, variable,
                                                                                             value, isa):
    """A run under ONEDNN_MAX_CPU_ISA=AVX2_VNNI (or DNNL_MAX_CPU_ISA=AVX2) trains without bf16 instructions, as
    training/precision.py knows: its record is of AVX2 kernels, not of the CPU's AVX-512 BF16."""
    import util.ledger
    monkeypatch.setattr(util.ledger, "cpu_info", lambda: ("Some CPU", {"avx2", "avx512f", "avx512_bf16"}))
    for name in ("ONEDNN_MAX_CPU_ISA", "DNNL_MAX_CPU_ISA"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv(variable, value)
    assert this_machine().isa == isa


@pytest.mark.parametrize("name, family, model, shown", [
    ("AMD EPYC", 25, 17, "AMD EPYC (Zen 4)"), ("AMD EPYC", 25, 1, "AMD EPYC (Zen 3)"),
    ("AMD EPYC", 25, 0xA0, "AMD EPYC (Zen 4)"), ("AMD EPYC", 26, 2, "AMD EPYC (Zen 5)"),
    ("AMD EPYC", 23, 49, "AMD EPYC"), ("AMD EPYC", 25, 0x90, "AMD EPYC"), ("AMD EPYC 9654 96-Core Processor", 25, 17, "AMD EPYC 9654 96-Core Processor"),
    ("Intel(R) Xeon(R) Processor", 6, 143, "Intel(R) Xeon(R) Processor")])
def test_a_bare_amd_epyc_is_named_with_its_core(name, family, model, shown):
    assert core_of(name, family, model) == shown


def test_a_missing_or_undecodable_ledger_is_one_line_and_a_line_separator_in_a_note_stays_in_its_line(tmp_path):
    """`python -m results --ledger PATH` of no file, a directory or other bytes than UTF-8 says so (not a traceback);
    lines end at "\\n" only, so a note holding U+2028, which json.dumps writes as it is, is read back whole."""
    for ledger, says in ((tmp_path / "none.jsonl", "no file at"), (tmp_path, "is a directory"),
                         (tmp_path / "latin1.jsonl", "line 1 is not valid UTF-8")):
        if ledger.name == "latin1.jsonl":
            ledger.write_bytes(b'{"note": "\xe9"}\n')
        with pytest.raises(UserError, match=says):
            read(ledger)
    ledger = tmp_path / "ledger.jsonl"
    append(Record(topic="quality", metric="bleu", value=1.0, command="c", note="a\u2028b"), ledger, Machine("c", "", 1))
    assert [r.note for r in read(ledger)] == ["a\u2028b"]


def test_the_commit_says_changes_for_edited_code_but_not_for_figures_recorded_since(tmp_path, monkeypatch):
    import subprocess
    import util.ledger
    git = lambda *args: subprocess.run(["git", *args], cwd=tmp_path, check=True, capture_output=True)
    (tmp_path / "results").mkdir()
    (tmp_path / "results" / "ledger.jsonl").write_text("", encoding="utf-8")
    (tmp_path / "train.py").write_text("", encoding="utf-8")
    git("init", "-q")
    git("add", ".")
    git("-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "first")
    monkeypatch.setattr(util.ledger, "REPO", tmp_path)
    monkeypatch.setattr(util.ledger, "LEDGER", tmp_path / "results" / "ledger.jsonl")
    head = util.ledger.current_commit()
    append(Record(topic="quality", metric="bleu", value=40.5, command="python evaluate.py"), util.ledger.LEDGER)
    assert len(head) == 7 and util.ledger.current_commit() == head          # a figure recorded: still the commit
    page = "# Results\n<!-- results:readme -->\n| a |\n<!-- /results:readme -->\n"
    (tmp_path / "README.md").write_text(page, encoding="utf-8")
    git("add", ".")
    git("-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "page")
    head = util.ledger.current_commit()
    (tmp_path / "README.md").write_text(page.replace("| a |", "| a |\n| b |"), encoding="utf-8")  # results --write
    assert util.ledger.current_commit() == head                              # its tables alone: data too
    (tmp_path / "README.md").write_text(page.replace("# Results", "# Figures"), encoding="utf-8")
    assert util.ledger.current_commit() == head + "+changes"                 # the page's own words changed
    (tmp_path / "README.md").write_text(page, encoding="utf-8")
    (tmp_path / "train.py").write_text("changed = True\n", encoding="utf-8")
    assert util.ledger.current_commit() == head + "+changes"


def test_a_copy_of_the_tree_without_git_records_no_commit_also_inside_another_checkout(tmp_path, monkeypatch):
    """A tree copied (or unpacked) without .git into a folder of another git checkout is no commit of that one: its
    figures say "" (outside git), not the other checkout's HEAD."""
    import subprocess
    import util.ledger
    git = lambda *args: subprocess.run(["git", *args], cwd=tmp_path, check=True, capture_output=True)
    (tmp_path / "other.txt").write_text("", encoding="utf-8")
    git("init", "-q")
    git("add", ".")
    git("-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "first")
    copy = tmp_path / "copy"
    (copy / "results").mkdir(parents=True)
    (copy / "train.py").write_text("", encoding="utf-8")
    monkeypatch.setattr(util.ledger, "REPO", copy)
    monkeypatch.setattr(util.ledger, "LEDGER", copy / "results" / "ledger.jsonl")
    assert util.ledger.current_commit() == ""
    monkeypatch.setattr(util.ledger, "REPO", tmp_path)
    monkeypatch.setattr(util.ledger, "LEDGER", tmp_path / "results" / "ledger.jsonl")
    assert len(util.ledger.current_commit()) == 7           # the checkout itself: its commit
