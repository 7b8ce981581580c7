"""What the probes check in one output line, model-free: an item kept, a stammer, an invented name, an invented or
misformatted number, in either direction ("de-en" or "en-de").

- An item's alternative is kept when it occurs as a whole word or number ("12" is not kept by "120" or "12.5",
  "Anna" not by "Annabelle"); a trailing "*" allows any ending ("swim*" keeps "swims", "swimming"). Case counts,
  except that an alternative written with a lowercase first letter is also kept sentence-initially capitalized
  ("dog" by "Dog"); a lowercase line's items ignore case altogether.
- A degenerate output repeats a word three times in a row ("the the the", also across punctuation), or a group of
  1-4 letters four times within a word ("GMARRRR", "burgburgburgburg"), more often than its source does.
- An invented name is a capitalized output word (or an all-caps one) that is no normal word of the target language
  (the lexicon: English words the training text writes in lowercase; German words it writes at all, since German
  capitalizes nouns; spaCy's stop words; also inflected or as a compound's head, see `normal_word`), not in a
  small list of capitalized common words, and does not come from the source or the
  line's items (compared lowercased and without accents, allowing a quarter of its letters changed, so a genitive
  "Annas" -> "Anna's" or a mangled copy is not an invention: that shows as a lost item instead). A stammered word
  ("OMAAAAAA") is a stammer, not also a name.
- Numbers are those of text/forms/number_forms.py. An invented number is one of the output that no source number (or
  small number word) accounts for. A misformatted number is a source number copied literally where the target language
  writes it otherwise ("3,5" left in English, "1,200" left in German); times are left to the items ("14:30").
"""
from __future__ import annotations

import importlib
import re
import unicodedata

# The number rules of the library, in one place: the module may move (text/forms/number_forms.py) in a merge.
from text.finders.spelled_amounts import SpelledAmounts
from text.forms.number_forms import (MARKS, convention_value, find_numbers, german_to_english, invented_numbers,
                                     number_words)

DIRECTIONS = ("de-en", "en-de")
LETTERS = re.compile(r"[^\W\d_]+")
WORDS = re.compile(r"[^\W_]+")
STAMMER = re.compile(r"([^\W\d_]{1,4}?)\1{3,}", re.IGNORECASE)
# Capitalized words of normal text that a corpus of captions may never write in lowercase.
COMMON_CAPITALIZED = {
    "en": {"I", "OK", "TV", "Mr", "Mrs", "Ms", "Dr", "St", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday",
           "Saturday", "Sunday", "January", "February", "March", "April", "May", "June", "July", "August",
           "September", "October", "November", "December", "Christmas", "Easter", "Internet", "God", "German",
           "English", "French", "Italian", "Spanish", "Turkish", "Dutch", "Swiss", "Austrian", "American",
           "British", "European", "Asian", "African", "Chinese", "Japanese", "Indian", "Polish", "Russian", "Greek"},
    "de": {"Herr", "Frau", "Dr", "St", "OK", "TV", "Nr", "Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag",
           "Samstag", "Sonntag", "Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September",
           "Oktober", "November", "Dezember", "Weihnachten", "Ostern", "Internet", "Sie", "Ihr", "Ihnen"},
}


def source_lang(direction: str) -> str:
    return direction.split("-")[0]


def target_lang(direction: str) -> str:
    return direction.split("-")[1]


def contains(output: str, alternative: str, ignore_case: bool = False) -> bool:
    """`alternative` occurs in `output` as a whole word or number; see the module docstring for case and "*"."""
    stem = alternative.endswith("*")
    text = alternative[:-1] if stem else alternative
    before = r"(?<![^\W\d_])" if text[0].isalpha() else r"(?<!\d)(?<!\d[.,:])"
    after = "" if stem else r"(?![^\W\d_])" if text[-1].isalpha() else r"(?!\d)(?![.,:]\d)"
    pattern = re.escape(text)
    if text[0].islower() and not ignore_case:
        pattern = f"[{re.escape(text[0])}{re.escape(text[0].upper())}]" + re.escape(text[1:])
    return re.search(before + pattern + after, output, re.IGNORECASE if ignore_case else 0) is not None


def kept(output: str, item: tuple, ignore_case: bool = False) -> bool:
    return any(contains(output, alternative, ignore_case) for alternative in item)


def repetitions(text: str) -> tuple[list[str], list[str]]:
    """(words three or more times in a row, words with a 1-4 letter group four or more times), as written."""
    words = WORDS.findall(text)
    runs, start = [], 0
    for i in range(1, len(words) + 1):
        if i == len(words) or words[i].lower() != words[start].lower():
            if i - start >= 3:
                runs.append(" ".join(words[start:i]))
            start = i
    stammers = [word for word in LETTERS.findall(text) if STAMMER.search(word)]
    return runs, stammers


def degenerate(source: str, output: str) -> list[str]:
    """The output's repetitions of each sort (word runs, in-word stammers) beyond as many as the source has."""
    found = []
    for in_output, in_source in zip(repetitions(output), repetitions(source)):
        if len(in_output) > len(in_source):
            found += in_output
    return found


def fold(word: str) -> str:
    """Lowercase without accents: "Jürgen" and "Jurgen" fold alike."""
    decomposed = unicodedata.normalize("NFKD", word.lower().replace("ß", "ss"))
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def lexicon_words(lines, lang: str) -> frozenset:
    """The folded normal words of a target-language text: English words it writes in lowercase somewhere; German
    words it writes at all (a German noun is always capitalized, so case cannot tell it from a name); and spaCy's
    stop words of the language, which open sentences that captions rarely write ("Nevertheless")."""
    stop_words = importlib.import_module(f"spacy.lang.{lang}.stop_words").STOP_WORDS
    return frozenset({fold(w) for line in lines for w in LETTERS.findall(line) if lang == "de" or w.islower()}
                     | {fold(w) for w in stop_words})


ENDINGS = ("s", "es", "e", "n", "en", "er", "ern")     # German and English inflections a lexicon may lack
NOUN_SUFFIXES = ("ung", "heit", "keit", "schaft", "tion", "tät", "erei")   # abstract nouns, never a name's end


def normal_word(folded: str, lexicon: frozenset) -> bool:
    """A folded word is in the lexicon, perhaps inflected, perhaps as the head of a compound (its last 4 or more
    letters after 3 or more: "Regenwald", "Ballplayers"), or it ends like an abstract noun ("Beratung")."""
    def known(form):
        return form in lexicon or any(form + e in lexicon or form.endswith(e) and form[:-len(e)] in lexicon
                                      for e in ENDINGS)
    stem = folded.removesuffix("en")
    if any(stem.endswith(fold(s)) and len(stem) >= len(s) + 3 for s in NOUN_SUFFIXES):     # not "Jung"
        return True
    return known(folded) or any(known(folded[i:]) for i in range(3, len(folded) - 3))


def near(word: str, known: set[str]) -> bool:
    """`word` (folded) is one of `known` with at most a quarter of its letters changed (edit distance)."""
    limit = len(word) // 4
    return any(abs(len(k) - len(word)) <= limit and edit_distance(word, k) <= limit for k in known)


def edit_distance(a: str, b: str) -> int:
    row = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        previous, row[0] = row[0], i
        for j, cb in enumerate(b, 1):
            previous, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, previous + (ca != cb))
    return row[-1]


def invented_names(source: str, output: str, lexicon: frozenset, lang: str, allowed: tuple = ()) -> list[str]:
    """Capitalized words of the output (in language `lang`) that look like names and come from nowhere: see the
    module docstring. `allowed`: more words the output may hold (the line's item alternatives)."""
    known = {fold(w) for text in (source, *allowed) for w in LETTERS.findall(text)}
    found = []
    for word in LETTERS.findall(output):
        folded = fold(word)
        if not word[0].isupper() or folded in known or normal_word(folded, lexicon) or STAMMER.search(word):
            continue                    # a stammered word counts as a stammer, not also as a name
        if word in COMMON_CAPITALIZED[lang] or word.capitalize() in COMMON_CAPITALIZED[lang]:
            continue
        if not near(folded, known):
            found.append(word)
    return found


def english_to_german(number_text: str) -> str:
    """An English-formatted number as German writes it: "3.5" -> "3,5", "1,200.50" -> "1.200,50"; integers, times
    and what does not fit the English convention are returned unchanged."""
    if ":" in number_text or convention_value(number_text, *MARKS["en"]) is None:
        return number_text
    whole, mark, fraction = number_text.partition(".")
    return whole.replace(",", ".") + ("," + fraction if mark else "")


def invented_numbers_in(direction: str, source: str, output: str) -> list[str]:
    """The output's numbers that no number (or small count word) of the source accounts for, as written; a price
    or measure in words counts as its digits ("einen Euro" -> "€1", text/finders/spelled_amounts.py)."""
    source = SpelledAmounts(source_lang(direction), target_lang(direction)).in_digits(source)
    if direction == "de-en":
        return invented_numbers(source, output)
    counts = number_words("en")
    allowed = {"v" + str(counts[w.lower()]) for w in WORDS.findall(source) if w.lower() in counts}
    for number in find_numbers(source, "en"):
        allowed |= number.keys
    return [n.text for n in find_numbers(output, "de") if not n.keys & allowed]


def misformatted_numbers(direction: str, source: str, output: str) -> list[str]:
    """Source numbers the output copies in the source language's format where the target writes them otherwise."""
    convert = german_to_english if direction == "de-en" else english_to_german
    wrong = {n.text for n in find_numbers(source, source_lang(direction)) if convert(n.text) != n.text}
    return [n.text for n in find_numbers(output, target_lang(direction)) if n.text in wrong]
