"""The code of README.md and docs/*.md as a test runs it: a page's fenced block found by its first line, the flags that
make a training command quick, and the check that every relative link reaches an existing file and heading."""
import importlib.util
import re
import shlex
import subprocess
import sys
from pathlib import Path

from tests.synthetic import offline_env, write_corpus

REPO = Path(__file__).resolve().parents[1]


PAGES = [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]
# export.py needs CTranslate2, an optional extra (requirements-extras.txt) that README's install leaves out
CT2 = importlib.util.find_spec("ctranslate2") is not None


def as_installed(script: str) -> str:
    """A page's commands as README's install runs them: without CTranslate2, its export lines are left out (each
    stops with a line that says what to install: the README test asserts it)."""
    return script if CT2 else "\n".join(line for line in script.splitlines() if "export.py" not in line)


def with_entry_points(script: str) -> str:
    """A page's commands as typed in another directory: each `python NAME.py` runs the checkout's NAME.py with this
    interpreter."""
    return re.sub(r"\bpython (\w+\.py)\b", lambda m: f"{shlex.quote(sys.executable)} {shlex.quote(str(REPO / m[1]))}",
                  script)


def code_block(first_line: str, page: str = "README.md") -> str:
    """The fenced code block of `page` (README.md or docs/NAME.md) that starts with `first_line`."""
    blocks = re.findall(r"```(?:python|bash)\n(.*?)```", (REPO / page).read_text(encoding="utf-8"), re.S)
    found = [b for b in blocks if b.startswith(first_line)]
    assert len(found) == 1, f"{page} has {len(found)} code blocks starting with {first_line!r}"
    return found[0]


def heading_anchors(text: str) -> set[str]:
    """The anchors GitHub gives a page's headings: lowercase, punctuation dropped, spaces as hyphens, -1, -2, ... on
    repeats."""
    anchors: set[str] = set()
    for title in re.findall(r"^#{1,6} +(.+?) *#* *$", re.sub(r"```.*?```", "", text, flags=re.S), re.M):
        slug = re.sub(r"[^\w\- ]", "", title.lower()).replace(" ", "-")
        anchor, n = slug, 0
        while anchor in anchors:
            n += 1
            anchor = f"{slug}-{n}"
        anchors.add(anchor)
    return anchors


def broken_links(page: Path) -> list[str]:
    """The relative links and images of a markdown page whose file or heading does not exist (code is skipped)."""
    text = page.read_text(encoding="utf-8")
    prose = re.sub(r"`[^`\n]*`", "", re.sub(r"```.*?```", "", text, flags=re.S))
    broken = []
    for target in re.findall(r"\]\(([^)\s]+)\)", prose):
        if re.match(r"[a-z]+:", target):
            continue                                  # https:, mailto:
        path, _, anchor = target.partition("#")
        file = (page.parent / path).resolve() if path else page
        if not file.exists() or anchor and anchor not in heading_anchors(file.read_text(encoding="utf-8")):
            broken.append(f"{page.name}: {target}")
    return broken


# the default preset's recipe at the tiny preset's size: `python train.py` as written, in seconds
TINY_SIZE = ["--model.d_model=32", "--model.n_heads=4", "--model.d_ff=64", "--model.n_encoder_layers=1",
             "--model.n_decoder_layers=1", "--model.max_len=64", "--data.max_train_len=61"]


def quick_args(args: list[str]) -> list[str]:
    """A README command made quick: the tiny preset in place of the one it names (a preset is given once), else the
    default's recipe made tiny."""
    if args[0] != "train.py":
        return args
    if "--preset" in args:
        at = args.index("--preset")
        return [*args[:at], "--preset", "tiny", *args[at + 2:], "--data.units=subword", "--train.max_steps=3"]
    return [*args, *TINY_SIZE, "--train.max_steps=3", "--train.time_budget=0"]


def run_train_and_translate(first_line: str, tmp_path, page: str = "README.md") -> list[str]:
    """The train.py and translate.py lines of a code block, as a user types them (from the repo, here from a
    copy's directory), on a synthetic corpus with a few training steps added; -> their stdout."""
    commands = [line for line in code_block(first_line, page).splitlines() if line]
    assert [c.split()[1] for c in commands] == ["train.py"] + ["translate.py"] * (len(commands) - 1) and commands[1:]
    env = offline_env(tmp_path / "cache", write_corpus(tmp_path / "data", {"train": 200, "val": 20}))
    outputs = []
    for command in commands:
        args = shlex.split(command, comments=True)[1:]
        args = quick_args(args)
        args = [str(REPO / args[0]), *args[1:]]
        proc = subprocess.run([sys.executable, *args], cwd=tmp_path, env=env, capture_output=True, timeout=240)
        assert proc.returncode == 0, proc.stderr.decode()[-2000:]
        outputs.append(proc.stdout.decode())
    return outputs
