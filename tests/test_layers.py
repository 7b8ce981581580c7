"""The packages form layers: each imports only from the layers below it, never from one above."""
import ast
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
# lower number = lower layer; entry points (top-level scripts, bench/, tests/) may import anything
LAYERS = {"util": 0, "config": 0, "data": 1, "models": 2, "translation": 3}
ENTRY_POINTS = {"train", "translate", "evaluate", "export", "average", "serve", "bench", "tests"}


def project_imports(path: Path) -> list[str]:
    """The top-level project names a file imports (absolute imports only; the project uses no relative ones)."""
    names = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names += [alias.name.split(".")[0] for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.append(node.module.split(".")[0])
    return [n for n in names if n in LAYERS or n in ENTRY_POINTS]


def layer_of(path: Path) -> str:
    return path.relative_to(REPO).with_suffix("").parts[0]


def test_every_package_imports_only_layers_below_it():
    violations = []
    for path in sorted(REPO.rglob("*.py")):
        if any(part.startswith(".") or part == "__pycache__" for part in path.relative_to(REPO).parts):
            continue
        me = layer_of(path)
        if me in ENTRY_POINTS or me not in LAYERS:
            continue
        for name in project_imports(path):
            if name != me and (name in ENTRY_POINTS or LAYERS[name] > LAYERS[me]):
                violations.append(f"{path.relative_to(REPO)} ({me}) imports {name}")
            # ground floor: util/ and config.py may import each other, but nothing above
    assert not violations, "imports that run up the layers:\n" + "\n".join(violations)


def test_every_project_directory_is_a_known_layer_or_entry_point():
    """A new package must be placed in LAYERS (or ENTRY_POINTS) so the test above can check it."""
    packages = {p.parent.relative_to(REPO).parts[0] for p in REPO.glob("*/*.py")
                if not p.parent.name.startswith(".")}
    assert packages <= set(LAYERS) | ENTRY_POINTS, packages - set(LAYERS) - ENTRY_POINTS


def test_the_layering_check_catches_an_upward_import(tmp_path):
    """The checker itself can fail: a models/ file importing translation/ is reported."""
    bad = tmp_path / "bad.py"
    bad.write_text("from translation.search import Hypothesis\nimport torch\nimport data.vocab\n")
    assert project_imports(bad) == ["translation", "data"]
