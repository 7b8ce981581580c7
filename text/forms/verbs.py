"""German present-tense verb forms in the persons a sentence's opening pronoun asks for: "ich" (1sg), "wir"
(1pl; "sie" of "they" and "Sie" of a formal "you" too), "er", "sie", "es" (3sg), "du" (2sg) and "ihr" (2pl). A
caption model writes the third person it learned ("Ich arbeitet", "Ich spielen"); text/steps/verb_person.py gives
its verb the person of the pronoun before it.

    person_form("arbeitet", "1sg") -> "arbeite"     person_form("spielen", "1sg") -> "spiele"
    person_form("liest", "1sg")    -> "lese"        person_form("braucht", "1pl") -> "brauchen"
    person_form("ist", "1sg")      -> "bin"         person_form("meinen", "1sg") -> None     # no verb's form

A regular verb's forms come from its stem: the form without "-en" ("-n" after an unstressed "el", "er": "sammel-n",
"wander-n"), or without "-t" ("-et" after a stem that needs the "e": "arbeit-et", "öffn-et"). Strong and irregular
verbs, whose third person changes its vowel ("fährt", "liest", "nimmt"), are listed. Words of those endings that are
no verbs ("einen", "neben", "nicht", "kalt") and participles ("gegangen", "aufgeregt") are not read; an adjective of a
verb's shape ("verliebt", "verheiratet") is read only where the English verb has its verb's meaning (read_as_verb).
"""
from __future__ import annotations

import re

# infinitive: (1sg, 3sg, 1pl)
IRREGULAR = {
    "sein": ("bin", "ist", "sind"), "haben": ("habe", "hat", "haben"), "werden": ("werde", "wird", "werden"),
    "können": ("kann", "kann", "können"), "müssen": ("muss", "muss", "müssen"), "wollen": ("will", "will", "wollen"),
    "dürfen": ("darf", "darf", "dürfen"), "mögen": ("mag", "mag", "mögen"), "sollen": ("soll", "soll", "sollen"),
    "wissen": ("weiß", "weiß", "wissen"), "tun": ("tue", "tut", "tun"),
}
# strong verbs whose third person singular changes the stem's vowel: infinitive -> 3sg (1sg and 1pl are regular)
STRONG = {
    "fahren": "fährt", "laufen": "läuft", "schlafen": "schläft", "tragen": "trägt", "halten": "hält",
    "fallen": "fällt", "lassen": "lässt", "fangen": "fängt", "waschen": "wäscht", "wachsen": "wächst",
    "schlagen": "schlägt", "graben": "gräbt", "laden": "lädt", "stoßen": "stößt", "raten": "rät", "braten": "brät",
    "blasen": "bläst", "gefallen": "gefällt", "verlassen": "verlässt", "lesen": "liest", "sehen": "sieht",
    "geben": "gibt", "nehmen": "nimmt", "essen": "isst", "sprechen": "spricht", "helfen": "hilft",
    "treffen": "trifft", "werfen": "wirft", "vergessen": "vergisst", "treten": "tritt", "brechen": "bricht",
    "sterben": "stirbt", "messen": "misst", "empfehlen": "empfiehlt", "stehlen": "stiehlt", "gelten": "gilt",
    "befehlen": "befiehlt", "erschrecken": "erschrickt",
    # verbs of those stems with a prefix that stays on ("er-fährt"; "an-fangen" writes "fängt ... an" in a sentence)
    "erfahren": "erfährt", "verschlafen": "verschläft", "empfangen": "empfängt", "erhalten": "erhält",
    "behalten": "behält", "enthalten": "enthält", "unterhalten": "unterhält", "beraten": "berät",
    "verraten": "verrät", "ertragen": "erträgt", "vertragen": "verträgt", "übertragen": "überträgt",
    "entlassen": "entlässt", "versprechen": "verspricht", "besprechen": "bespricht", "entsprechen": "entspricht",
    "unterbrechen": "unterbricht", "zerbrechen": "zerbricht", "vergeben": "vergibt", "übernehmen": "übernimmt",
    "unternehmen": "unternimmt", "benehmen": "benimmt", "betreten": "betritt", "vertreten": "vertritt",
    "übersehen": "übersieht", "entwerfen": "entwirft", "bewerben": "bewirbt", "verderben": "verdirbt",
    "verbergen": "verbirgt",
    # more strong verbs of a user's everyday
    "fressen": "frisst", "stechen": "sticht", "schmelzen": "schmilzt", "saufen": "säuft", "werben": "wirbt",
    "erwerben": "erwirbt", "geschehen": "geschieht",
}
# the second persons (du, ihr) of the irregular verbs, which no stem gives ("hast": not "has-t")
IRREGULAR_SECOND = {"sein": ("bist", "seid"), "haben": ("hast", "habt"), "werden": ("wirst", "werdet"),
                    "können": ("kannst", "könnt"), "müssen": ("musst", "müsst"), "wollen": ("willst", "wollt"),
                    "dürfen": ("darfst", "dürft"), "mögen": ("magst", "mögt"), "sollen": ("sollst", "sollt"),
                    "wissen": ("weißt", "wisst"), "tun": ("tust", "tut")}
SECOND = {sg: inf for inf, (sg, _) in IRREGULAR_SECOND.items()}
PERSONS = ("1sg", "3sg", "1pl")
TABLE = {**IRREGULAR, **{inf: (inf[:-2] + "e", third, inf) for inf, third in STRONG.items()}}
FORMS = {**{form: forms for forms in TABLE.values() for form in forms},
         **{form: TABLE[inf] for form, inf in SECOND.items()}}
BE = frozenset(TABLE["sein"]) | {"bist", "seid"}
# words ending like a verb's form that are none: determiners, prepositions, adverbs, adjectives
NOT_VERBS = frozenset("""
den einen keinen meinen deinen seinen ihren unseren euren diesen jenen jeden allen beiden vielen wenigen anderen
manchen solchen welchen eigenen neben zwischen gegen oben unten hinten vorne innen außen draußen drinnen morgen eben
selten trotzdem offen trocken golden verschieden zusammen jetzt nicht erst zuerst zuletzt meist meistens fast sonst
bereits bestimmt vielleicht recht schlecht gut alt kalt laut weit breit leicht spät satt nett bunt echt halt mit seit
bis selbst nichts etwas oft heut gestern gern gerne immer wieder weiter lieber mehr sehr schon noch nur auch
""".split())
LOWER_WORD = re.compile(r"[a-zäöüß]+")
# adjectives of a verb's shape, each with the English verbs of its verb's meaning: only after one of those is it that
# verb ("I fall in love" -> "Ich verliebt mich" -> "verliebe"; "I feel in love" -> "Ich verliebt" stays)
ADJECTIVES = {
    "verliebt": {"fall"}, "verheiratet": {"marry"}, "verlobt": {"engage"}, "verletzt": {"hurt", "injure"},
    "verwirrt": {"confuse"}, "verärgert": {"annoy", "anger"}, "erschöpft": {"exhaust"}, "entspannt": {"relax"},
    "besorgt": {"worry", "get", "buy"}, "überrascht": {"surprise"}, "enttäuscht": {"disappoint"},
    "begeistert": {"inspire", "excite"}, "beschäftigt": {"employ", "occupy"}, "erkältet": set(), "bekannt": set(),
    "berühmt": set(), "beliebt": set(), "verwandt": set(), "bereit": set(), "verrückt": {"move"},
    "erwachsen": set(), "berufstätig": set(), "verantwortlich": set(),
}
# a separable verb's participle: its particle, "ge" and a stem ("aufgeregt", "eingeladen"; not "angelt", "ausgehen")
SEPARABLE_PARTICIPLE = re.compile(r"(?:ab|an|auf|aus|bei|ein|mit|nach|vor|weg|zu|zurück|um)ge(?!h)[a-zäöüß]{3,}")
# a stem of an infinitive in "-eln", "-ern" ("sammel", "wander", "feier"), not one of "-ielen", "-ieren"
SCHWA = re.compile(r"(?:[^aeiouäöü]|[ae]i|eu|äu|au)e[lr]$")


def needs_e(stem: str) -> bool:
    """Whether a stem takes "-et", "-est" for "-t", "-st": one ending in "d" or "t", or in "m" or "n" after another
    consonant but "l", "r", "h", "m", "n" ("arbeit-et", "öffn-et", "atm-et"; "lern-t", "kämm-t")."""
    return stem.endswith(("d", "t")) or bool(re.search(r"[^aeiouäöülrhmn][mn]$", stem))


def stem_of(word: str) -> str | None:
    """A regular verb's stem from its infinitive or plural ("spielen", "sammeln") or its third person ("spielt",
    "arbeitet"); None for a word of neither shape."""
    if word.endswith(("eln", "ern")) and SCHWA.search(word[:-1]):
        return word[:-1]
    if word.endswith("en") and len(word) > 3:
        return word[:-2]
    if word.endswith("et") and len(word) > 4 and needs_e(word[:-2]):
        return word[:-2]
    if word.endswith("t") and len(word) > 3 and not word.endswith("et"):
        return word[:-1]
    return None


def read_as_verb(word: str, english: str) -> bool:
    """Whether `word`, written where the English source has the verb `english` ("falls", "feel"), may be that
    verb's form: not an adjective of a verb's shape whose verb means another ("verliebt" after "feel")."""
    english = english.lower()
    meanings = ADJECTIVES.get(word)
    return meanings is None or bool(meanings & {english, english[:-1], english[:-2], english[:-3] + "y"})


def person_form(word: str, person: str) -> str | None:
    """`word`, a verb's present form as the model wrote it, in `person` ("1sg", "3sg", "1pl"); None where `word` is
    no form this module reads, or already that person's."""
    if not LOWER_WORD.fullmatch(word) or word in NOT_VERBS or (word.startswith("ge") and word not in FORMS and
                                                                   not word.startswith("geh")) or \
            (SEPARABLE_PARTICIPLE.fullmatch(word) and word not in FORMS):
        return None                      # "gegangen", "aufgeregt": a participle, the model's sentence is another
    forms = forms_of(word)
    if forms is None:
        return None
    written = second(forms, person) if person in ("2sg", "2pl") else forms[PERSONS.index(person)]
    return None if written == word or person == "2sg" and word.endswith("est") else written


def second(forms: tuple[str, str, str], person: str) -> str:
    """The "du" (2sg) or "ihr" (2pl) form of a verb of forms (1sg, 3sg, 1pl): "fährt" -> "fährst" / "fahrt",
    "hält" -> "hältst" / "haltet", "liest" -> "liest" / "lest", "arbeitet" -> "arbeitest" / "arbeitet"."""
    infinitive = "sein" if forms[2] == "sind" else forms[2]
    if infinitive in IRREGULAR_SECOND:
        return IRREGULAR_SECOND[infinitive][person == "2pl"]
    stem = infinitive[:-1] if SCHWA.search(infinitive[:-1]) else infinitive[:-2]
    if person == "2pl":
        return stem + ("et" if needs_e(stem) else "t")
    third = forms[1]
    if third not in (stem + "t", stem + "et"):           # a strong verb's vowel: "fährt", "liest", "hält"
        return third + "st" if stem.endswith("t") else third if third[-2] in "sßzx" else third[:-1] + "st"
    return stem + ("t" if stem[-1] in "sßzx" else "est" if needs_e(stem) else "st")


def forms_of(word: str) -> tuple[str, str, str] | None:
    """The present forms (1sg, 3sg, 1pl) of the verb `word` is a form of: a listed verb's, or a regular one's from
    its stem; None for a word of no verb's shape."""
    forms = FORMS.get(word) or TABLE.get(word)
    if forms is not None:
        return forms
    stem = stem_of(word)
    if stem is None:
        return None
    schwa = SCHWA.search(stem)
    return (stem[:-2] + "le" if schwa and stem.endswith("el") else stem + "e",
            stem + ("et" if needs_e(stem) else "t"),
            stem + ("n" if schwa else "en"))


def present(infinitive: str, person: str) -> str:
    """A verb's present form in `person` ("1sg", "3sg", "1pl") from its infinitive: present("wohnen", "3sg") ->
    "wohnt", present("mögen", "1sg") -> "mag", present("sammeln", "1sg") -> "sammle"."""
    forms = forms_of(infinitive)
    if forms is None:
        raise ValueError(f"no German verb's infinitive: {infinitive!r}")
    return forms[PERSONS.index(person)]
