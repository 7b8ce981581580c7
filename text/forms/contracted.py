"""English contractions after a pronoun and their verbs written out ("We'll" -> "We will", "we're" -> "we are", "I'm"
-> "I am", "it's" -> "it is"): what the contractions step writes out of a line, and the everyday phrases' keys are
written out as ("You're welcome" and "You are welcome" are one phrase).

    CONTRACTED.sub(written_out, "We're here, I'm sure.")   -> "We are here, I am sure."
    CONTRACTED.sub(written_out, "It's late, she's gone.")  -> "It is late, she has gone."

"'s" after a pronoun is "is" ("It's 25 degrees today." -> "Ich nehme 25 Grad heute.", "It is" -> "Es ist"), or
"has" before "been", "got", "gone", "had" ("She's been there"); "Let's" and a name's "'s" (a possessive) stay as typed.
"""
from __future__ import annotations

import re

PRONOUNS = "i you he she it we they that there who"
# "'re", "'ve", "'m" and "'s" after the pronouns they follow, "'ll" and "'d" after any
CONTRACTED = re.compile(rf"(?<![\w'’-])(?:({'|'.join(PRONOUNS.split())})['’](ll|d)|(you|we|they|who)['’](re|ve)|"
                        rf"(I)['’](m|ve)|(it|that|there|he|she|what|where|who|here|how)['’](s))(?![\w'’-])",
                        re.IGNORECASE)
WORDS = {"ll": "will", "d": "would", "re": "are", "ve": "have", "m": "am", "s": "is"}
HAS = re.compile(r" +(?:been|got|gotten|gone|had)\b", re.IGNORECASE)      # "'s" before them is "has"


def written_out(m: re.Match) -> str:
    """"We'll" -> "We will", "WE'RE" -> "WE ARE": the pronoun as typed, the verb in the case of what it stood for."""
    pronoun, verb = (group for group in m.groups() if group is not None)
    word = "has" if verb.lower() == "s" and HAS.match(m.string, m.end()) else WORDS[verb.lower()]
    return f"{pronoun} {word.upper() if verb.isupper() else word}"


def phrase_key(phrase: str) -> str:
    """A sentence's key in the phrase tables (text/forms/phrase_tables.py): lower case, no commas, one space, an
    English contraction written out as the contractions step writes it ("Die Rechnung, bitte" -> "die rechnung bitte",
    "You're welcome" -> "you are welcome")."""
    lowered = phrase.lower().replace("’", "'")
    if "'" in lowered:                         # every contraction has one: the tables' thousands of keys need none
        lowered = CONTRACTED.sub(written_out, lowered)
    return " ".join(lowered.replace(",", " ").split())
