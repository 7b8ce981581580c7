"""Everyday predicative adjectives that image captions never say, of food, things that break, travel that goes
wrong and how a person is ("The soup is too salty.", "My train is delayed.", "She is exhausted."): rows that
text/forms/statements.py's ADJECTIVES takes after its own (one word, one meaning: no word of a row is one of its), in
its form: (German, English said of a thing, English said of a person), each tuple's translation the last named, an
empty one where the adjective does not say that of it. A German predicative adjective does not inflect, so the
German form is the one said after "ist". Left out: a word of two senses ("free": "kostenlos" or "frei", "hard",
"heavy": "schwer" is "difficult" too), a word German says of a person in another way ("I am cold": "Mir ist kalt",
"I am lost": "Ich habe mich verirrt"), the weather's (text/forms/phrase_tables.py's WEATHER) and words of two
(text/finders/predicates.py has "sold out" apart).
"""
from __future__ import annotations

EVERYDAY_ADJECTIVES = [
    # food and drink
    ("salzig", ("salty",), ()), ("scharf", ("spicy",), ()), ("sauer", ("sour",), ()), ("bitter", ("bitter",), ()),
    ("altbacken", ("stale",), ()), ("frisch", ("fresh",), ()), ("roh", ("raw",), ()), ("fettig", ("greasy",), ()),
    ("verbrannt", ("burned", "burnt"), ()), ("verdorben", ("spoiled",), ()), ("ekelhaft", ("disgusting",), ()),
    ("lauwarm", ("lukewarm",), ()), ("fade", ("bland",), ()),
    # things and places
    ("verspätet", ("delayed",), ()), ("abgesagt", ("canceled", "cancelled"), ()), ("verfügbar", ("available",), ()),
    ("ausverkauft", ("sold-out",), ()), ("ausgebucht", ("booked",), ()), ("besetzt", ("occupied",), ()),
    ("reserviert", ("reserved",), ()), ("überfüllt", ("overcrowded", "crowded"), ()), ("defekt", ("faulty",), ()),
    ("beschädigt", ("damaged",), ()), ("gestohlen", ("stolen",), ()), ("abgelaufen", ("expired",), ()),
    ("ungültig", ("invalid",), ()), ("gültig", ("valid",), ()), ("günstig", ("affordable",), ()),
    ("zerbrechlich", ("fragile",), ()), ("gemütlich", ("cosy", "cozy"), ()), ("bequem", ("comfortable",), ()),
    ("unbequem", ("uncomfortable",), ()), ("praktisch", ("handy", "practical"), ()), ("nützlich", ("useful",), ()),
    ("nutzlos", ("useless",), ()), ("unordentlich", ("messy",), ()), ("ordentlich", ("tidy",), ()),
    ("hässlich", ("ugly",), ("ugly",)), ("verboten", ("prohibited", "forbidden"), ()), ("erlaubt", ("allowed",), ()),
    ("dringend", ("urgent",), ()), ("ähnlich", ("similar",), ()), ("lächerlich", ("ridiculous",), ()),
    ("peinlich", ("embarrassing",), ()), ("stressig", ("stressful",), ()), ("ungesund", ("unhealthy",), ()),
    ("modern", ("modern",), ()), ("berühmt", ("famous",), ("famous",)), ("beliebt", ("popular",), ("popular",)),
    # how a person is
    ("erschöpft", (), ("exhausted",)), ("gestresst", (), ("stressed",)), ("besorgt", (), ("worried",)),
    ("überrascht", (), ("surprised",)), ("enttäuscht", (), ("disappointed",)), ("verwirrt", (), ("confused",)),
    ("gelangweilt", (), ("bored",)), ("einsam", (), ("lonely",)), ("schläfrig", (), ("sleepy",)),
    ("verletzt", (), ("injured",)), ("schwanger", (), ("pregnant",)), ("wach", (), ("awake",)),
    ("betrunken", (), ("drunk",)), ("nüchtern", (), ("sober",)), ("höflich", (), ("polite",)),
    ("unhöflich", (), ("rude",)), ("faul", (), ("lazy",)), ("schüchtern", (), ("shy",)), ("reich", (), ("rich",)),
    ("pleite", (), ("broke",)), ("pünktlich", (), ("punctual",)),
    ("eifersüchtig", (), ("jealous",)), ("beleidigt", (), ("offended",)), ("dankbar", (), ("grateful",)),
    ("geduldig", (), ("patient",)), ("ungeduldig", (), ("impatient",)), ("ehrgeizig", (), ("ambitious",)),
]
