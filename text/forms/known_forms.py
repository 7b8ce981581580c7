"""Whether a capitalized word the corpus lacks is still a word of it in another form, which a model may well
translate, rather than a name: inflected ("Hunde"), a compound of its words ("Wasserrutsche"), a long word that ends
or opens with one of its nouns ("Nylongewebe", "Windmühle"), one who does what its verb says ("Betreiber"), an
English adverb of its adjective ("Suddenly") or a typo of a common word ("Fahrad"). Names asks
(text/finders/names.py)."""
from __future__ import annotations

from text.forms.lexicon import Lexicon

LINKS = ("", "s", "n", "en", "es", "er", "e")       # what joins the parts of a German compound ("Hund-e-leine")
COMMON = 20            # a word the corpus holds this often is one a typo may stand for
MIN_PART = 2           # a part of a compound is a word the corpus holds at least this often
MIN_HEAD = 3           # a noun that ends a long unknown word, held this often, makes it a compound
MIN_FRONT = 4          # a noun of the corpus this long (and held MIN_HEAD times) that opens a long unknown word ...
MIN_REST = 4           # ... before this many more letters makes it a compound ("Wind"+"mühle", "Küche-n"+"armatur")
NAME_HEADS = ("mann", "manns", "meier", "mayer", "maier", "bauer")      # ... unless they end like a surname
UMLAUTS = str.maketrans("äöü", "aou")
ENDINGS = ("e", "n", "en", "s", "es", "er", "ern", "em")    # German inflection endings
VOWELS = "aeiouäöüy"
ADVERB_STEMS = (("ily", "y"), ("ally", "al"), ("ly", ""), ("ly", "e"))   # "Luckily" <- lucky, "Finally" <- final
SIMILAR = (VOWELS, "sßz")  # letters a typo confuses
MENDED = ("iy", "sß")      # ... where the word is mended: another vowel, even its umlaut, often makes another word
# the well-known slips of short words, too short for the slips' rule ("teh cat is sleeping." came back as "Teh Katze
# schläft.": "Teh" was taken for a name); each one's word as the corpus writes it in lowercase
SHORT_SLIPS = {"teh": "the", "hte": "the", "adn": "and", "wtih": "with", "taht": "that",
               "thier": "their", "udn": "und", "nciht": "nicht", "nihct": "nicht", "dsa": "das"}


def name_part(word: str, lexicon: Lexicon) -> bool:
    """A capitalized word that may be (a part of) a name: one the corpus copies ("Vinci") or lacks ("Rio"), no common
    word of it ("Foto"); the names finder's and the reporting clauses' (text/forms/reporting.py)."""
    return word[:1].isupper() and (lexicon.copied(word) or not lexicon.knows(word))


class KnownForms:
    """The corpus' words (a Lexicon) in the forms above."""
    def __init__(self, lexicon: Lexicon):
        self.lexicon = lexicon
        # no slip of a word twice as long as the longest the corpus holds (a spelling halves "ae" at most) and one more
        # letter is one of its words: a pasted token of thousands of letters is not searched (its edits: quadratic)
        self.longest = 2 * max(map(len, lexicon.counts), default=0) + 1

    def known(self, word: str) -> bool:
        """Any of the German forms: inflected, a compound, headed or fronted by a noun, an agent, a typo."""
        return self.other_form(word) or self.typo(word)

    def other_form(self, word: str) -> bool:
        """A word of the corpus in another form: inflected, a compound, headed or fronted by a noun, an agent."""
        lower = word.lower()
        return self.inflected(word) or self.compound(lower) or self.headed(lower) or self.fronted(lower) or \
            self.agent(lower)

    def adverb(self, lower: str) -> bool:
        """An English adverb of an adjective the corpus holds in lowercase: "Suddenly" (sudden), "Luckily" (lucky),
        "Finally" (final); not "Emily" or "Kelly", whose stems are no words."""
        return len(lower) >= 6 and any(
            lower.endswith(end) and (self.lexicon.cased(lower[:-len(end)] + stem) or "A").islower()
            for end, stem in ADVERB_STEMS)

    def agent(self, lower: str) -> bool:
        """One who does what a verb of the corpus says: "Betreiber" (betreiben), "Tätowierer" (tätowieren)."""
        verb = lower[:-2] + "en"
        return len(lower) >= 7 and lower.endswith("er") and (self.lexicon.cased(verb) or "A").islower()

    def headed(self, lower: str) -> bool:
        """A long word that ends in a noun of the corpus: a compound whose first part the corpus lacks
        ("Nylon"+"gewebe", "Trink"+"glas")."""
        return len(lower) >= 9 and any(self.lexicon.count(lower[cut:]) >= MIN_HEAD and
                                       (self.lexicon.cased(lower[cut:]) or "")[:1].isupper()
                                       for cut in range(max(3, len(lower) - self.longest), len(lower) - 3))

    def fronted(self, lower: str) -> bool:
        """A long word that opens with a noun of the corpus (with its linking letters) before a part the corpus
        lacks: "Wind"+"mühle", "Himmel-s"+"schreiber", "Küche-n"+"armatur"; not when it ends like a surname or in a
        vowel German nouns seldom end in ("Luft"+"hansa")."""
        if len(lower) < MIN_FRONT + MIN_REST or lower.endswith(NAME_HEADS) or lower[-1] in "aoiy":
            return False
        return any(
            self.lexicon.count(lower[:cut]) >= MIN_HEAD and (self.lexicon.cased(lower[:cut]) or "")[:1].isupper()
            and not self.lexicon.copied(self.lexicon.cased(lower[:cut]))            # "Green"+"peace" is a name
            and any(lower[cut:].startswith(link) and len(lower) - cut - len(link) >= MIN_REST for link in LINKS)
            for cut in range(MIN_FRONT, min(len(lower) - MIN_REST, self.longest) + 1))

    def inflected(self, word: str) -> bool:
        """A known word with an inflection ending, its vowel maybe with an umlaut: "Hunde", "Kindern", "Autos",
        "Länder", "Tüchern"."""
        lower = word.lower()
        return any(lower.endswith(end) and len(lower) - len(end) >= 3 and
                   any(self.lexicon.knows(stem) for stem in {lower[:-len(end)], lower[:-len(end)].translate(UMLAUTS)})
                   for end in ENDINGS)

    def compound(self, lower: str, parts: int = 0) -> bool:
        """Words of the corpus joined, each of 3+ letters and held at least twice, with linking letters between
        them ("Eis"+"fischer"+"hütte", "Trocken"+"blume-n"+"sortiment"); the last part may be inflected. ("Wolf" +
        "gang" is a name: the corpus has "Wolf" once; "John" + "son" one too: "John" is a name the corpus copies.)"""
        if parts and (self.lexicon.count(lower) >= MIN_PART or self.inflected(lower)) and len(lower) >= 3:
            return True
        for cut in range(3, min(len(lower) - 2, self.longest + max(map(len, LINKS)) + 1)):   # no longer part is held
            rest, head = lower[:cut], lower[cut:]
            if any(rest.endswith(link) and self.lexicon.count(rest[:len(rest) - len(link)]) >= MIN_PART and
                   not self.named(rest[:len(rest) - len(link)]) for link in LINKS if len(rest) - len(link) >= 3) and \
                    self.compound(head, parts + 1):
                return True
        return False

    def named(self, lower: str) -> bool:
        """Whether the corpus copies the word as a name ("John"): no part of a compound ("John"+"son" is a name)."""
        return self.lexicon.copied(self.lexicon.cased(lower) or lower)

    def typo(self, word: str) -> bool:
        """A slip of a common word (slips, any vowel changed for another; a short word's well-known one)."""
        return bool(self.slips(word)) or word.lower() in SHORT_SLIPS and self.mended(word) is not None

    def mended(self, word: str) -> str | None:
        """The common word a slip made of it, the most often held of several, in lowercase; None for another word.
        Stricter than `typo`, since the word is rewritten: only "y" for "i" and "s" for "ß" count as changed
        ("worden", "finster", "fuhren" are words, not slips of "werden", "Fenster", "führen"), "ie" and "ei" are
        not swapped ("riefen", "stiegen" are words), a letter missing at the end only where it doubles the one
        before ("footbal"; "erwachsen", "grocer" are words), and the corpus' word as it writes it ("ss" is no "ß"
        here: "wissen" is no slip of "weißen"). Words still mended wrongly: "wüsste" (Wüste), "Ferien" (Freien),
        "stripped" (striped), "panting" (painting)."""
        short = SHORT_SLIPS.get(word.lower())
        if short is not None and not self.lexicon.knows(word):
            return short if self.lexicon.count(short) >= COMMON else None
        common = self.slips(word, strict=True)
        return common[0] if common else None

    def slips(self, word: str, strict: bool = False) -> list[str]:
        """The common words (held COMMON times or more), most often held first, that the word is with a letter
        dropped or doubled, two swapped, or a vowel (or s/ß/z) changed, the first letter kept: "Fahrad" (Fahrrad),
        "Nudlen" (Nudeln), "Fusball" (Fußball). Only for words of 6+ letters, and no consonant for another or for a
        vowel, no letter added: names are often that close to a word ("Mia" - "mit", "Angela" - "angeln", "Matteo" -
        "Matte"). `strict`: as `mended` says."""
        lower = word.lower()
        if not 6 <= len(lower) <= self.longest:
            return []
        splits = [(lower[:k], lower[k:]) for k in range(1, len(lower) + 1)]
        edits = {a + b[1:] for a, b in splits if b and b[0] == a[-1]}          # a doubled letter: "Schatten" ttt
        edits |= {a + b[1] + b[0] + b[2:] for a, b in splits if len(b) > 1 and not (strict and b[:2] in ("ie", "ei"))}
        edits |= {a + c + b for a, b in splits for c in set(lower) | set(VOWELS) if b or not strict or c == a[-1]}
        edits |= {a + c + b[1:] for a, b in splits if b for group in (MENDED if strict else SIMILAR) if b[0] in group
                  for c in group}
        count = (lambda e: self.lexicon.counts.get(e, 0)) if strict else self.lexicon.count
        return sorted((e for e in edits - {lower} if count(e) >= COMMON), key=lambda e: (-count(e), e))
