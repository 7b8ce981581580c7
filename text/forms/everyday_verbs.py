"""Everyday verbs that image captions hardly hold in the present tense of a statement ("lives", "needs", "weighs",
"costs": Multi30K's English says what people are doing, "is sitting", "are playing"), English -> German: a caption
model drops such a verb or writes junk for it ("My sister lives in Hamburg." -> "Meine Schwestern in Hamburg.", "The
package weighs 2.5 kg." -> "Das Paket wie 2,5 kg."). text/finders/present_verbs.py masks them where the corpus does not
teach the English form, and its placeholder's fill is the German verb in the subject's person (text/forms/verbs.py).

    VERBS["live"] -> "wohnen"       third_person("teach") -> "teaches"      third_person("study") -> "studies"

Left out: verbs whose German depends on their sense ("know": "kennen" or "wissen"; "think", "get", "take", "leave",
"miss", "meet", "watch"), separable German verbs ("anrufen": "ruft ... an", "ankommen"), reflexive ones ("sich
erinnern") and verbs of a clause ("believe", "hope"), whose German word order the model's is not.
"""
from __future__ import annotations

# English base form -> German infinitive
VERBS = {
    # where one lives, what one wants, likes or owns
    "live": "wohnen", "need": "brauchen", "want": "wollen", "like": "mögen", "love": "lieben", "hate": "hassen",
    "prefer": "bevorzugen", "enjoy": "genießen", "own": "besitzen", "deserve": "verdienen", "fear": "fürchten",
    "trust": "vertrauen", "admire": "bewundern", "respect": "respektieren", "appreciate": "schätzen",
    "expect": "erwarten", "accept": "akzeptieren", "support": "unterstützen", "require": "erfordern",
    # money and shopping
    "cost": "kosten", "weigh": "wiegen", "pay": "bezahlen", "rent": "mieten", "order": "bestellen", "book": "buchen",
    "earn": "verdienen", "owe": "schulden", "lend": "leihen", "sell": "verkaufen", "buy": "kaufen",
    "deliver": "liefern", "offer": "bieten", "include": "beinhalten", "contain": "enthalten", "serve": "servieren",
    "measure": "messen", "produce": "produzieren",
    # school and work
    "teach": "unterrichten", "study": "studieren", "learn": "lernen", "practice": "üben", "practise": "üben",
    "speak": "sprechen", "understand": "verstehen", "forget": "vergessen", "explain": "erklären",
    "translate": "übersetzen", "organize": "organisieren", "organise": "organisieren", "plan": "planen",
    "recommend": "empfehlen", "check": "überprüfen", "repair": "reparieren", "fix": "reparieren",
    "install": "installieren", "delete": "löschen", "print": "drucken", "send": "schicken", "receive": "bekommen",
    "use": "benutzen", "share": "teilen", "finish": "beenden", "begin": "beginnen", "win": "gewinnen",
    "lose": "verlieren", "ask": "fragen", "help": "helfen", "wait": "warten", "commute": "pendeln",
    # home and free time
    "visit": "besuchen", "travel": "reisen", "fly": "fliegen", "stay": "bleiben", "sleep": "schlafen",
    "snore": "schnarchen", "cook": "kochen", "bake": "backen", "clean": "putzen", "wash": "waschen",
    "collect": "sammeln", "smoke": "rauchen", "drink": "trinken", "eat": "essen", "celebrate": "feiern",
    "marry": "heiraten", "feed": "füttern", "knit": "stricken", "paint": "malen", "draw": "zeichnen",
    "sew": "nähen", "hear": "hören", "read": "lesen", "write": "schreiben", "pray": "beten", "cry": "weinen",
    "laugh": "lachen", "suffer": "leiden", "cough": "husten", "exercise": "trainieren", "train": "trainieren",
}
# verbs whose object may come before an infinitive with "to" ("I want you to stay", "She helps me to cook"): the
# German of that is another sentence, so they are left to the model where "to" follows within a few words
BEFORE_TO = frozenset("want need like love hate prefer expect ask help teach recommend require".split())
# verbs the project's own training pairs teach after a pronoun ("I need a scarf.", "She lives in <P>.", "He pays 5
# euros.": data/pronouns.py, data/everyday.py, which the text layer may not read): a model trained with them knows
# them there, and a placeholder only cost it the words after it ("She loves her garden." -> "Sie liebt Gartent ihr
# Garten."); after a noun or a name they are still masked ("My sister lives" -> "Meine Schwestern")
WITH_PRONOUNS = frozenset("""need love buy sell visit ask hear understand help live wait laugh cook travel celebrate
    write cost pay want""".split())
# "live" is "wohnen" only before where one lives ("She lives in Bonn", "He lives alone"; not "Fish live long")
LIVE_WHERE = frozenset("""in at with near alone together here there abroad on next nearby downtown close outside by
    upstairs downstairs""".split())


def third_person(verb: str) -> str:
    """The English third person singular of a base form: "lives", "teaches", "fixes", "studies", "pays"."""
    if verb.endswith("y") and verb[-2:-1] not in ("a", "e", "o", "u"):
        return verb[:-1] + "ies"
    if verb.endswith(("s", "x", "z", "ch", "sh", "o")):
        return verb + "es"
    return verb + "s"


def progressive(verb: str) -> str:
    """The English "-ing" form of a base form: "writing", "lying"... "planning", "seeing"."""
    if verb in DOUBLED:
        return verb + verb[-1] + "ing"
    if verb.endswith("e") and not verb.endswith(("ee", "ye", "oe")):
        return verb[:-1] + "ing"
    return verb + "ing"


# the verbs of the table that double their last letter before "-ing" ("planning")
DOUBLED = frozenset("plan knit win begin forget prefer".split())
# an "-ing" form the corpus holds as another word ("a living room", "including"): it teaches the verb no sense
ING_ANOTHER = frozenset({"live", "include"})
THIRD = {third_person(verb): verb for verb in VERBS}        # "lives" -> "live"
