"""The values a line goes through on its way through a translator (decoding/translator.py) that no engine knows
of: a line's `Sentence`s as the model reads them (its `TextSplit`), each sentence's n-best `Translation`s, and a
line's n-best list joined from its sentences' (`join_sentences`, `kth_joined`)."""
from __future__ import annotations

from typing import NamedTuple

from decoding.confidence import line_confidence
from text.pipeline import Pipeline


class Translation(NamedTuple):
    text: str
    score: float          # the search's score of the hypothesis it came from (Hypothesis.score)
    confidence: float = 1.0   # decoding/confidence.py; 1.0 where no model wrote it ("Danke!", an empty line)
    src_lang: str = ""    # the language read and the language written (a line's, set by join: "from", "to")
    tgt_lang: str = ""
    cut: tuple = ()       # (line, tokens, limit) of each of its sentences longer than the model reads, whose first
                          # `limit` tokens alone were translated (line: Sentence.line, as data/codec.py's warning says)
    searched: tuple = ()  # the tokens of the hypothesis each of its sentences comes from (None: no model read it), for
                          # the attention of the search that made it (decoding/markup.py)


class Sentence(NamedTuple):
    """One sentence of an input line as the model reads it, with what its translation needs to be given back."""
    text: str
    states: tuple         # the states of the pipeline's sentence steps, for their reverse
    line: int | str       # the input line it comes from (for warnings): its number, or its name (a request's)
    to: str = ""          # the language its translation is written in, where a Router chose it (decoding/router.py)


class TextSplit(NamedTuple):
    sentences: list[Sentence]   # none where the steps left nothing to translate
    line_states: tuple          # the states of the line's steps, for joining its sentences again
    to: str = ""                # as Sentence.to


def sentences_of(splits: list[TextSplit | None]) -> list[Sentence]:
    """The sentences of Translator.split's lines, in order, as one list."""
    return [sentence for split in splits if split is not None for sentence in split.sentences]


def join_sentences(pipeline: Pipeline, n_best: list[list[Translation]], line_states: tuple) -> list[Translation]:
    """A line's n-best list from its sentences' n-best lists: the k-th line is the k-th translation of each sentence
    joined (the last one of a sentence with fewer, e.g. one that is its own translation); its score is their mean,
    its confidence their lowest. Each text once: hypotheses that differ only in pieces that read alike ("runs" and
    "run" "s") or in what the steps mend give one line, the first (best) of them; so a list may be shorter than n."""
    return [Translation(joined, sum(p.score for p in parts) / len(parts) if parts else 0.0,
                        line_confidence([p.confidence for p in parts]), **of_sentences(parts))
            for joined, parts in kth_joined(n_best, lambda texts: pipeline.reverse_line(texts, line_states))]


def of_sentences(parts: list[Translation]) -> dict[str, tuple]:
    """What Translation.cut and .searched say of a text joined from these parts: theirs, in order."""
    return {"cut": tuple(cut for part in parts for cut in part.cut),
            "searched": tuple(tokens for part in parts for tokens in part.searched)}


def kth_joined(n_best: list[list[Translation]], join) -> list[tuple[str, list[Translation]]]:
    """(text, parts) for k = 0, 1, ...: the k-th translation of each list (the last of a shorter one), their texts
    joined by `join`; each text once, the first k that gives it (the best)."""
    out, seen = [], set()
    for k in range(max((len(translations) for translations in n_best), default=1)):
        parts = [translations[min(k, len(translations) - 1)] for translations in n_best]
        joined = join([p.text for p in parts])
        if joined not in seen:
            seen.add(joined)
            out.append((joined, parts))
    return out
