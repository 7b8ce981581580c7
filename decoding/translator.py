"""Text in, text out: the text pipeline's steps, the codec (tokens, subwords, ids), batches by length, an engine's
search, and back — in input order.

    translator = load_translator("runs/x/best.pt")      # decoding/load.py: a .pt, a,b.pt or an exported directory
    translator.translate(["Ein Mann fährt um 14:30 Uhr Fahrrad."])   -> ["A man rides a bike at 14:30."]

The translator holds a pipeline (text/pipeline.py), a codec (data/codec.py) and an engine (decoding/engine.py) and
knows none of their insides.

One name a stage of the flow, here, in decoding/translations.py, decoding/router.py and text/pipeline.py:
`lines` (what a user sent, one str each; `line`) go through the pipeline's steps into `sentences` (what the model
reads; a line's sentences and the steps' states are its `split`); the search gives each sentence its n-best
`hypotheses` (Hypothesis: tokens, score), whose text is the model's `output`; an output back through the steps is a
`translation` (Translation), and a line's translations are its sentences' joined.
"""
from __future__ import annotations

from dataclasses import replace
from typing import NamedTuple

import torch

from config import Config, DecodeConfig
from data.codec import Codec
from data.tags import reversed_config
from data.vocab import EOS
from decoding.confidence import confidence, mean_log_prob
from decoding.engine import Engine
from decoding.banned_pieces import never_generated, other_directions
from decoding.maps import AttentionMap, in_line_order, lead, own_map
from decoding.rerank import back_scores, reranked
from decoding.search import Hypothesis
from decoding.search_rules import Owed
from decoding.torch_engine import TorchEngine
from decoding.translations import Sentence, TextSplit, Translation, join_sentences, sentences_of
from text.finders.glossary import Terms
from text.forms.lexicon import Lexicon
from text.forms.masking import PLACEHOLDER, PLACEHOLDERS, carried, exactly_once, nothing_to_translate
from text.pipeline import Applied, Pipeline
from text.steps.quotations import Layout
from util.errors import UserError


class ForcedScore(NamedTuple):
    log_prob: float       # sum of the target's token log-probabilities, <eos> included
    normalized: float     # log_prob / (tokens + 1), per token
    tokens: int           # target units, without <eos>


class Translator:
    def __init__(self, cfg: Config, codec: Codec, engine: Engine, lexicon: Lexicon | None = None):
        """lexicon: the checkpoint's (text/forms/lexicon.py); None for one trained before it existed."""
        self.cfg, self.codec, self.engine, self.lexicon = cfg, codec, engine, lexicon
        self.pipeline = Pipeline.from_config(cfg.data, None, lexicon)
        self.use_glossary({})
        self.banned = never_generated(codec.tgt_vocab.itos, self.pipeline, other_directions(engine, codec, cfg))
        stoi = codec.tgt_vocab.stoi
        self.placeholder_ids = {p: stoi[p] for p in PLACEHOLDERS if p in stoi} if cfg.data.placeholders else {}
        self.guard_fixes = 0      # placeholders the last guard (exactly_once) had to fix: 0 where the search kept them
        self.turned: Translator | None = None    # the other direction's (toward), once asked for

    @classmethod
    def of_model(cls, model, cfg: Config, codec: Codec, device="cpu", lexicon: Lexicon | None = None) -> "Translator":
        """A translator of a PyTorch model in memory (the training loop's, a test's)."""
        return cls(cfg, codec, TorchEngine(model, cfg.model.max_len, device), lexicon)

    def toward(self, lang: str | None) -> "Translator":
        """The translator that writes `lang` (None: the model's target language): this one, or for a model of both
        directions (data/tags.py) one of the other direction over the same engine."""
        data = self.cfg.data
        if lang in (None, data.tgt_lang):
            return self
        if data.directions == "both" and lang == data.src_lang:
            if self.turned is None:     # one a model, and turned round again the translator it was turned from
                cfg, codec = reversed_config(self.cfg), self.codec
                self.turned = Translator(cfg, Codec(cfg, codec.tgt_vocab, codec.src_vocab, codec.tgt_subwords,
                                                    codec.src_subwords),
                                         self.engine, self.lexicon.reverse if self.lexicon is not None else None)
                self.turned.turned = self
            return self.turned
        if data.directions == "both":
            raise UserError(f"--to {lang}: this model writes {data.tgt_lang} and {data.src_lang}; pass one of those")
        raise UserError(f"--to {lang}: this model writes {data.tgt_lang} only (it was trained "
                        f"{data.src_lang}→{data.tgt_lang}); a model of both directions trains with "
                        "--data.directions=both")

    def use_glossary(self, glossary: dict[str, str]) -> None:
        """Source terms that always come out as the given target terms (needs a model trained with placeholders)."""
        self.glossary = dict(glossary)
        self.terms = self.pipeline.terms(self.glossary)

    def terms_with(self, glossary: dict[str, str] | None) -> Terms:
        """The translator's glossary with a request's own terms added (compiled once a request; the pipeline is
        the same for every request)."""
        return self.terms if not glossary else self.pipeline.terms({**self.glossary, **glossary})

    def describe(self) -> str:
        return self.engine.describe()

    def owed(self, sentences: list[str]) -> Owed | None:
        """The placeholder ids each sentence's translation writes exactly once (None without placeholders)."""
        if not self.placeholder_ids:
            return None
        return Owed([[self.placeholder_ids[p] for p in PLACEHOLDER.findall(sentence) if p in self.placeholder_ids]
                     for sentence in sentences], list(self.placeholder_ids.values()))

    def search(self, src_ids: list[list[int]], decode: DecodeConfig | None = None,
               owed: Owed | None = None) -> list[list[Hypothesis]]:
        """The n-best list of each source id sequence, in input order; batched by length for dense batches. With
        decode.rerank, the beam's every hypothesis ranked with the way back's scores (decoding/rerank.py)."""
        decode = decode or self.cfg.decode
        rerank = decode.rerank and decode.beam > 1        # one hypothesis (greedy) is its own ranking
        wide = replace(decode, n_best=decode.beam) if rerank else decode
        results: list = [None] * len(src_ids)
        order = sorted(range(len(src_ids)), key=lambda n: len(src_ids[n]))
        for start in range(0, len(order), decode.batch_sentences):
            chunk = order[start:start + decode.batch_sentences]
            owed_here = None if owed is None else owed._replace(tokens=[owed.tokens[n] for n in chunk])
            for n, hypotheses in zip(chunk, self.engine.search([src_ids[n] for n in chunk], wide, self.banned,
                                                               owed_here)):
                results[n] = hypotheses
        return self.reranked(src_ids, results, decode) if rerank else results

    def translate_n_best(self, lines: list[str], decode: DecodeConfig | None = None, first_line: int = 1,
                         glossary: dict[str, str] | None = None) -> list[list[Translation]]:
        """The decode.n_best best translations of each line, best first; an empty or whitespace-only line gives one
        empty translation. lines[0] is input line `first_line` (for warnings). A sentence with nothing for a model
        (only placeholders and punctuation: "Danke!", "?") is its own translation, undone by the pipeline; each
        other's translation has its source's placeholders exactly once (translate_sentences)."""
        splits = self.split(lines, first_line, glossary)
        return self.join(splits, self.translate_sentences(sentences_of(splits), decode))

    # translate_n_best in three parts, for a caller that schedules sentences itself (serving/service.py)

    def split(self, lines: list[str], first_line: int = 1,
              glossary: dict[str, str] | None = None) -> list[TextSplit | None]:
        """Each line through the pipeline's steps: its sentences as the model reads them (None for a blank line)."""
        terms, out = self.terms_with(glossary), []
        for n, line in enumerate(lines):
            applied = self.pipeline.apply(line, terms) if line.strip() else None
            out.append(None if applied is None else
                       TextSplit([Sentence(sentence, states, first_line + n) for sentence, states in
                                  zip(applied.sentences, applied.states)], applied.line_states))
        return out

    def translate_sentences(self, sentences: list[Sentence],
                            decode: DecodeConfig | None = None) -> list[list[Translation]]:
        """The n-best list of each sentence, each back through the pipeline's sentence steps, in order. A sentence
        with nothing for a model (only placeholders and punctuation) is its own translation; each other's has its
        source's placeholders exactly once (the search's rule, guarded by exactly_once, which counts its fixes);
        hypotheses that lost something else their source had come after those that did not."""
        decode = decode or self.cfg.decode
        for_model = [sentence for sentence in sentences if not nothing_to_translate(sentence.text)]
        whole = self.codec.whole_ids([sentence.text for sentence in for_model])
        src_ids = self.codec.fit(whole, line_numbers=[sentence.line for sentence in for_model])
        hypotheses_of = iter(self.search(src_ids, decode, self.owed([sentence.text for sentence in for_model])))
        limit, lengths = self.codec.limit(), iter(len(ids) for ids in whole)
        out = []
        for sentence in sentences:
            outputs, scores, trust, cut, searched = [sentence.text], [0.0], [1.0], (), [None]
            if not nothing_to_translate(sentence.text):
                hypotheses, tokens = next(hypotheses_of), next(lengths)
                cut = ((sentence.line, tokens, limit),) if tokens > limit else ()
                owed = "".join(PLACEHOLDER.findall(sentence.text))
                guarded = [exactly_once(self.codec.text(hypothesis.tokens), owed) for hypothesis in hypotheses]
                self.guard_fixes += sum(g.fixes for g in guarded)
                outputs, scores = [g.text for g in guarded], [hypothesis.score for hypothesis in hypotheses]
                searched = [tuple(hypothesis.tokens) for hypothesis in hypotheses]
                trust = [confidence(mean_log_prob(hypothesis, decode.length_penalty)) for hypothesis in hypotheses]
            back = [self.pipeline.reverse_sentence(output, sentence.states) for output in outputs]
            ranked = sorted(range(len(back)), key=lambda k: back[k].lost)[:decode.n_best]
            out.append([Translation(back[k].text, scores[k], trust[k], cut=cut, searched=(searched[k],))
                        for k in ranked])
        return out

    def reranked(self, src_ids: list[list[int]], found: list[list[Hypothesis]],
                 decode: DecodeConfig) -> list[list[Hypothesis]]:
        """Each source's hypotheses ranked with their way back's scores (decoding/rerank.py), decode.n_best of
        them."""
        if self.cfg.data.directions != "both":
            raise UserError(f"--rerank {decode.rerank}: this model translates {self.cfg.data.src_lang}→"
                            f"{self.cfg.data.tgt_lang} only, so it has no way back to score; reranking needs a model "
                            "of both directions (--data.directions=both), or leave out --rerank")
        back = self.toward(self.cfg.data.src_lang).codec
        sources = [ids[len(self.codec.prefix):] for ids in src_ids]
        scores = back_scores(self.engine.score, back.prefix, sources, found, back.limit(), decode.batch_sentences)
        return [reranked(hypotheses, b, decode.rerank)[:decode.n_best] for hypotheses, b in zip(found, scores)]

    def join(self, splits: list[TextSplit | None], translations: list[list[Translation]]) -> list[list[Translation]]:
        """Each line's n-best list from its sentences' (translations: translate_sentences of sentences_of(...)), each
        translation with this translator's languages."""
        of_sentences, out = iter(translations), []
        langs = {"src_lang": self.cfg.data.src_lang, "tgt_lang": self.cfg.data.tgt_lang}
        for split in splits:
            n_best = [Translation("", 0.0)] if split is None else \
                join_sentences(self.pipeline, [next(of_sentences) for _ in split.sentences], split.line_states)
            out.append([t._replace(**langs) for t in n_best])
        return out

    def translate(self, lines: list[str], decode: DecodeConfig | None = None, first_line: int = 1,
                  glossary: dict[str, str] | None = None) -> list[str]:
        """One translation per input line; empty or whitespace-only lines give empty translations."""
        decode = replace(decode or self.cfg.decode, n_best=1)
        return [n_best[0].text for n_best in self.translate_n_best(lines, decode, first_line, glossary)]

    def attention_maps(self, line: str, decode: DecodeConfig | None = None,
                       name: int | str = 1) -> list[AttentionMap]:
        """Translate one line sentence by sentence, as translate() does, and return where each output token of each
        sentence looked in its source; placeholders are shown as the words they stand for (the source's as
        written, the output's as filled in), not as the private-use characters the model reads. name: the line's
        number or name in a warning of a sentence too long for the model (Sentence.line)."""
        return self.sentence_maps([self.pipeline.apply(line, self.terms)], decode, name)[0]

    def lines_attention(self, lines: list[str], decode: DecodeConfig | None = None,
                        glossary: dict[str, str] | None = None,
                        searched: list[tuple | None] | None = None) -> list[list[AttentionMap]]:
        """attention_maps of each line with each quotation's map in its slot: one map per sentence of the line as
        written, its tokens in the order of the line's text (decoding/maps.py), as decoding/markup.py aligns the
        line's words; the sentences of all lines searched together, as translate_sentences searches them (the search
        is padding-invariant: a line's maps are those it has alone). glossary: a request's own terms, added as split
        adds them (the maps are those of the translation made, whose warning of a sentence too long for the model,
        naming its line, is not said again). searched: each line's translation's Translation.searched (None: none
        made), whose hypotheses are taken as they are, not searched again. A sentence with nothing to translate
        has its own tokens as its output, each its own source token's (sentence_maps' own)."""
        if self.engine.why_no_attention:
            raise UserError(self.engine.why_no_attention)
        terms, out = self.terms_with(glossary), []
        applied = [self.pipeline.apply(line, terms) for line in lines]
        for one, maps in zip(applied, self.sentence_maps(applied, decode, None, searched, own=True)):
            layout = one.line_states[-1] if one.line_states else None
            out.append(in_line_order(maps, layout if isinstance(layout, Layout) else None))
        return out

    def sentence_maps(self, applied: list[Applied], decode: DecodeConfig | None, name: int | str | None = 1,
                      searched: list[tuple | None] | None = None, own: bool = False) -> list[list[AttentionMap]]:
        """attention_maps of lines through the pipeline, their sentences in one search (but those of a line whose
        translation's hypotheses are given: searched, as lines_attention's). A sentence with nothing to translate is
        its own translation, as in translate_sentences: no model reads it, so its map has its source and no output
        rows, or (own) its source's tokens as its output, each attending to and carrying its own source token, as
        the words of a line align (a sentence of placeholders only, "It costs 5 euros." -> "Es kostet 5 €."). A map
        of a sentence longer than the model reads says so (AttentionMap.cut, its line: name)."""
        if self.engine.why_no_attention:
            raise UserError(self.engine.why_no_attention)
        sentences = [sentence for a in applied for sentence in a.sentences]            # k: a sentence of any line
        whole, limit = self.codec.whole_ids(sentences), self.codec.limit()
        src_ids = self.codec.fit(whole, line_numbers=[name] * len(sentences), warn=name is not None)
        given, first = {}, 0            # k -> the tokens of its translation's hypothesis
        for a, tokens in zip(applied, searched or [None] * len(applied)):
            if tokens is not None and len(tokens) == len(a.sentences):
                given.update((first + j, list(t)) for j, t in enumerate(tokens) if t is not None)
            first += len(a.sentences)
        for_model = [k for k, sentence in enumerate(sentences)
                     if k not in given and not nothing_to_translate(sentence)]
        found = self.search([src_ids[k] for k in for_model], replace(decode or self.cfg.decode, n_best=1),
                            self.owed([sentences[k] for k in for_model])) if for_model else []
        tokens_of = {**given, **{k: hypotheses[0].tokens for k, hypotheses in zip(for_model, found)}}
        out, first = [], 0              # first: the line's first sentence's k
        for a in applied:
            maps, first = [], first + len(a.sentences)
            for k, states, originals in zip(range(first - len(a.sentences), first), a.states, a.originals):
                ids = src_ids[k]
                source = [self.codec.src_vocab.itos[t] for t in ids]
                shown = self.pipeline.shown(source, originals, a.line_states)
                if k not in tokens_of and own:
                    itself = source[lead(source):] + [self.codec.tgt_vocab.itos[EOS]]
                    maps.append(own_map(shown, self.pipeline.shown(itself, self.pipeline.fills(states), a.line_states),
                                        carried(source, itself)))
                    continue
                if k not in tokens_of:
                    maps.append(AttentionMap(shown, [], torch.zeros(0, len(ids))))
                    continue
                tokens = tokens_of[k]
                output = [self.codec.tgt_vocab.itos[t] for t in tokens + [EOS]]
                written = self.pipeline.shown(output, self.pipeline.fills(states), a.line_states)
                cut = ((name, len(whole[k]), limit),) if len(whole[k]) > limit else ()
                maps.append(AttentionMap(shown, written, self.engine.attention(ids, tokens), carried(source, output),
                                         cut))
            out.append(maps)
        return out

    def attention_map(self, line: str, decode: DecodeConfig | None = None) -> AttentionMap:
        """The first sentence's attention_maps (translate.py --plot-attention draws one sentence)."""
        maps = self.attention_maps(line, decode)
        return maps[0] if maps else AttentionMap([], [], torch.zeros(0, 0))

    def score(self, sources: list[str], targets: list[str]) -> list[ForcedScore]:
        """How likely the model finds each given translation of its source (both sides through the pipeline's
        training steps, e.g. numbers on both sides scored as the placeholders the model reads and writes). A pair
        with an empty (or blank) side is not scored: ForcedScore(0.0, 0.0, 0), in every engine, as an empty input
        translates to an empty line."""
        real = [n for n, (s, t) in enumerate(zip(sources, targets)) if s.strip() and t.strip()]
        pairs = [self.pipeline.apply_pair(sources[n], targets[n]) for n in real]
        src_ids = self.codec.ids([s for s, _ in pairs])
        tgt_ids = self.codec.ids([t for _, t in pairs], side="tgt")
        size = self.cfg.decode.batch_sentences
        per_token = [lp for start in range(0, len(pairs), size)
                     for lp in self.engine.score(src_ids[start:start + size], tgt_ids[start:start + size])]
        out = [ForcedScore(0.0, 0.0, 0)] * len(sources)
        for n, lp in zip(real, per_token):
            out[n] = ForcedScore(sum(lp), sum(lp) / len(lp), len(lp) - 1)
        return out
