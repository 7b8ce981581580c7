"""spaCy word tokenization that keeps the exact spacing, so `detokenize(tokenize(s)) == s`.

Encoding. Tokens are spaCy's non-space tokens; detokenize puts one space before each token, except the first and
those that begin with the joiner "￭" (U+FFED), which attach to what comes before with the joiner removed:

    "A t-shirt, isn't it."  ->  A  t  ￭-  ￭shirt  ￭,  is  ￭n't  it  ￭.

Any other spacing (two spaces, a tab, a no-break space, leading or trailing whitespace) becomes a gap token: the
joiner followed by the whitespace itself. Between two words, a gap that ends in a plain space drops that space and
leaves the next word unjoined, so words keep their usual form:

    "a  b"   ->  a  ￭␠  b          "a\tb"  ->  a  ￭\t  ￭b          " a "  ->  ￭␠  ￭a  ￭␠

Each word has at most two forms (plain, joined) and gap tokens are rare, so the vocabulary stays small.
detokenize accepts any list of strings in any order (a joined token first simply attaches to nothing). Limitation:
text that itself contains "￭" is not restored exactly. With lowercase=True the text is lowercased first.
"""
from __future__ import annotations

import contextlib
import functools
import sys
import threading
import types
from typing import Iterable

JOINER = "\uffed"


SPACY_PIPELINES = {"de": "de_core_news_sm", "en": "en_core_web_sm"}   # used for their tokenizers when installed


def installed_pipeline(lang: str) -> str | None:
    """The language's small spaCy pipeline if it is installed, found without importing spaCy."""
    import importlib.util

    name = SPACY_PIPELINES.get(lang)
    return name if name and importlib.util.find_spec(name) else None


@functools.cache
def load_spacy(lang: str):
    """The language's small spaCy pipeline when installed (only its tokenizer is used), else spacy.blank(lang); loaded
    once a process (half a second each): a run of both directions asks for each language four times."""
    spacy = import_spacy()
    pipeline = installed_pipeline(lang)
    if pipeline:
        return spacy.load(pipeline, exclude=["tok2vec", "tagger", "morphologizer", "parser", "lemmatizer",
                                             "senter", "attribute_ruler", "ner"])
    return spacy.blank(lang)


_importing = threading.Lock()


def import_spacy() -> types.ModuleType:
    """spaCy without its command line: spaCy's __init__ imports spacy.cli for `spacy.info`, and with it the whole CLI
    (typer, rich, requests, jinja2: a third of a second of each command's start), none of which tokenizes. Stand-ins
    fill spacy.cli and spacy.cli.info while spaCy imports and are gone after it: `import spacy.cli` (a download,
    `spacy.info`) then imports the real one, as it would have."""
    with _importing:
        if "spacy" in sys.modules:
            return sys.modules["spacy"]
        cli, cli_info = types.ModuleType("spacy.cli"), types.ModuleType("spacy.cli.info")
        cli.__path__ = []

        def info(*args, **kwargs):
            from spacy.cli.info import info as real
            return real(*args, **kwargs)

        cli_info.info = info
        stand_ins = {"spacy.cli": cli, "spacy.cli.info": cli_info}
        if any(name in sys.modules for name in stand_ins):     # already imported for real (a test imported it)
            import spacy
            return spacy
        sys.modules.update(stand_ins)
        try:
            import spacy
        except ImportError:     # a spaCy whose __init__ asks its command line for more: imported whole, as it was
            for name in [name for name in sys.modules if name == "spacy" or name.startswith("spacy.")]:
                del sys.modules[name]
            import spacy
        finally:
            for name, module in stand_ins.items():
                if sys.modules.get(name) is module:
                    del sys.modules[name]
            parent = sys.modules.get("spacy")
            if parent is not None and getattr(parent, "cli", None) is cli:
                del parent.cli
        return spacy


def tokenizer_name(lang: str) -> str:
    """Which tokenizer Tokenizer(lang) would use, with spaCy's version (for cache keys)."""
    import importlib.metadata

    return f"{installed_pipeline(lang) or f'spacy-blank-{lang}'}@spacy-{importlib.metadata.version('spacy')}"


class Tokenizer:
    def __init__(self, lang: str, lowercase: bool = False):
        self.lang, self.lowercase = lang, lowercase

    @functools.cached_property
    def nlp(self):
        """spaCy, loaded at the first text to tokenize: detokenizing needs none (a translation's target side)."""
        return load_spacy(self.lang)

    def tokenize(self, text: str) -> list[str]:
        return encode_doc(self.nlp.tokenizer(self._prepare(text)))

    def tokenize_many(self, texts: Iterable[str], batch_size: int = 1000, progress: bool = False,
                      remember: bool = True) -> list[list[str]]:
        """remember=False: spaCy forgets the words these texts brought (its Vocab and StringStore entries, a
        kilobyte a line of new names and numbers) once they are tokenized, so a process that translates without
        end keeps a flat memory; a corpus's preparation remembers them (spaCy's tokenizer cache is off in its
        memory zone: a third slower). spaCy before 3.8 has no memory zone and remembers."""
        texts = [self._prepare(t) for t in texts]
        with contextlib.nullcontext() if remember else memory_zone(self.nlp):
            docs = self.nlp.tokenizer.pipe(texts, batch_size=batch_size)
            if progress:
                from tqdm import tqdm
                docs = tqdm(docs, total=len(texts), desc=f"tokenize {self.lang}", unit=" sent", leave=False,
                            disable=None)     # None: no bar in a log file, only on a terminal
            return [encode_doc(doc) for doc in docs]     # plain strings: nothing of spaCy's outlives the zone

    def detokenize(self, tokens: Iterable[str]) -> str:
        return detokenize(tokens)

    def _prepare(self, text: str) -> str:
        return text.lower() if self.lowercase else text


def memory_zone(nlp):
    """spaCy's Language.memory_zone (3.8 on): what the vocabulary gains inside it is freed at its end."""
    zone = getattr(nlp, "memory_zone", None)
    return zone() if zone is not None else contextlib.nullcontext()


def encode_doc(doc) -> list[str]:
    """spaCy Doc -> tokens with the spacing encoded (see the module docstring)."""
    text, out, end = doc.text, [], 0
    for token in doc:
        if token.is_space:
            continue
        gap = text[end:token.idx]
        if not out and not gap:
            out.append(token.text)
        elif out and gap == " ":
            out.append(token.text)
        elif out and not gap:
            out.append(JOINER + token.text)
        elif out and gap.endswith(" "):
            out += [JOINER + gap[:-1], token.text]
        else:
            out += [JOINER + gap, JOINER + token.text]
        end = token.idx + len(token.text)
    if end < len(text):
        out.append(JOINER + text[end:])
    return out


def detokenize(tokens: Iterable[str]) -> str:
    """Tokens -> text: a space before each token except the first and joined ones (joiner removed)."""
    parts = []
    for i, token in enumerate(tokens):
        if token.startswith(JOINER):
            parts.append(token[1:])
        else:
            parts.append(token if i == 0 else " " + token)
    return "".join(parts)
