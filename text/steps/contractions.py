"""English "'ll", "'d", "'re", "'ve", "'m" and "'s" after a pronoun written out ("We'll arrive" -> "We will arrive",
"She'd like tea" -> "She would like tea") before the other steps read the line. Image captions hold next to none of
them: a model dropped the pronoun ("We'll arrive around 6 pm." -> "Auf einem gegen 18 Uhr.") or, before, the name step
kept "We'll" as a name it cannot know ("We'll kommt gegen 18 Uhr."); written out, "Wir können gegen 18 Uhr.", "Sie
möchten Tee."

    Contractions().apply("We'll see, she'd like that.")   -> ("We will see, she would like that.", None)
    Contractions().apply("We're here, I'm sure.")         -> ("We are here, I am sure.", None)

Chat shorthand for a whole word is written out too ("Where r u?" -> "Where are you?", "See u at 8", "thx", "pls",
"b4", "ur"): a strong model wrote "Where r u?" as "Wo ist uun?" and "See u at 8" as "Ein Hu um 8 Uhr". Only a token
standing alone in lowercase (at a sentence's start also with a capital: "Thx", "Ur dog"), never one in capitals ("R",
"THX", "B4": the language, a paper size), a part of a longer token ("U2", "R&B", "u/name"), a letter with a full stop
("u.", "r.": an abbreviation, an initial), or what is copied through (an address, code).

    Contractions().apply("Thx, see u b4 8.")   -> ("Thanks, see you before 8.", None)

A phrase's shorthand too ("idk", "tbh", "brb", "gonna"), and a German source's ("vllt", "hdl", "kA", "gn8"):
`Contractions("de")` writes out only those. One that is a word or a name elsewhere ("np", "ty", "gn", "bb") only as a
sentence or part of its own ("np!", "Ok, gn"); laughter ("lol", "haha", "omg") is copied through as typed.

    Contractions("de").apply("vllt komme ich, hdl")   -> ("vielleicht komme ich, hab dich lieb", None)

"'d" is "would" (it is "had" before a past participle, "She'd gone"; a model reads "would" there as a wish, the
line's sense nearly kept). The translation is German: nothing to undo; training pairs are left as they are.
"""
from __future__ import annotations

import re

from text.forms.contracted import CONTRACTED, written_out
from text.forms.verbatim import sub_outside_copied
from text.step import Step

# chat shorthand a user typed for a word or a phrase, and what it stands for, by the line's language (a strong model
# wrote "idk what to do tbh" as "Idk, was etwas machen", "vllt komme ich morgen" as "Vllt Komme I morning", "hdl" as
# "Does he travel"); a phrase of two words is one's context ("see ya", "ty for": not "ya" or "ty" alone)
SHORTHAND = {"en": {"u": "you", "r": "are", "ur": "your", "thx": "thanks", "pls": "please", "b4": "before",
                    "btw": "by the way", "idk": "I don't know", "tbh": "to be honest", "imo": "in my opinion",
                    "brb": "be right back", "asap": "as soon as possible", "gonna": "going to",
                    "wanna": "want to", "gotta": "got to", "cya": "see you", "see ya": "see you",
                    "ty for": "thank you for", "ty so": "thank you so"},
             "de": {"vllt": "vielleicht", "evtl": "eventuell", "hdl": "hab dich lieb",
                    "hdgdl": "hab dich ganz doll lieb", "sry": "Entschuldigung", "gn8": "gute Nacht",
                    "kA": "keine Ahnung"}}
# shorthand that is a word or a name elsewhere ("np", "bb", "ty", "gn"): written out only as a sentence of its own,
# "np!", "gn 😴", "Ok, bb."
ALONE = {"en": {"np": "no problem", "ty": "thank you", "gn": "good night"},
         "de": {"np": "kein Problem", "bb": "bis bald", "gn": "gute Nacht"}}
OPENED = re.compile(r"(?:^|[.!?:;]) *[\"“'‘(]?$")        # what stands before a sentence's first word
PARTED = re.compile(r"(?:^|[.!?:;,]) *[\"“'‘(]?$")      # ... or a part's after a comma ("Ok, gn")
ENDED = re.compile(r"[^\w.!?,;:]*(?:[.!?,;:]|$)")      # a sentence's end after it: marks, emoji, nothing


def typed(lang: str) -> re.Pattern:
    """Where a line in lang has one of its shorthand, standing alone: the longest first ("see ya" before "ya")."""
    words = sorted({*SHORTHAND[lang], *ALONE[lang]}, key=len, reverse=True)
    return re.compile(rf"(?<![\w'’&@/.-])(?i:{'|'.join(map(re.escape, words))})(?![\w'’&@/-]|\.\w)")


class Contractions(Step):
    def __init__(self, lang: str = "en"):
        self.lang = lang
        self.typed, self.words = typed(lang), [*SHORTHAND[lang], *ALONE[lang]]

    def apply(self, text: str) -> tuple[str, None]:
        if self.lang == "en":
            text = sub_outside_copied(CONTRACTED, written_out, text)
        return sub_outside_copied(self.typed, lambda m: shorthand_written_out(m, self.lang), text, self.words), None


def shorthand_written_out(m: re.Match, lang: str = "en") -> str:
    """What chat shorthand stands for ("u" -> "you", "Thx" -> "Thanks" at a sentence's start), else as typed: one in
    capitals ("THX", "R"), a letter with a full stop ("u."), or a word of ALONE inside a sentence ("np" as "NP")."""
    typed = m.group()
    key = typed if typed in SHORTHAND[lang] else typed.lower()          # "kA" as typed: "KA" is Karlsruhe
    word = SHORTHAND[lang].get(key) or ALONE[lang].get(key)
    if word is None:
        return typed
    after, before = m.string[m.end():m.end() + 1], m.string[m.start() - 1:m.start()]
    opened = OPENED.search(m.string, 0, m.start())
    if after == "." and len(typed) > 1 and lang == "de":       # "evtl.", "vllt.": the abbreviations finder's
        return typed
    if key in ALONE[lang] and not (PARTED.search(m.string, 0, m.start()) and ENDED.match(m.string, m.end())):
        return typed
    if (typed.islower() or typed == key) and not (len(typed) == 1 and (after == "." or before + after == "()")):
        return word
    if typed[0].isupper() and typed[1:] == key[1:] and len(typed) > 1 and opened:
        return word[0].upper() + word[1:]
    return typed
