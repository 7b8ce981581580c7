"""Names kept: a name the model cannot know leaves the source as a placeholder and comes back as written, or as its
English exonym ("Köln" -> "Cologne").

A word is taken for a name when
- the training corpus copies it into its translations as written (lexicon.copied: "Berlin", "Adidas"), or
- the corpus lacks it, it has a capital letter, and it is neither an inflected known word ("Hunde"), nor a
  compound of common words ("Wasserrutsche": "Wasser" + "Rutsche", which the model may well translate), nor one
  letter from a common word (a typo, "Fahrad"),
  except that a word ending like a place ("-burg", "-dorf", ...) is a name even when it splits, or
- it is in the exonym table.
Neighbouring name words are one name ("Jan Ullrich"). In training pairs a name becomes a placeholder on both sides
where the target holds it as written (or its exonym), so the model learns to carry placeholders where names stand.
"""
from __future__ import annotations

import re

from text.copy_through import verbatim_in_target
from text.lexicon import WORD, Lexicon
from text.placeholders import PlaceholderStep, Span

# German names of places and sights -> their English names (the ones English writes differently)
EXONYMS = {
    "Köln": "Cologne", "München": "Munich", "Wien": "Vienna", "Zürich": "Zurich", "Genf": "Geneva",
    "Nürnberg": "Nuremberg", "Hannover": "Hanover", "Braunschweig": "Brunswick", "Prag": "Prague",
    "Warschau": "Warsaw", "Moskau": "Moscow", "Rom": "Rome", "Venedig": "Venice", "Mailand": "Milan",
    "Florenz": "Florence", "Neapel": "Naples", "Lissabon": "Lisbon", "Kopenhagen": "Copenhagen",
    "Brüssel": "Brussels", "Athen": "Athens", "Peking": "Beijing", "Tokio": "Tokyo", "Kairo": "Cairo",
    "Bayern": "Bavaria", "Österreich": "Austria", "Schweiz": "Switzerland", "Frankreich": "France",
    "Spanien": "Spain", "Italien": "Italy", "Griechenland": "Greece", "Türkei": "Turkey", "Russland": "Russia",
    "Polen": "Poland", "Schweden": "Sweden", "Norwegen": "Norway", "Dänemark": "Denmark", "Belgien": "Belgium",
    "Niederlande": "the Netherlands", "Schottland": "Scotland", "Irland": "Ireland", "Mexiko": "Mexico",
    "Brasilien": "Brazil", "Argentinien": "Argentina", "Ägypten": "Egypt", "Indien": "India",
    "Australien": "Australia", "Sizilien": "Sicily", "Kreta": "Crete", "Bodensee": "Lake Constance",
    "Ostsee": "Baltic Sea", "Nordsee": "North Sea", "Rhein": "Rhine", "Donau": "Danube", "Alpen": "Alps",
    "Schwarzwald": "Black Forest", "Eiffelturm": "Eiffel Tower", "Kölner Dom": "Cologne Cathedral",
    "Brandenburger Tor": "Brandenburg Gate", "Bayern München": "Bayern Munich", "Deutschland": "Germany",
}
PLACE_ENDINGS = ("burg", "berg", "dorf", "hausen", "heim", "stadt", "furt", "ingen", "bach", "hafen", "feld",
                 "brück", "brücken", "au", "hof", "rode", "roda", "leben", "weiler", "kirchen", "stedt")
LINKS = ("", "s", "n", "en", "es", "er", "e")       # what joins the parts of a German compound ("Hund-e-leine")
COMMON = 20            # a word the corpus holds this often is one a typo may stand for
ENDINGS = ("e", "n", "en", "s", "es", "er", "ern", "em")    # German inflection endings
VOWELS = "aeiouäöüy"
SIMILAR = (VOWELS, "sßz")  # letters a typo confuses


def exonyms(source: str, target: str) -> dict[str, str]:
    """The names a place has in the target language where it differs from the source's: German -> English and
    back; none for other pairs of languages."""
    if (source, target) == ("de", "en"):
        return EXONYMS
    if (source, target) == ("en", "de"):
        return {english: german for german, english in EXONYMS.items() if not english.startswith("the ")}
    return {}


class Names(PlaceholderStep):
    def __init__(self, lexicon: Lexicon, source: str = "de", target: str = "en"):
        self.lexicon, self.exonyms = lexicon, exonyms(source, target)
        phrases = sorted((p for p in self.exonyms if " " in p), key=len, reverse=True)
        self.phrase = re.compile("|".join(map(re.escape, phrases))) if phrases else None

    def find(self, text: str) -> list[Span]:
        spans = [Span(m.start(), m.end(), self.exonyms[m.group()]) for m in self.phrase.finditer(text)] \
            if self.phrase else []
        words = [m for m in WORD.finditer(text) if self.is_name(m.group())
                 and not any(s.start <= m.start() < s.end for s in spans)]
        runs: list[list[re.Match]] = []
        for m in words:                      # neighbours (one space or hyphen apart) are one name
            if runs and text[runs[-1][-1].end():m.start()] in (" ", "-"):
                runs[-1].append(m)
            else:
                runs.append([m])
        for run in runs:
            start, end = run[0].start(), run[-1].end()
            spans.append(Span(start, end, self.exonyms.get(text[start:end], text[start:end])))
        return sorted(spans)

    def is_name(self, word: str) -> bool:
        if word in self.exonyms or self.lexicon.copied(word):
            return True
        if word.islower() or self.lexicon.knows(word) or len(word) < 2:
            return False
        if word.lower().endswith(PLACE_ENDINGS):
            return True
        return not (self.inflected(word) or self.compound(word) or self.typo(word))

    def inflected(self, word: str) -> bool:
        """A known word with an inflection ending: "Hunde", "Kindern", "Autos"."""
        lower = word.lower()
        return any(lower.endswith(end) and len(lower) - len(end) >= 3 and self.lexicon.knows(lower[:-len(end)])
                   for end in ENDINGS)

    def compound(self, word: str) -> bool:
        """Common words joined: a head of 3+ letters after another part (with a linking letter or two), each held
        at least COMMON // 2 times by the corpus ("Wasser" + "Rutsche"; not "Wolf" + "gang", "Becken" + "Bauer")."""
        lower = word.lower()
        common = lambda part: self.lexicon.count(part) >= COMMON // 2    # noqa: E731 ("Wolf"+"gang" is a name)
        for cut in range(3, len(lower) - 2):
            head, rest = lower[cut:], lower[:cut]
            if common(head) and any(rest.endswith(link) and common(rest[:len(rest) - len(link)])
                                    for link in LINKS if len(rest) - len(link) >= 3):
                return True
        return False

    def typo(self, word: str) -> bool:
        """A common word with a letter dropped or doubled, two swapped, or a vowel (or s/ß/z) changed, the first
        letter kept: "Fahrad" (Fahrrad), "Nudlen" (Nudeln), "Fusball" (Fußball). Only for words of 6+ letters, and
        no consonant for another or for a vowel, no letter added: names are often that close to a word ("Mia" -
        "mit", "Angela" - "angeln", "Matteo" - "Matte")."""
        lower = word.lower()
        if len(lower) < 6:
            return False
        splits = [(lower[:k], lower[k:]) for k in range(1, len(lower) + 1)]
        edits = {a + b[1:] for a, b in splits if b and b[0] == a[-1]}          # a doubled letter: "Schatten" ttt
        edits |= {a + b[1] + b[0] + b[2:] for a, b in splits if len(b) > 1}
        edits |= {a + c + b for a, b in splits for c in set(lower) | set(VOWELS)}
        edits |= {a + c + b[1:] for a, b in splits if b for group in SIMILAR if b[0] in group for c in group}
        return any(self.lexicon.count(e) >= COMMON for e in edits - {lower})

    def find_in_target(self, source: str, spans: list[Span], target: str) -> list[tuple[int, int] | None]:
        return verbatim_in_target(source, spans, target)
