"""Which way each line goes through a model: into the language --to names, or with --to auto (a model of both
directions) into the other language of the one the line is written in, as its language identifier reads it
(text/forms/language_id.py). A line it cannot tell (a name, a number, "OK", an empty line) goes the model's own way.

    router = Router(load_translator("runs/x/best.pt")).toward("auto")
    router.translate(["Ein Hund rennt.", "A dog runs."])       -> ["A dog runs.", "Ein Hund rennt."]
    router.translate_n_best(["A dog runs."])[0][0]             -> Translation(..., src_lang="en", tgt_lang="de")

A router answers what a Translator does (split, translate_sentences and join too, for the server's batches and for
subtitles); each sentence carries the language its way writes (Sentence.to), so sentences of both ways may be
decoded in one call and each goes through its own translator.
"""
from __future__ import annotations

import copy
import re
from dataclasses import replace

from config import DecodeConfig
from decoding.translations import Sentence, TextSplit, Translation, sentences_of
from decoding.translator import AttentionMap, ForcedScore, Translator
from decoding.translators import Translators
from text.forms.verbatim import NEEDED, span_pattern
from text.finders.phrases import written_in
from text.forms.language_id import WORD, LanguageId
from text.forms.lexicon import Lexicon
from text.forms.name_shapes import BRAND, PARTICLES
from text.forms.titles import TITLE
from util.errors import UserError
from util.languages import language_name

AUTO = "auto"
# English's "I" opening a sentence before a lowercase word: no German line has it ("I am hungry." was too close to call
# for the identifier, " am " being German too, and went German->English)
FIRST_PERSON_I = re.compile(r"(?:^|[.!?]\s+)[\"'„“‚‘»«(]?I\s+[a-z]")
# an English time of day on the 12-hour clock ("9am", "5 pm", "7:45 p.m."): no German line has it, and its "am" is a
# German word ("Open Mon-Fri 9am-5pm" was read as German and came back as "9am-5pm Mon-Fri"); "um 9 am Bahnhof" is
# German, so "am" only without a space
ENGLISH_CLOCK = re.compile(r"\b\d{1,2}(?::\d\d)?(?:[ap]m\b|\s?pm\b|\s?[ap]\.m\.)", re.IGNORECASE)
# a line of a menu or a price tag whose price is written the German way, decimal comma and the sign after, is German
# whatever its item's letters say ("Hot Dog 4,50 €" read as English came back as "De Hunde 4,50 €", "Pizza Margherita
# 8,90 €" was copied as English); English writes "€4.50"
# two capitalized words joined by a name's particle ("Ursula von der Leyen", "Ana de la Cruz"): a name written alike in
# both languages where neither word is a common word of either corpus ("Ursula von der Leyen visited Paris." was read
# as German for "von der" and came back as "Ursula von der Leyen between Paris.")
PARTICLED = re.compile(r"\b([A-ZÄÖÜ][\w'’-]*)(?:%s)([A-ZÄÖÜ][\w'’-]*)" %
                       "|".join(re.escape(p) for p in sorted(PARTICLES, key=len, reverse=True)))
GERMAN_PRICE_TAG = re.compile(r"\s*[^\W\d_][^.!?:]*?\s\d{1,3}(?:\.\d{3})*,(?:\d\d|-{1,2})\s?(?:€|EUR|Euro)\s*")


def without_titled_names(text: str) -> str:
    """The text with every title and its name left out, German's and English's ("Frau Schneider", "Mr. Baker")."""
    for pattern in TITLE.values():
        text = pattern.sub(" ", text)
    return text


class Router:
    def __init__(self, translator: Translator):
        """translator: the model's (its direction is the way a line the identifier cannot tell goes)."""
        data = translator.cfg.data
        self.own, self.to = data.tgt_lang, AUTO
        self.ways = Translators(translator)        # by the language each writes
        # source -> target language; each way's source lexicon (the other way's: the reverse, as toward gives it)
        self.reads = {data.src_lang: data.tgt_lang, **({data.tgt_lang: data.src_lang} if len(self.ways) == 2 else {})}
        lexicon = translator.lexicon
        self.source_lexicons = {source: lexicon if source == data.src_lang or lexicon is None else lexicon.reverse
                                for source in self.reads}
        self.identifier = identifier_of(self.source_lexicons) if len(self.ways) == 2 else None

    def toward(self, to: str | None) -> "Router":
        """The router that writes `to` (a language the model writes, or AUTO; None: the model's own language)."""
        to = to or self.own
        if to != AUTO and to not in self.ways:
            self.ways[self.own].toward(to)      # the one-line error naming what the model writes
            raise UserError(f"--to {to}: this model does not write {to}")
        turned = copy.copy(self)            # the same translators and identifier
        turned.to = to
        return turned

    @property
    def fallback(self) -> str:
        """The language a line whose way nothing else decides is written in: --to's, else the model's own."""
        return self.own if self.to == AUTO else self.to

    @property
    def default(self) -> Translator:
        return self.ways[self.fallback]

    def reading(self, lang: str | None) -> Translator:
        """The translator of a line written in `lang` that the router reads right (None: the default's)."""
        if lang is None:
            return self.default
        if lang not in self.reads:
            raise UserError(f"--from {lang}: this model reads {' and '.join(self.reads)}; pass one of those")
        return self.ways[self.reads[lang]]

    @property
    def cfg(self):
        return self.default.cfg

    @property
    def codec(self):
        return self.default.codec

    @property
    def engine(self):
        return self.default.engine

    def describe(self) -> str:
        return self.default.describe()

    def direction(self) -> str:
        """What it translates, for a log: "de→en", or with --to auto "de→en or en→de, by each line's language"."""
        ways = [f"{source}→{lang}" for source, lang in self.reads.items()]
        if self.to == AUTO and len(ways) == 2:
            return f"{' or '.join(ways)}, by each line's language"
        return f"{self.cfg.data.src_lang}→{self.cfg.data.tgt_lang}"

    def note(self) -> str | None:
        """What a user of --to auto should know: that a model of both directions cannot tell its languages apart."""
        if self.to != AUTO or len(self.ways) < 2 or self.identifier is not None:
            return None
        data = self.ways[self.own].cfg.data
        return (f"note: this model stores no language identifier nor lexicon to learn one from, so --to auto "
                f"translates every line {data.src_lang}→{data.tgt_lang}; pass --to {data.src_lang} for "
                f"{data.tgt_lang} lines")

    def read(self, line: str) -> str | None:
        """The language the identifier reads the line as, where it is one the model reads; None where it cannot
        tell (or there is nothing to tell: one direction, or a fixed --to). What travels as written is left out
        (text/finders/copy_through.py: URLs, e-mail addresses, handles, codes, file names): "Kontakt:
        info@example.com" read as English for "example", "com". A line made up mostly of the everyday phrases of one
        of the languages is written in it (text/finders/phrases.py: "Kind regards, Anna" is no German). Nor does a
        name with its title tell, in either language, where other words do: "I meet Frau Schneider today." is
        English ("Frau" alone outweighed the rest), "Herr Bauer" alone is read as before. An item and its price written
        the German way is German ("Hot Dog 4,50 €")."""
        return self.identify(line) if self.to == AUTO else None

    def identify(self, line: str) -> str | None:
        """The language the identifier reads the line as (Router.read's rules), whatever --to says; None where it
        cannot tell, or a model of one direction has no identifier."""
        if self.identifier is None:
            return None
        # a URL's letters are neither language's
        copied = span_pattern().sub(" ", line) if NEEDED.search(line) else line
        text = ENGLISH_CLOCK.sub(" ", copied)
        untitled = self.without_particled_names(without_titled_names(text))
        brand = BRAND.fullmatch(line)       # written alike in both languages: the model's own way
        if brand and not any(brand["acronym"].lower() in words for words in self.identifier.words.values()):
            return written_in(line)                  # "LG Electronics": a brand's acronym, no word ("OK Google")
        if GERMAN_PRICE_TAG.fullmatch(line) and "de" in self.reads:
            return "de"
        lang = written_in(line) or self.identifier.which(untitled if WORD.search(untitled) else text) or \
            ("en" if FIRST_PERSON_I.search(line) or ENGLISH_CLOCK.search(line) else None) or self.known_in(untitled)
        return lang if lang in self.reads else None

    @property
    def lexicons(self) -> dict:
        """Each source language's corpus words (its way's lexicon), for lines the identifier cannot tell."""
        return {source: lexicon for source, lexicon in self.source_lexicons.items() if lexicon is not None}

    def without_particled_names(self, text: str) -> str:
        """The text without its names of particles (PARTICLED) whose words no corpus holds but as names."""
        lexicons = self.lexicons.values()

        def named(word: str) -> bool:
            return all(lexicon.copied(word) or not lexicon.knows(word) for lexicon in lexicons)
        return PARTICLED.sub(lambda m: " " if lexicons and named(m[1]) and named(m[2]) else m[0], text)

    def known_in(self, text: str) -> str | None:
        """The one language whose corpus alone holds some words of the text, for a line the identifier cannot tell:
        "Add salt." ("add" is a word of English captions, too rare for the identifier's words, "salt" of neither)
        went German->English; None where both languages have words of their own, or neither has. A word in capitals
        tells nothing ("OK", "LG")."""
        words = [word for word in WORD.findall(text) if not word.isupper()]
        lexicons = self.lexicons
        found = {lang for lang, lexicon in lexicons.items() if any(
            lexicon.knows(word) and not any(other.knows(word) for other in lexicons.values() if other is not lexicon)
            for word in words)}
        return found.pop() if len(found) == 1 and len(lexicons) == 2 else None

    def sent_into_their_own(self, lines: list[str]) -> int:
        """How many of the lines a fixed --to sends into the language they are written in already: each is read
        as the other language, with its rules ("1.200" as English's 1.2)."""
        if self.to == AUTO:
            return 0
        return sum(self.identify(line) == self.to for line in lines if line.strip())

    def target(self, line: str) -> str:
        """The language the line's translation is written in."""
        lang = self.read(line)
        return self.reads[lang] if lang is not None else self.fallback

    def term_languages(self, lines: list[str] = ()) -> list[tuple[str, str]]:
        """The names of the languages a glossary's terms are in, (source, target) for each way the lines go (without
        lines: each way a line may go), in the model's order: [("English", "German")] for --to de on a model of both
        directions, both pairs for --to auto where the lines are of both languages."""
        worded = [line for line in lines if line.strip()]
        targets = {self.target(line) for line in worded} if worded else \
            set(self.ways) if self.to == AUTO and self.identifier is not None else \
            {self.fallback}
        return [(language_name(source), language_name(lang)) for source, lang in self.reads.items() if lang in targets]

    def by_way(self, targets: list[str]):
        """(language, its translator, the indices of the items written in it) for each way that has any."""
        for lang in self.ways:
            mine = [n for n, target in enumerate(targets) if target == lang]
            if mine:
                yield lang, self.ways[lang], mine

    def split(self, lines: list[str], first_line: int = 1, glossary: dict[str, str] | None = None,
              names: list[str] | None = None) -> list[TextSplit | None]:
        """Translator.split by the translator of each line's way; each split and sentence says its way (.to), and
        its line for warnings: its number from first_line, or names[n] (a request's "line 2 of texts[1]")."""
        out: list = [None] * len(lines)
        for lang, way, mine in self.by_way([self.target(line) for line in lines]):
            for n, split in zip(mine, way.split([lines[n] for n in mine], glossary=glossary)):
                if split is not None:
                    line = names[n] if names else first_line + n
                    out[n] = split._replace(to=lang, sentences=[sentence._replace(line=line, to=lang)
                                                                for sentence in split.sentences])
        return out

    def translate_sentences(self, sentences: list[Sentence],
                            decode: DecodeConfig | None = None) -> list[list[Translation]]:
        """Translator.translate_sentences, each sentence by the translator of its way (Sentence.to)."""
        out: list = [None] * len(sentences)
        for _, way, mine in self.by_way([sentence.to or self.fallback for sentence in sentences]):
            for n, translations in zip(mine, way.translate_sentences([sentences[n] for n in mine], decode)):
                out[n] = translations
        return out

    def join(self, splits: list[TextSplit | None], translations: list[list[Translation]]) -> list[list[Translation]]:
        """Translator.join, each line by the translator of its way (a blank line: the default's)."""
        of_sentences, out = iter(translations), []
        for split in splits:
            way = self.ways[split.to or self.fallback] if split is not None else self.default
            out.append(way.join([split], [next(of_sentences) for _ in ([] if split is None else split.sentences)])[0])
        return out

    def translate_n_best(self, lines: list[str], decode: DecodeConfig | None = None, first_line: int = 1,
                         glossary: dict[str, str] | None = None) -> list[list[Translation]]:
        """Translator.translate_n_best, each line the way the router gives it."""
        splits = self.split(lines, first_line, glossary)
        return self.join(splits, self.translate_sentences(sentences_of(splits), decode))

    def translate(self, lines: list[str], decode: DecodeConfig | None = None, first_line: int = 1,
                  glossary: dict[str, str] | None = None) -> list[str]:
        decode = replace(decode or self.cfg.decode, n_best=1)
        return [n_best[0].text for n_best in self.translate_n_best(lines, decode, first_line, glossary)]

    def use_glossary(self, glossary: dict[str, str]) -> None:
        """Every way's: a term is looked for in each source, whichever its language."""
        for way in self.ways.values():
            way.use_glossary(glossary)

    def attention_maps(self, line: str, decode: DecodeConfig | None = None,
                       name: int | str = 1) -> list[AttentionMap]:
        return self.ways[self.target(line)].attention_maps(line, decode, name)

    def lines_attention(self, lines: list[str], decode: DecodeConfig | None = None,
                        glossary: dict[str, str] | None = None,
                        searched: list[tuple | None] | None = None) -> list[list[AttentionMap]]:
        """Translator.lines_attention, each line by the translator of its way (one search a way)."""
        out: list = [None] * len(lines)
        searched = searched or [None] * len(lines)
        for _, way, mine in self.by_way([self.target(line) for line in lines]):
            for n, maps in zip(mine, way.lines_attention([lines[n] for n in mine], decode, glossary,
                                                         [searched[n] for n in mine])):
                out[n] = maps
        return out

    def attention_map(self, line: str, decode: DecodeConfig | None = None) -> AttentionMap:
        return self.ways[self.target(line)].attention_map(line, decode)

    def score(self, sources: list[str], targets: list[str]) -> list[ForcedScore]:
        """Translator.score, each pair by the translator of its source's way."""
        out: list = [None] * len(sources)
        for _, way, mine in self.by_way([self.target(source) for source in sources]):
            for n, scored in zip(mine, way.score([sources[n] for n in mine], [targets[n] for n in mine])):
                out[n] = scored
        return out


def identifier_of(lexicons: dict[str, Lexicon | None]) -> LanguageId | None:
    """A model of both directions' language identifier (lexicons: each source language's): stored with its lexicon,
    else learned from its two lexicons' words (a model trained before identifiers were stored), else None (every line
    goes the model's own way)."""
    stored = [lexicon.languages for lexicon in lexicons.values() if lexicon is not None and lexicon.languages]
    if stored:
        return stored[0]
    if any(lexicon is None for lexicon in lexicons.values()):
        return None
    return LanguageId.from_words({lang: lexicon.counts for lang, lexicon in lexicons.items()})
