"""Any case: an ALL-CAPS (or mostly-caps) sentence, or one typed all in lowercase, reaches the model as the corpus
would write it, and a caps sentence's translation comes back in caps.

    Case(lexicon).apply("EIN MANN SPIELT GITARRE.")   -> ("Ein Mann spielt Gitarre.", Cased(upper=True, ...))
    Case(lexicon).reverse("A man plays guitar.", state) -> "A MAN PLAYS GUITAR."

Each word is written as the training corpus usually writes it (lexicon.py); a word the corpus lacks gets a capital
first letter in a caps line (in German most unknown words are nouns or names) and stays lowercase in a lowercase
one ("kg", "value") unless it is a place ("köln", "düsseldorf"); the first word is capitalized (not after a quotation
that opens the sentence: '"Stop!" shouted the officer.' -> "Shouted" was kept as a name), and so is a word after
a title ("MR. BAKER" -> "Mr. Baker", not the corpus's "baker"), and a word the corpus lacks after "herr" or
"frau" ("herr schaten" -> "Herr Schaten": in lowercase no name was found, and the typos step made it "Schatten"),
kin or a naming word ("her brother noah" -> "her brother Noah": a model dropped the lowercase name), and an English
place of common words is written as a name ("new york" -> "New York", not the corpus's "new York"). In a caps line a
word the corpus lacks that the phrase tables write in lowercase stays lowercase ("ICH BRAUCHE" -> "Ich brauche"), and
in a lowercase one a weekday's or a month's name the corpus lacks gets its capital ("closed on sundays").
Tokens that are no words (URLs, e-mail addresses, codes with digits, hashtags) keep their case, and so do they in
the caps output, whatever punctuation stands around them, and a lowercase sentence that starts with one ("www.zoo.de
ist ...", "@lena schreibt ...") gets no capital on it; a term of the user's glossary is written as the glossary
writes it ("kölner dom" -> "Kölner Dom"), so it is found, but not inside such a token. A lowercase sentence's
translation keeps the model's normal case. A sentence in ordinary case is left alone; one with a capital, even a
one-letter word ("A man weighs 80 kg."), is not a lowercase sentence.
"""
from __future__ import annotations

import re
from typing import NamedTuple

from text.forms.calendar import MONTHS, WEEKDAYS
from text.forms.verbatim import LAUGHED, inside_copied
from text.finders.calendar_names import DAY_SHORT
from text.finders.glossary import Terms
from text.forms.places import EXONYMS, PLACE_ENDINGS, WORDED_PLACES
from text.finders.phrases import SIGN_OFF
from text.finders.slots import SLOT
from text.forms.lexicon import WORD, Lexicon
from text.forms.openers import AUXILIARIES, ENGLISH_OPENERS, IMPERATIVES, QUESTION_WORDS
from text.forms.phrase_tables import GREETINGS, PAIRS
from text.forms.statements import written_words
from text.forms.titles import TO_ENGLISH
from text.step import Step

CAPS_SHARE = 0.6         # a sentence whose words' letters are at least this share upper case is a caps sentence
TOKEN = re.compile(r"\S+")
PUNCTUATION = ".,;:!?\"'„“”‚‘’»«()[]{}<>…-–—"
TITLES = {"mr", "mrs", "ms", "dr", "prof"}     # with their period, a name follows; "mr", "mrs", "ms" without one too
BARE_TITLES = {"mr", "mrs", "ms"}
PLACE_NAMES = {place.lower(): place for place in WORDED_PLACES}
PLACES = re.compile(r"(?<![\w-])(?i:%s)(?![\w-])" % "|".join(p.replace(" ", r"\s+") for p in WORDED_PLACES))
# words hyphened to a number ("3-JÄHRIGER", "5-ZIMMER-WOHNUNG"): each written as the corpus writes it, or the number
# step finds no "3-jähriger" and the model reads German in capitals
NUMBER_HYPHENED = re.compile(r"\d+(?:[.,]\d+)?(?:-[^\W\d_]+)+")
LETTERS = re.compile(r"[^\W\d_]+")
# "herr", "herrn", "frau": a word after one that the corpus lacks is a name ("frau kellner": a noun); so after kin
# or a naming word ("her brother noah", "ein hund namens bello": in lowercase the model lost the name)
# English determiners: a noun of the corpus right after one is no verb ("THE DOG COSTS": "dog"; "I SAW ANNA": "saw")
DETERMINERS = set("the a an this that these those my your his her its our their every each".split())
HONORIFICS = {title.lower() for title in TO_ENGLISH} | set("""
    brother sister friend son daughter mother father mom dad uncle aunt cousin wife husband grandma grandpa boyfriend
    girlfriend neighbor neighbour named called bruder schwester freund freundin sohn tochter mutter vater onkel tante
    oma opa cousine nachbar nachbarin namens heißt heiße heißen""".split())
# a greeting or wish that addresses someone, and the one or two words after it that end the sentence: in a lowercase
# line those the corpus lacks are the addressee's name ("liebe grüße, tom" -> "Best wishes, there is about to get";
# "herzlichen glückwunsch, maria!"); not after thanks, a request or an answer ("danke, super!", "ok, cool")
UNADDRESSED = set("""bitte please danke thanks ok okay ja nein naja entschuldigung sorry""".split())
ADDRESSING = sorted((g for lang in GREETINGS.values() for g in lang if not UNADDRESSED & set(g.split()) and
                     not {"heiße", "name", "thank", "dank", "leid"} & set(g.split())), key=len, reverse=True)
ADDRESSED = re.compile(rf"\W*(?i:{'|'.join(re.escape(g).replace(chr(92) + ' ', ' +') for g in ADDRESSING)})"
                       r"(?:\s*,\s*|\s+)([^\W\d_]+(?: +[^\W\d_]+)?)[\s.!?]*")
GREETING_WORDS = {w for lang in GREETINGS.values() for g in lang for w in g.split()}      # "bis dann, ciao"
# words that open a lowercase sentence and are no name's first word ("sieh", "bist", "wo", "since")
NEVER_NAMES = IMPERATIVES | AUXILIARIES | QUESTION_WORDS | ENGLISH_OPENERS
# weekdays and their abbreviations: in a hyphened range in a caps or lowercase line each is a name of its own
# ("MO-FR", "mo-fr" -> "Mo-Fr", not "Mo-fr", whose "fr" no finder read: "MO-FR 9-18 UHR GEÖFFNET" came back "MO
# PLAYERS 9 AM-6 PM")
DAY_WORDS = {w for short in DAY_SHORT.values() for w in short} | {d.lower() for ds in WEEKDAYS.values() for d in ds}


def table_written(lang: str | None = None) -> frozenset[str]:
    """Words the phrase tables (the phrasebook's, the statements') write in lowercase and never capitalized but
    first in a phrase, where a capital says nothing: a verb's or an adjective's the corpus may lack ("brauche",
    "lecker"; "wunderbar" though "Wunderbar!" is a phrase). Each language apart: a word one of them writes only
    first may be its noun ("Newsletter abonnieren", though English writes "the newsletter"); lang: one language's
    words ("de", "en"), None: both's."""
    seen: dict[str, dict[str, set[str]]] = {}     # word -> language -> its forms inside a phrase
    def saw(word: str, lang: str, first: bool) -> None:
        seen.setdefault(word.lower(), {}).setdefault(lang, set()).update(() if first else {word})
    for pair in PAIRS:
        for side, text in zip(("de", "en"), pair):
            for k, word in enumerate(WORD.findall(text)):
                saw(word, side, k == 0)
    for side in ("de", "en"):
        for word, first in written_words(side):         # the statements', from their tables
            saw(word, side, first)
    return frozenset(word for word, sides in seen.items() if (lang in sides if lang else True) and
                     all(forms == {word} for side, forms in sides.items() if side == lang or lang is None))


# in a caps line such a word the corpus lacks stays lowercase: as "Brauche" it was kept as a name ("ICH BRAUCHE EINE
# QUITTUNG." -> "I BRAUCHE A RECEIPT."), and so does a sign's "weekends", as the phrase step reads it ("CLOSED ON
# WEEKENDS." -> "CABDIE AM WOCHENENDE.")
WEEKENDS = {"weekend", "weekends", "weekday", "weekdays"}
TABLE_LOWERCASE = {lang: table_written(lang) | (WEEKENDS if lang != "de" else set())
                   for lang in ("de", "en", None)}     # by the line's language; None: a step told none


class Cased(NamedTuple):
    upper: bool              # the source was caps: the translation goes back to caps
    kept: tuple[str, ...]    # tokens of the source that were no words: they keep their case in the output


def kind(text: str) -> str:
    """"caps", "lower" or "normal", by the letters of its words (a URL's do not count)."""
    every = [w for t in TOKEN.findall(text) if is_word(t) for w in WORD.findall(t)]
    words = [w for w in every if len(w) > 1]          # "A" in a caps line is no evidence of shouting
    letters = [c for w in words for c in w]
    upper = sum(c.isupper() for c in letters)
    signed = SIGN_OFF["de"].fullmatch(text)     # "VG Tom": the phrase step's sign-off; its abbreviation is no shouting
    if signed and not any(len(w) > 1 and w.isupper() for w in WORD.findall(signed.group(3))):
        return "normal"
    if len(words) >= 2 and upper >= CAPS_SHARE * len(letters):
        return "caps"
    if len(words) >= 2 and not any(c.isupper() for w in every for c in w):     # "A man weighs 80 kg." is not
        return "lower"
    return "normal"


def bare(token: str) -> str:
    """A token without the punctuation around it."""
    return token.strip(PUNCTUATION)


def is_word(token: str) -> bool:
    """A token of letters (with inner hyphens or apostrophes) and trailing or leading punctuation."""
    return WORD.fullmatch(bare(token)) is not None


# weekdays and months, English's plural weekdays too ("closed on sundays": as "sundays" the sign was not read), not
# the months that are words too ("may", "march")
CALENDAR_NAMES = {name.lower() for lang in WEEKDAYS.values() for name in lang} | \
    {name.lower() + "s" for name in WEEKDAYS["en"]} | \
    {name.lower() for lang in MONTHS.values() for name in lang} - {"may", "march"}


def looks_like_a_place(word: str) -> bool:
    """A lowercase word that is a place all the same: one in the exonym table ("köln"), or a long one ending like
    a place ("düsseldorf")."""
    return word.capitalize() in EXONYMS or (len(word) >= 6 and word.lower().endswith(PLACE_ENDINGS))


class Case(Step):
    def __init__(self, lexicon: Lexicon, terms: Terms | None = None, everyday: Terms | None = None,
                 lang: str | None = None):
        """everyday: the built-in everyday nouns' terms (text/finders/glossary.py's EverydayNouns), written as the
        table writes them as a glossary's are ("ich brauche eine quittung" -> "... Quittung"), a request's glossary
        or not; lang: the language of the lines (TABLE_LOWERCASE's), None: either."""
        self.lexicon, self.terms, self.lang = lexicon, terms if terms is not None else Terms(), lang
        self.everyday = everyday if everyday is not None else Terms()

    def given(self, terms: Terms) -> "Case":
        return Case(self.lexicon, terms, self.everyday, self.lang)

    def apply(self, text: str) -> tuple[str, Cased | None]:
        found = kind(text)
        if found == "normal":
            return text, None
        kept = tuple(bare(t) for t in TOKEN.findall(text) if not is_word(t) and bare(t))
        if found == "caps":      # a name in its own case beside caps ("HALLO Anna" came back as "HELLO ANNA") keeps it
            kept += tuple(w for t in TOKEN.findall(text) if is_word(t) for w in WORD.findall(t) if len(w) > 1 and
                          w.istitle())
        pieces, terms, last = [], [], 0
        named = [(m.start(), m.end(), PLACE_NAMES[" ".join(m.group().lower().split())])     # "new york": New York
                 for m in PLACES.finditer(text)]
        glossary = self.terms.in_any_case(text)
        glossary += [t for t in self.everyday.in_any_case(text)
                     if not any(t[0] < g[1] and g[0] < t[1] for g in glossary)]
        for start, end, term in sorted(glossary + [p for p in named if not any(p[0] < g[1] and g[0] < p[1]
                                                                               for g in glossary)]):
            if inside_copied(text, start):          # not inside what is copied through ("www.hund.de", term "Hund")
                continue
            pieces.append(self.recased(text[last:start], found, last == 0))
            terms.append(sum(map(len, pieces)))
            pieces.append(term)
            last = end
        out = "".join(pieces) + self.recased(text[last:], found, last == 0)
        first = WORD.search(out)        # the sentence's first word, unless a number or a quotation comes before it
        if first and first.start() not in terms and not re.search(r"\w", out[:first.start()]) and \
                not SLOT.search(out, 0, first.start()) and \
                not inside_copied(out, first.start()):  # ("10 km weit.", "\ue100 shouted the officer.", "@lena ...")
            out = out[:first.start()] + out[first.start()].upper() + out[first.start() + 1:]
        addressed = ADDRESSED.fullmatch(out) if found == "lower" else None       # "liebe grüße, tom" -> "..., Tom"
        if addressed:
            named = WORD.sub(lambda m: m.group() if self.lexicon.cased(m.group()) is not None or len(m.group()) < 2 or
                             m.group() in NEVER_NAMES | GREETING_WORDS else m.group().capitalize(), addressed.group(1))
            out = out[:addressed.start(1)] + named + out[addressed.end(1):]
        return out, Cased(found == "caps", kept)

    def recased(self, text: str, found: str, opening: bool = False) -> str:
        """`opening`: the text opens the sentence. In a lowercase line a word the corpus lacks that opens it (it gets
        its capital as the sentence's) or that came out a name (after "herr", kin, ...) is a name's first word, and a
        word the corpus lacks right after it is the name's next ("mesut özil schießt" -> "Mesut Özil schießt": a model
        lost the lowercase "özil"; "herr karl schmidt"), unless it is kin or a naming word ("mein bruder")."""
        out, title, honorific, noun, before = [], False, False, False, ""
        first, named = opening, False       # named: the word before is a name's, one the corpus lacks
        for piece in re.split(f"({TOKEN.pattern})", text):
            if piece.strip() and LAUGHED.fullmatch(bare(piece)):     # "omg lol": as typed, and no name's word
                out.append(piece)
                title = honorific = noun = first = named = False
            elif piece.strip() and is_word(piece):
                # after a title ("MR. BAKER", "dr. weber") a word is a name, even one the corpus writes lowercase;
                # the title is written as titles are ("prof." -> "Prof.", which the names step reads)
                was_title = title
                title = bare(piece).lower() in TITLES and (piece.endswith(".") or bare(piece).lower() in BARE_TITLES)
                lower = bare(piece).lower()
                after_name = honorific or named and lower not in HONORIFICS
                recased = self.recase(piece, found, after_name, noun)
                out.append(recased.capitalize() if was_title or title else recased)
                unknown = found == "lower" and piece == bare(piece) and self.lexicon.cased(piece) is None
                named = unknown and lower not in NEVER_NAMES and (first and len(piece) > 1 or
                                                                  after_name and recased[:1].isupper())
                honorific, first = lower in HONORIFICS, False
                noun = piece == bare(piece) and before in DETERMINERS and self.lowercase_noun(piece) and not honorific
                before = bare(piece).lower()
            elif piece.strip() and NUMBER_HYPHENED.fullmatch(bare(piece)):     # "3-JÄHRIGER" -> "3-jähriger"
                out.append(LETTERS.sub(lambda m: self.recase(m.group(), found), piece))
                title = honorific = noun = first = named = False
                before = ""
            else:
                out.append(piece)
                title, honorific = title and not piece.strip(), honorific and not piece.strip()
                first, named = first and not piece.strip(), named and not piece.strip()
                noun, before = noun and not piece.strip(), before if not piece.strip() else ""
        return "".join(out)

    def lowercase_noun(self, word: str) -> bool:
        """A noun the corpus writes in lowercase (English's "dog", not German's "Hund")."""
        return word.lower() in self.lexicon.nouns and (self.lexicon.cased(word) or "A").islower()

    def recase(self, token: str, found: str, named: bool = False, after_noun: bool = False) -> str:
        """Each word as the corpus writes it; one it lacks gets a capital in a caps line, and stays as typed in a
        lowercase one ("kg", "value": a capital would make them names, kept untranslated) unless `named` (it follows
        "herr", "frau", kin or a naming word: "herr schaten" is Herr Schaten, not a slip of "Schatten"; not a German
        verb whose infinitive the corpus has: "mein bruder liebt pizza" gave "My brother show Liebt pizza"); in a caps
        line one right `after_noun`, an English noun of the corpus after a determiner, is lowercase: the noun's verb, no
        name ("THE DOG COSTS $50." -> "The dog costs": as "Costs" it was kept as a name, "DER HUND COSTS 50 $."), and so
        is an English word that is never a name (openers.py: "A MAN CALLED MAX YESTERDAY." gave "... NAMENS MAX
        YESTERDAY.")."""
        def unknown(word: str) -> str:
            lower = word.lower()
            days = lower.split("-")                                             # two days, not "so-so"
            if len(days) > 1 and len(set(days)) == len(days) and all(day in DAY_WORDS for day in days):
                return "-".join(p.capitalize() for p in word.split("-"))          # "MO-FR", "mo-fr" -> "Mo-Fr"
            if found == "caps" and (after_noun or lower in ENGLISH_OPENERS or lower in TABLE_LOWERCASE[self.lang]) \
                    and not named:
                return lower
            verb = word.endswith("t") and (self.lexicon.cased(word[:-1] + "en") or "A").islower()   # "liebt"
            if found == "caps" and not named and self.verb_form(word):
                return word.lower()             # "ICH KOMME": "Komme" was kept as a name, "I KOMME AT 8 O'CLOCK."
            return word.capitalize() if found == "caps" or named and not verb or looks_like_a_place(word) or \
                word.lower() in CALENDAR_NAMES else word
        return WORD.sub(lambda m: self.lexicon.cased(m.group()) or unknown(m.group()), token)

    def verb_form(self, word: str) -> bool:
        """A German verb's form whose infinitive the corpus writes in lowercase: "komme", "kommst", "kommt" of
        "kommen"."""
        lower = word.lower()
        infinitives = [lower + "n"] * lower.endswith("e") + [lower[:-1] + "en"] * lower.endswith("t") + \
            [lower[:-2] + "en"] * lower.endswith("st")
        return any((self.lexicon.cased(f) or "A").islower() for f in infinitives)

    def reverse(self, output: str, state: Cased | None) -> str:
        if state is None or not state.upper:
            return output
        if not state.kept:
            return output.upper()
        kept = "|".join(re.escape(t) for t in sorted(set(state.kept), key=len, reverse=True))
        keep = re.compile(rf"(?<![^\W_])(?:{kept})(?![^\W_])")        # whole: "Anna" kept is not that of "Annabelle"
        parts, last = [], 0
        for m in keep.finditer(output):
            parts += [output[last:m.start()].upper(), m.group()]
            last = m.end()
        return "".join(parts) + output[last:].upper()
