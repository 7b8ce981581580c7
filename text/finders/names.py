"""Names kept: a name the model cannot know leaves the source as a placeholder and comes back as written, or as its
English exonym ("Köln" -> "Cologne").

A word is taken for a name when
- the training corpus copies it into its translations as written (lexicon.copied: "Berlin", "Adidas"), or
- the corpus lacks it, it has a capital letter, and it is neither an inflected known word ("Hunde"), nor a
  compound of words of the corpus ("Wasserrutsche": "Wasser" + "Rutsche", which the model may well translate),
  nor a long word ending in a noun of the corpus ("Nylongewebe") or opening with one ("Windmühle"), nor one who
  does what a verb of the corpus says ("Betreiber"), nor a common noun by its ending ("-ung", "-heit", ...) or an
  everyday noun ("Liter", "Januar"), nor one letter from a common word (a typo, "Fahrad"),
  except that a word ending like a place ("-burg", "-dorf", ...) is a name even when it splits, and that a
  first word that is a greeting, a German verb form ("Tschüss", "Ruf", "Drücke", "Siehe", "Bist", "Wohnst du"
  ...; text/forms/openers.py), an English conjunction,
  sentence adverb or contraction ("Since", "Unfortunately", "I'm") or a word the corpus writes in lowercase (a
  sign's "Where" it copies) is none, or
- it is in the exonym table (text/forms/places.py), or
- it follows a title or a naming word ("Herr Bauer" -> "Mr. Bauer", "namens Wolf"; text/forms/titles.py), or
- in English, where only names are capitalized inside a sentence, the corpus writes it capitalized and seldom
  ("Sprite", "Liverpool"), or it stands in a row of capitalized words inside a sentence ("Red Bull", "Manchester
  City", "the White House"), unless it is a word a model translates: one the corpus writes capitalized often
  ("Asian", "African American") or an adjective of a people by its ending ("Scottish", "European").
Neighbouring name words are one name ("Jan Ullrich"), and a capitalized word the corpus lacks right after a name is
part of it ("Thomas Müller"); a letter's salutation before a name is one placeholder with it ("Lieber Tom" -> "Dear
Tom"), and so is a person's age in brackets after the name (text/finders/named_ages.py). A brand, a name's
particles and its abbreviations are told by their shapes (text/forms/name_shapes.py). In training pairs a name
becomes a placeholder on both sides where the target holds it as written (or as its fill), so the model learns to
carry placeholders where names stand.
"""
from __future__ import annotations

import re
from functools import partial
from typing import Callable

from text.finders.calendar_names import CalendarNames
from text.finders.copy_through import verbatim_in_target, whole_in
from text.finders.finder import PlaceholderStep
from text.finders.phrases import SALUTE
from text.forms.known_forms import COMMON, ENDINGS, KnownForms, name_part
from text.forms.lexicon import WORD, Lexicon
from text.forms.masking import Span, overlaps
from text.forms.name_shapes import ARTICLE_BEFORE, BEFORE_LOWER, BRAND, CAMEL, PARTICLES, SAINTS, SUFFIXES
from text.forms.openers import AUXILIARIES, ENGLISH_OPENERS, IMPERATIVES, QUESTION_SUBJECT, QUESTION_WORDS
from text.forms.phrase_tables import SALUTATIONS, TABLES
from text.forms.places import PLACE_ENDINGS, exonyms
from text.forms.sentence_ends import BEFORE_SENTENCE
from text.forms.titles import ARTICLES, DETERMINERS, KIN_IN_GERMAN, NAMED, POSSESSIVE, english_possessive, \
    german_possessive, listed, titled

# a square's noun after a name is a place's name ("Nächster Halt: Alexanderplatz": as a compound of "Platz", a model
# wrote it "Axer" and lost it)
NAMED_SQUARE = "platz"
# endings of German common nouns that no name has ("Bekämpfung", "Menschheit", "Sortiment", "Häuschen")
NOUN_ENDINGS = ("ung", "ungen", "heit", "heiten", "keit", "keiten", "schaft", "schaften", "tion", "tionen", "ität",
                "ismus", "ment", "ments", "chen", "lein", "nis", "nisse", "tum", "ling", "linge", "erei", "erin",
                "erinnen", "ärin", "ärinnen", "istin", "isten", "logie", "atur", "aturen", "ierer", "eur", "eure")
# everyday nouns an image-caption corpus may lack (units, times, money, dates): never names ("2 Liter", "im Januar")
COMMON_NOUNS = set("""
liter milliliter gramm kilogramm kilo tonne grad prozent promille minute sekunde stunde woche monat quartal cent
pfund termin kapitel seite adresse konto firma chef kollege kollegin glück salz volumen gas klima umwelt temperatur
montag dienstag mittwoch donnerstag freitag samstag sonnabend sonntag januar februar märz april juni juli september
oktober november dezember feiertag wochenende uhrzeit datum rechnung quittung gebühr steuer rabatt
""".split())
PEOPLE_ENDINGS = ("ish", "an", "ese", "ic", "ist", "ian", "ean")    # English adjectives: "Scottish", "Mexican"
# English "I" with a verb's contraction is no name ("I'm Anna, I'm from Berlin": the second came back as "I'm")
ENGLISH_I = re.compile(r"I['’](?:m|ll|ve|d|s)")
PART = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)*")      # a word, or one part of a hyphenated word
VERB_ENDINGS = ("en", "n", "t", "st", "e", "te", "ten")        # a stem's forms ("ruf" -> "rufen", "ruft")
CALLED = "called "                        # a naming "called", and its fill's German word as titles.py writes it:
NAMENS = NAMED["en"][CALLED.strip()] + " "


def capitalized_runs(text: str, translated: Callable[[str], bool] = lambda word: False) -> set[int]:
    """Where the words of English names of several capitalized words start ("Red Bull", "Manchester City", "the
    White House"): two or more in a row, one space apart, none opening a sentence nor "I" nor `translated` (a word
    the model knows capitalized: "African American" is "afroamerikanisch"); none in a line in title case (more than
    twice as many capitalized words as lowercase ones, those that open a sentence left out)."""
    words = list(WORD.finditer(text))
    opens = [w.start() == 0 or BEFORE_SENTENCE.search(text, 0, w.start()) is not None for w in words]
    capital = [w.group()[:1].isupper() and w.group()[1:2].islower() and not o and not translated(w.group())
               for w, o in zip(words, opens)]
    if sum(capital) > 2 * sum(w.group()[:1].islower() for w in words):
        return set()
    starts: set[int] = set()
    run: list[re.Match] = []
    for word, cap in zip(words + [None], capital + [False]):
        if cap and (not run or text[run[-1].end():word.start()] == " "):
            run.append(word)
            continue
        if len(run) >= 2:
            starts |= {w.start() for w in run}
        run = [word] if cap else []
    return starts


class Names(PlaceholderStep):
    def __init__(self, lexicon: Lexicon, source: str = "de", target: str = "en"):
        self.lexicon, self.exonyms = lexicon, exonyms(source, target)
        self.forms = KnownForms(lexicon)
        self.source, self.target = source, target
        openers = TABLES.get((source, target), {}) | SALUTATIONS.get(source, {})
        self.greetings = {key for key in openers if " " not in key}
        phrases = sorted((p for p in self.exonyms if " " in p), key=len, reverse=True)
        self.phrase = re.compile("|".join(map(re.escape, phrases))) if phrases else None
        self.calendar = CalendarNames(source, target)
        genitives = {("en", "de"): german_possessive,
                     ("de", "en"): partial(english_possessive, capitalized=self.written_as_noun)}
        self.genitive = genitives.get((source, target))
        self.salutation = SALUTE.get(source) if (source, target) in TABLES else None

    def find(self, text: str, brands: bool = True) -> list[Span]:
        """brands: a brand's camel case ("eBay"), and a line that is only a brand whose acronym is a name ("LG
        Electronics": BRAND), are names too (not in training pairs)."""
        brand = BRAND.fullmatch(text) if brands else None
        if brand and self.name_part(brand["acronym"]):
            start, end = brand.start("acronym"), len(text.rstrip())
            return [Span(start, end, text[start:end])]
        spans = [Span(m.start(), m.end(), self.exonyms[m.group()]) for m in self.phrase.finditer(text)] \
            if self.phrase else []
        spans += [s for s in titled(text, self, self.source, self.target) if not overlaps(s, spans)]
        dated = self.calendar.find(text)     # "In December Jan Ullrich": the month is no part of the name
        found: list[tuple[int, int]] = []
        titled_run = capitalized_runs(text, self.translated) if self.source == "en" else set()
        for n, word in enumerate(WORD.finditer(text)):
            if n == 0 and self.opens_sentence(word.group(), text[word.end():]) and \
                    not self.kin_possessive(text, word.start(), word.end()):
                continue
            for part in PART.finditer(word.group()):
                start, end = word.start() + part.start(), word.start() + part.end()
                if dated and overlaps(Span(start, end, ""), dated):
                    continue
                after_name = bool(found) and text[found[-1][1]:start] == " "
                if self.is_name(part.group(), word.group(), brands) or (after_name and self.surname(part.group())) or \
                        word.start() in titled_run or self.kin_possessive(text, start, end):
                    found.append((start, end))
        found = sorted({*found, *listed(text, found, self.listed)})
        runs: list[list[tuple[int, int]]] = []
        for start, end in found:             # neighbours (one space or hyphen apart) are one name
            if any(s.start <= start < s.end for s in spans):
                continue
            gap = text[runs[-1][-1][1]:start] if runs else None
            if gap in (" ", "-") or gap == ". " and text[slice(*runs[-1][-1])] in SAINTS or \
                    gap in PARTICLES and self.name_part(text[slice(*runs[-1][-1])]) and \
                    self.name_part(text[start:end]) and not ARTICLE_BEFORE.search(text, 0, runs[-1][0][0]) and \
                    text[slice(*runs[-1][0])].lower() not in DETERMINERS | ARTICLES:   # "St. Louis", "Rio de Janeiro"
                runs[-1].append((start, end))
            else:
                runs.append([(start, end)])
        for run in runs:
            start, end = run[0][0], run[-1][1]
            fill = self.exonyms.get(text[start:end]) or self.possessive(text, start, end)
            if text[slice(*run[-1])] in SUFFIXES and BEFORE_LOWER.match(text, end):
                fill, end = fill + ".", end + 1       # "King Jr. spoke": its full stop (a model lost it: "Jr hier")
            spans.append(Span(start, end, fill))
        return self.saluted(text, sorted(spans))

    def kin_possessive(self, text: str, start: int, end: int) -> bool:
        """A capitalized English kin word a family calls one of its own by, with "'s" before a noun: a name's
        possessive, though the corpus writes the word in lowercase, at a sentence's start too ("Mom's car is red."
        -> "Mamas Auto ..."; a model wrote "Mome des Autos ist rot.")."""
        word = text[start:end]
        m = POSSESSIVE.search(word)
        return self.genitive is german_possessive and m is not None and word[:1].isupper() and \
            m.group("stem").lower() in KIN_IN_GERMAN and \
            german_possessive(word, text, end, self.lexicon.nouns) is not None

    def name_part(self, word: str) -> bool:
        """A capitalized word that a particle may join to a name: one the corpus copies ("Vinci") or lacks ("Rio"),
        no common word of it ("Foto")."""
        return name_part(word, self.lexicon)

    def saluted(self, text: str, spans: list[Span]) -> list[Span]:
        """A letter's salutation and the name after it as one span ("Lieber Tom" -> "Dear Tom", "Sehr geehrter Herr
        Bauer" -> "Dear Mr. Bauer", "Dear Tom" -> "Hallo Tom": as two placeholders a model wrote "Dear, Tom"); the
        salutation alone where no name follows ("Liebe Eltern")."""
        m = self.salutation.match(text) if self.salutation else None
        if m is None:
            return spans
        word = SALUTATIONS[self.source][" ".join(m.group(1).lower().split())]
        name = next((s for s in spans if s.start == m.end()), None)
        if name is None:
            return [Span(m.start(1), m.end(1), word), *spans]
        return [Span(m.start(1), name.end, f"{word} {name.fill}"), *(s for s in spans if s is not name)]

    def possessive(self, text: str, start: int, end: int) -> str:
        """A name as written, or before a noun in the other language's genitive: English "Tom's" as German's "Toms",
        German "Lisas" as English "Lisa's" (text/forms/titles.py). One the corpus copies as written stays ("Domino's
        pizza": a brand), unless the corpus copies the name without its "'s" (German: its "s") too ("John's car": a
        sign for "John's Pizza" had made it one; "Johns Auto": "Papa Johns")."""
        name = text[start:end]
        bare = POSSESSIVE.sub(r"\g<stem>", name)
        if bare == name and self.source == "de" and name.endswith("s"):         # German "Johns": "John" copied too
            bare = name[:-1]
        if self.genitive is None or self.lexicon.copied(name) and not (bare != name and self.lexicon.copied(bare)):
            return name
        return self.genitive(name, text, end, self.lexicon.nouns) or name

    def written_as_noun(self, word: str) -> bool:
        """Whether the corpus writes a capitalized word so inside its sentences and does not copy it: a German noun
        (German capitalizes them) that its noun dictionary may lack ("Geburtstag")."""
        return word[:1].isupper() and (self.lexicon.cased(word) or "")[:1].isupper() and not self.lexicon.copied(word)

    def is_name(self, word: str, whole: str | None = None, brands: bool = False) -> bool:
        """word: one part of a hyphenated word (whole), or a word: "Giants" of "Giants-Trikot" is a name; with
        brands, a brand's camel case ("eBay") too."""
        if len(word) < 2 or self.source == "en" and ENGLISH_I.fullmatch(word):
            return False
        if word in self.exonyms or self.lexicon.copied(word) or (whole and self.lexicon.copied(whole)) or \
                brands and CAMEL.fullmatch(word):
            return True
        if self.source == "en" and word[:1].isupper() and self.capitalized(word) and not self.translated(word):
            return True                 # English writes it capitalized and the corpus seldom: "Sprite", "Liverpool"
        if word.islower() or self.lexicon.knows(word):
            return False
        if self.source == "de" and whole in (None, word) and word.endswith("s") and len(word) > 3 and \
                self.lexicon.copied(word[:-1]):
            return True                 # a copied name's genitive: "Tims" (a known form of "Tim" otherwise)
        lower = word.lower()
        if lower in COMMON_NOUNS or any(lower.endswith(end) and lower[:-len(end)] in COMMON_NOUNS for end in ENDINGS):
            return False
        if lower.endswith(PLACE_ENDINGS):
            return True
        if lower.endswith(NOUN_ENDINGS):
            return False
        stem = word[:-len(NAMED_SQUARE)]
        if lower.endswith(NAMED_SQUARE) and len(stem) >= 4 and self.is_name(stem) and \
                not any(self.lexicon.knows(stem.lower() + end) for end in ("en", "n")):
            return True                 # a square named after a name: "Alexanderplatz"; not "Spielplatz", "Stellplatz"
        return not self.forms.known(word)

    def listed(self, word: str) -> bool:
        """Whether a word beside a name in a list may be a name too: in English any capitalized word but one a model
        translates, in German one the corpus lacks ("Anna, Brot und Milch" is no list of names)."""
        if self.source == "en":
            return not (self.translated(word) or ENGLISH_I.fullmatch(word))
        return not self.lexicon.knows(word)

    def translated(self, word: str) -> bool:
        """A capitalized English word a model translates rather than copies: one the corpus writes capitalized
        often enough for a model to know it ("Asian", "American"), or by its ending an adjective of a people, a
        place or a faith ("Scottish", "European", "Buddhist": "schottisch", "europäisch", "buddhistisch")."""
        return word.lower().endswith(PEOPLE_ENDINGS) or \
            (self.capitalized(word) and self.lexicon.count(word) >= COMMON)

    def capitalized(self, word: str) -> bool:
        """The corpus' usual spelling of the word is capitalized ("Sprite", "Asian"; not "red", nor a word it lacks)."""
        return (self.lexicon.cased(word) or "a")[:1].isupper()

    def opens_sentence(self, word: str, rest: str = "") -> bool:
        """A first word that is a greeting the phrase table knows ("Tschüss Anna", "Servus"), one the corpus
        usually writes in lowercase before a word that is not capitalized (a sign's "Where" is copied, but "where"
        is a word; "New York" stays a name), in English a conjunction,
        sentence adverb or contraction ("Since", "Unfortunately", "I'm") and in German a verb form the corpus holds
        in another person ("Ruf" of "ruft", "Drücke" of "drücken"), a form of sein, haben, werden or a modal verb
        ("Bist", "Kannst"), a question word ("Wann", "Woher"), one a personal pronoun follows ("Wohnst du hier?")
        or a strong verb's imperative ("Siehe", "Nimm"): no name, though capitalized and unknown; in English also
        one a personal pronoun follows ("Did you eat?")."""
        lower = word.lower()
        if lower in self.greetings:
            return True
        if (self.lexicon.cased(word) or "A").islower() and not rest.lstrip(" -")[:1].isupper():
            return True
        if self.source == "en":
            return lower.replace("’", "'") in ENGLISH_OPENERS or self.forms.adverb(lower) or \
                QUESTION_SUBJECT["en"].match(rest) is not None
        if self.source != "de" or self.lexicon.knows(word):
            return False
        stems = {lower} | {lower[:-1] for end in "et" if lower.endswith(end)}
        forms = {stem + ending for stem in stems for ending in VERB_ENDINGS}
        return lower in IMPERATIVES or lower in AUXILIARIES or lower in QUESTION_WORDS or \
            QUESTION_SUBJECT["de"].match(rest) is not None or \
            any((self.lexicon.cased(f) or "A").islower() for f in forms)

    def surname(self, word: str) -> bool:
        """A capitalized word the corpus lacks, right after a name, is the rest of it even where it looks like a
        German word ("Thomas Müller", "Franz Beckenbauer"), unless it is a common noun by its ending or an everyday
        noun."""
        lower = word.lower()
        return len(word) >= 2 and word[0].isupper() and not self.lexicon.knows(word) and \
            lower not in COMMON_NOUNS and not lower.endswith(NOUN_ENDINGS)

    def find_paired(self, source: str, target: str) -> list[Span]:
        """A naming "called" whose target lacks its fill ("a band called X": "mit dem Namen X", "das X heißt") is the
        name alone in training: the model learns to translate it there."""
        return [Span(span.start + len(CALLED), span.end, span.fill[len(NAMENS):])
                if source.startswith(CALLED, span.start) and span.fill.startswith(NAMENS) and span.fill not in target
                else span for span in self.find(source, brands=False)]

    def find_in_target(self, source: str, spans: list[Span], target: str) -> list[tuple[int, int] | None]:
        """Each name where the target holds it as its fill ("Cologne", "Ms. Becker") or as the source writes it."""
        return [found or whole_in(target, source[span.start:span.end])
                for found, span in zip(verbatim_in_target(source, spans, target), spans)]
