"""The shapes of a name's words, which the names finder (text/finders/names.py) and --to auto (decoding/router.py)
read: a brand's camel case (CAMEL: "eBay") and a line that is only a brand (BRAND: "LG Electronics"), the particles
inside a name (PARTICLES: "von der", "de la"), and the abbreviations that open or end one with their full stop
(SAINTS: "St. Louis", SUFFIXES: "King Jr.").
"""
from __future__ import annotations

import re

from text.forms.titles import ARTICLES, DETERMINERS

# a brand's camel case, a lowercase letter or two before a capital ("eBay", "iPhone", "eBook"): a name, though the
# corpus knows the word ("I sold it on eBay." -> "Ich schneidet es auf einer baseball.": "Ebay" is a caption's word);
# in translations only: training pairs stay as they were (a caption's "iMac monitor", "iMac-Monitor")
CAMEL = re.compile(r"[a-z]{1,2}[A-Z][a-z]+")
# a line that is only a brand, an acronym before a capitalized word or two ("LG Electronics", "BMW Group"): one name,
# written alike in both languages ("LG Electronics" read as English came back as "LG explorse", and as "LG" with its
# other words left to the model)
BRAND = re.compile(r"\s*(?P<acronym>[A-Z]{2,4})(?:\s+[A-Z][a-z]+){1,2}\s*")
SAINTS = ("St", "Mt", "Ft")      # abbreviations that open a name with their full stop: Saint, Mount, Fort
# lowercase particles inside a name, between two capitalized parts ("Rio de Janeiro", "Leonardo da Vinci", "Ludwig van
# Beethoven", "Ursula von der Leyen": as two names a model wrote "Rio zum Janeiro", "Ursula from the Leyen"); not beside
# a word the corpus knows ("ein Foto von Paris")
# nor after an article ("Ein Brief von Anna": a German noun the corpus lacks)
PARTICLES = (" de ", " da ", " von ", " van ", " del ", " von der ", " van der ", " van den ", " de la ", " de los ")
ARTICLE_BEFORE = re.compile(r"(?:^|[\s(])(?i:%s) +$" % "|".join(sorted(DETERMINERS | ARTICLES | {"the", "a", "an"})))
# abbreviations that end a name with their full stop before a lowercase word: Junior, Senior, a street's ("Main St. in
# Boston"; "Broad St. Station" stays as it was)
SUFFIXES = ("Jr", "Sr", "St", "Ave", "Rd", "Blvd")
BEFORE_LOWER = re.compile(r"\.(?= +[a-zäöüß]|[,;])")    # inside a sentence: a lowercase word or comma follows
