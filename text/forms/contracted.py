"""English contractions after a pronoun and their verbs written out ("We'll" -> "We will", "we're" -> "we are", "I'm"
-> "I am"): what the contractions step writes out of a line, and the everyday phrases' keys are written out as
("You're welcome" and "You are welcome" are one phrase).

    CONTRACTED.sub(written_out, "We're here, I'm sure.")   -> "We are here, I am sure."

"'s" is left as typed: it is "is", "has" or a possessive.
"""
from __future__ import annotations

import re

PRONOUNS = "i you he she it we they that there who"
# "'re", "'ve" and "'m" after the pronouns they follow, "'ll" and "'d" after any
CONTRACTED = re.compile(rf"(?<![\w'’-])(?:({'|'.join(PRONOUNS.split())})['’](ll|d)|(you|we|they|who)['’](re|ve)|"
                        rf"(I)['’](m|ve))(?![\w'’-])", re.IGNORECASE)
WORDS = {"ll": "will", "d": "would", "re": "are", "ve": "have", "m": "am"}


def written_out(m: re.Match) -> str:
    """"We'll" -> "We will", "WE'RE" -> "WE ARE": the pronoun as typed, the verb in the case of what it stood for."""
    pronoun, verb = (group for group in m.groups() if group is not None)
    word = WORDS[verb.lower()]
    return f"{pronoun} {word.upper() if verb.isupper() else word}"
