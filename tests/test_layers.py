"""The packages form layers: each imports only from the layers below it, never from one above; and no package mixes
training, CTranslate2 and the web service."""
import ast
import functools
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
# lower number = lower layer; entry points (top-level scripts, bench/, probes/, tests/) may import anything
# (config/ reads util/, and cli.py, the command-line layer, reads config; the text pipeline sits below data/:
# training data goes through its steps, and it knows no tokenizer)
LAYERS = {"util": 0, "config": 1, "cli": 2, "text": 3, "data": 4, "models": 5, "decoding": 6,
          "training": 7, "exporting": 7, "serving": 7}
ENTRY_POINTS = {"train", "translate", "evaluate", "export", "average", "serve", "bench", "probes", "results", "tests"}
# each concern, known by the names a module of it imports; a package may hold at most one
CONCERNS = {"training": {"training"}, "CTranslate2": {"ctranslate2", "exporting"},
            "the web service": {"fastapi", "uvicorn", "starlette", "serving"}}


@functools.lru_cache(maxsize=None)
def import_statements(text: str) -> tuple[tuple[str | None, tuple[str, ...]], ...]:
    """A file's absolute imports, parsed once for the checks that each read the whole repository: (None, names) for
    `import names`, (module, names) for `from module import names`."""
    return tuple((None, tuple(alias.name for alias in node.names)) if isinstance(node, ast.Import)
                 else (node.module, tuple(alias.name for alias in node.names))
                 for node in ast.walk(ast.parse(text)) if isinstance(node, ast.Import)
                 or isinstance(node, ast.ImportFrom) and node.module and node.level == 0)


def imported_names(path: Path) -> set[str]:
    """The top-level names a file imports (absolute imports only; the project uses no relative ones)."""
    return {(module or name).split(".")[0] for module, names in import_statements(path.read_text(encoding="utf-8"))
            for name in names}


def python_files(root: Path):
    for path in sorted(root.rglob("*.py")):
        if not any(part.startswith(".") or part == "__pycache__" for part in path.relative_to(root).parts):
            yield path, path.relative_to(root).with_suffix("").parts[0]


def upward_imports(root: Path) -> list[str]:
    violations = []
    for path, me in python_files(root):
        if me in ENTRY_POINTS or me not in LAYERS or path.name == "__main__.py":
            continue            # a package's __main__.py is its command (`python -m config`): an entry point
        for name in sorted(imported_names(path) & (set(LAYERS) | ENTRY_POINTS) - {me}):
            if name in ENTRY_POINTS or LAYERS[name] > LAYERS[me]:
                violations.append(f"{path.relative_to(root)} ({me}) imports {name}")
    return violations


def mixed_concerns(root: Path) -> list[str]:
    """Packages whose modules, together, import more than one concern."""
    found: dict[str, set[str]] = {}
    for path, me in python_files(root):
        if me in ENTRY_POINTS or path.parent == root:
            continue
        names = imported_names(path) | {me}
        found.setdefault(me, set()).update(c for c, marks in CONCERNS.items() if names & marks)
    return [f"{package} mixes {', '.join(sorted(c))}" for package, c in sorted(found.items()) if len(c) > 1]


def test_every_package_imports_only_layers_below_it():
    violations = upward_imports(REPO)
    assert not violations, "imports that run up the layers:\n" + "\n".join(violations)


def test_no_package_mixes_training_ctranslate2_and_the_web_service():
    assert not mixed_concerns(REPO)


def test_every_project_directory_is_a_known_layer_or_entry_point():
    """A new package must be placed in LAYERS (or ENTRY_POINTS) so the checks above can see it."""
    packages = {p.parent.relative_to(REPO).parts[0] for p in REPO.glob("*/*.py")
                if not p.parent.name.startswith(".")}
    assert packages <= set(LAYERS) | ENTRY_POINTS, packages - set(LAYERS) - ENTRY_POINTS


def test_docs_layout_lists_every_directory_of_code_or_pages():
    """docs/LAYOUT.md's listing has a line for each directory a reader meets code in (the server's page too)."""
    import re
    listed = set(re.findall(r"^(\w+)/ ", (REPO / "docs/LAYOUT.md").read_text(encoding="utf-8"), re.M))
    folders = {p.relative_to(REPO).parts[0] for p in REPO.glob("*/*") if p.suffix in (".py", ".html")
               and not p.parent.name.startswith(".")}
    assert folders - listed == set()


def test_the_checks_report_an_upward_import_and_a_mixed_package(tmp_path):
    (tmp_path / "models").mkdir()
    (tmp_path / "models" / "bad.py").write_text("from decoding.search import Hypothesis\nimport data.vocab\n")
    (tmp_path / "decoding").mkdir()
    (tmp_path / "decoding" / "fine.py").write_text("import models.bad\nimport ctranslate2\n")
    (tmp_path / "decoding" / "web.py").write_text("from fastapi import FastAPI\n")
    assert upward_imports(tmp_path) == ["models/bad.py (models) imports decoding"]
    assert mixed_concerns(tmp_path) == ["decoding mixes CTranslate2, the web service"]


def test_the_check_reports_util_reading_config_and_config_reading_the_command_line(tmp_path):
    """util/, config and cli.py are three floors: each reads only the ones below it."""
    (tmp_path / "util").mkdir()
    (tmp_path / "util" / "bad.py").write_text("from config import Config\n")
    (tmp_path / "config.py").write_text("from cli import pick_device\nfrom util.errors import UserError\n")
    (tmp_path / "cli.py").write_text("import config\nimport util.errors\n")
    (tmp_path / "util" / "__main__.py").write_text("from cli import run_main\n")     # a command may read any floor
    assert upward_imports(tmp_path) == ["config.py (config) imports cli", "util/bad.py (util) imports config"]


def script_imports(root: Path) -> list[str]:
    """Imports of a top-level script (train.py, translate.py, ...) by bench/ or probes/: what they share with a
    script lives in the packages (training.train is the run train.py starts), so a script stays flags and one call."""
    scripts = {path.stem for path in root.glob("*.py")} - set(LAYERS)
    return [f"{path.relative_to(root)} imports {name}" for path, me in python_files(root) if me in ("bench", "probes")
            for name in sorted(imported_names(path) & scripts)]


def test_bench_and_probes_import_the_packages_never_a_script():
    assert script_imports(REPO) == []


def test_the_script_check_finds_a_benchmark_that_imports_a_script(tmp_path):
    (tmp_path / "train.py").write_text("")
    (tmp_path / "config.py").write_text("")
    (tmp_path / "bench").mkdir()
    (tmp_path / "bench" / "x.py").write_text("import train\nimport config\nfrom training.loop import train\n")
    assert script_imports(tmp_path) == ["bench/x.py imports train"]


def files_editing_the_path(root: Path) -> list[str]:
    """Project files outside tests/ that mention sys.path: a command runs from the repository root (`python -m
    bench.loop`), so none needs to edit it, and one that does may import another checkout's code unawares."""
    return [str(path.relative_to(root)) for path, me in python_files(root)
            if me != "tests" and "sys.path" in path.read_text(encoding="utf-8")]


def test_no_file_outside_the_tests_edits_the_python_path():
    assert files_editing_the_path(REPO) == []


def test_the_path_check_finds_a_file_that_edits_the_path(tmp_path):
    (tmp_path / "bench").mkdir()
    (tmp_path / "bench" / "x.py").write_text("import sys\nsys.path.insert(0, '..')\n")
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "conftest.py").write_text("import sys\nsys.path.insert(0, '..')\n")
    assert files_editing_the_path(tmp_path) == ["bench/x.py"]


def project_modules(root: Path) -> dict[str, Path]:
    """Every module of the project outside tests/, by its dotted name (a package by its __init__.py)."""
    modules = {}
    for path, me in python_files(root):
        if me != "tests":
            parts = path.relative_to(root).with_suffix("").parts
            modules[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return modules


def import_graph(root: Path) -> dict[str, set[str]]:
    """Each project module and the project modules it imports, anywhere in the file (`from a.b import c` is a.b.c where
    that is a module, else a.b)."""
    modules = project_modules(root)
    graph = {}
    for name, path in modules.items():
        found = set()
        for module, names in import_statements(path.read_text(encoding="utf-8")):
            if module is None:
                found |= set(names) & modules.keys()
            else:
                found |= {f"{module}.{name}" if f"{module}.{name}" in modules else module
                          for name in names} & modules.keys()
        graph[name] = found - {name}
    return graph


def a_circle(graph: dict[str, set[str]]) -> list[str]:
    """Modules that import each other round a circle, the first one again at the end ([a, b, a]); [] where none do."""
    done, path = set(), []

    def walk(module: str) -> list[str]:
        path.append(module)
        for imported in sorted(graph.get(module, ())):
            if imported in path:
                return path[path.index(imported):] + [imported]
            if imported not in done and (circle := walk(imported)):
                return circle
        done.add(path.pop())
        return []
    return next((circle for module in sorted(graph) if module not in done and (circle := walk(module))), [])


def test_no_two_modules_import_each_other_round_a_circle():
    assert a_circle(import_graph(REPO)) == []


def test_the_circle_check_finds_a_circle_through_a_package(tmp_path):
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "__init__.py").write_text("")
    (tmp_path / "data" / "vocab.py").write_text("from models import heads\nimport util.errors\n")
    (tmp_path / "models").mkdir()
    (tmp_path / "models" / "heads.py").write_text("def f():\n    from data.vocab import Vocab\n")
    (tmp_path / "util").mkdir()
    (tmp_path / "util" / "errors.py").write_text("import json\n")
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_x.py").write_text("import data.vocab\n")
    assert a_circle(import_graph(tmp_path)) == ["data.vocab", "models.heads", "data.vocab"]
    (tmp_path / "models" / "heads.py").write_text("import util.errors\n")
    assert a_circle(import_graph(tmp_path)) == []


# the text pipeline's own floors, from the bottom: what steps and finders read, what the placeholders step masks, the
# steps, the pipeline that assembles them (text/step.py, the protocol, sits beside them)
TEXT_FLOORS = {"text.forms": 0, "text.finders": 1, "text.steps": 2, "text.pipeline": 3}


def text_floor(module: str) -> int | None:
    return next((floor for prefix, floor in TEXT_FLOORS.items() if module == prefix or module.startswith(prefix + ".")),
                None)


def upward_text_imports(root: Path) -> list[str]:
    """Imports inside text/ that run up its floors: a form that reads a finder or a step, a finder that reads a step."""
    return [f"{module} imports {imported}" for module, imports in sorted(import_graph(root).items())
            if text_floor(module) is not None for imported in sorted(imports)
            if text_floor(imported) is not None and text_floor(imported) > text_floor(module)]


def test_inside_text_forms_read_no_finder_or_step_and_finders_read_no_step():
    assert upward_text_imports(REPO) == []


def test_the_text_check_reports_a_form_reading_a_finder_and_a_finder_reading_a_step(tmp_path):
    for floor in ("forms", "finders", "steps"):
        (tmp_path / "text" / floor).mkdir(parents=True)
    (tmp_path / "text" / "step.py").write_text("")
    (tmp_path / "text" / "forms" / "dates.py").write_text("from text.finders import numbers\n")
    (tmp_path / "text" / "finders" / "numbers.py").write_text("from text.forms.dates import x\nimport text.step\n")
    (tmp_path / "text" / "finders" / "names.py").write_text("from text.steps.case import Case\n")
    (tmp_path / "text" / "steps" / "case.py").write_text("from text.finders.names import EXONYMS\n")
    assert upward_text_imports(tmp_path) == ["text.finders.names imports text.steps.case",
                                             "text.forms.dates imports text.finders.numbers"]
