"""The German participle and auxiliary of an English past: a caption model learned the present, so a user's `I lost my
wallet on the train.` comes back `Ich habe meine Brieftasche auf dem Zug.`, the participle German puts at the clause's
end dropped; text/steps/participles.py puts it back.

    PARTICIPLES["lost"]     -> ("verloren", "haben")
    PARTICIPLES["went"]     -> ("gegangen", "sein")
    PARTICIPLES["ordered"]  -> ("bestellt", "haben")       # a regular verb's "-ed" form
    AUXILIARY["bin"]        -> ("sein", 0)                 # the verb and the person (the index into its forms)
    INTO_ENGLISH["vergessen"] -> [("forgot", "haben", None)]      # the other way (text/steps/english_past.py)
    INTO_ENGLISH["bestellt"]  -> [("ordered", "haben", "order")]   # the English past, auxiliary, infinitive

Only everyday verbs of one clear German verb are listed: "left" (the room "verlassen", the bag "liegen lassen", at
eight "losgefahren"), "got", "had", "did", "spent", "caught", "told", "put", "read" and "cut" (a present too) are not.
A verb of both auxiliaries ("drove": "ist gefahren", "hat das Auto gefahren") takes either ("either").
"""
from __future__ import annotations

import re
from typing import Iterator

# English past (and participle, where it differs), German participle, auxiliary
IRREGULAR = """
lost verloren haben | forgot,forgotten vergessen haben | found gefunden haben | bought gekauft haben
paid bezahlt haben | sent geschickt haben | made gemacht haben | saw,seen gesehen haben | met getroffen haben
sold verkauft haben | broke,broken gebrochen haben | wrote,written geschrieben haben | took,taken genommen haben
ate,eaten gegessen haben | drank,drunk getrunken haben | heard gehört haben | gave,given gegeben haben
brought gebracht haben | said gesagt haben | won gewonnen haben | slept geschlafen haben | wore,worn getragen haben
sang,sung gesungen haben | stole,stolen gestohlen haben | understood verstanden haben | began,begun angefangen haben
kept behalten haben | built gebaut haben | lent geliehen haben | threw,thrown geworfen haben | fed gefüttert haben
bit,bitten gebissen haben | forgave,forgiven vergeben haben | dug gegraben haben | hid,hidden versteckt haben
spoke,spoken gesprochen haben | drew,drawn gezeichnet haben | chose,chosen ausgesucht haben
went,gone gegangen sein | came gekommen sein | ran gelaufen sein | flew,flown geflogen sein | fell,fallen gefallen sein
swam,swum geschwommen sein | became geworden sein | drove,driven gefahren either | rode,ridden gefahren either
"""
# regular verbs: English infinitive, German participle, auxiliary (their past in "-ed": "order" -> "ordered")
REGULAR = """
order bestellt haben | book gebucht haben | reserve reserviert haben | call angerufen haben | miss verpasst haben
receive erhalten haben | cook gekocht haben | wash gewaschen haben | clean geputzt haben | repair repariert haben
fix repariert haben | visit besucht haben | watch gesehen haben | play gespielt haben | open geöffnet haben
close geschlossen haben | learn gelernt haben | paint gemalt haben | ask gefragt haben | help geholfen haben
wait gewartet haben | work gearbeitet haben | love geliebt haben | try versucht haben | use benutzt haben
change geändert haben | check überprüft haben | cancel abgesagt haben | plan geplant haben | invite eingeladen haben
celebrate gefeiert haben | dance getanzt haben | laugh gelacht haben | cry geweint haben | study studiert haben
rent gemietet haben | download heruntergeladen haben | install installiert haben | print gedruckt haben
sign unterschrieben haben | pack gepackt haben | show gezeigt haben | talk gesprochen haben | finish beendet haben
enjoy genossen haben | borrow ausgeliehen haben | start angefangen haben | buy gekauft haben | rain geregnet haben
kiss geküsst haben | answer geantwortet haben | listen zugehört haben | walk gelaufen sein | travel gereist sein
arrive angekommen sein | stay geblieben sein | return zurückgekommen sein | die gestorben sein | happen passiert sein
"""
CONSONANT = re.compile(r"[^aeiouy][aeiou]([bglmnpt])$")      # "plan" -> "planned", "stop" -> "stopped"


def pasts(verb: str) -> tuple[str, ...]:
    """A regular English verb's past in "-ed" ("order" -> "ordered", "try" -> "tried", "plan" -> "planned", "cancel"
    and "travel" in both spellings)."""
    if verb.endswith("e"):
        return (verb + "d",)
    if verb.endswith("y") and verb[-2] not in "aeiou":
        return (verb[:-1] + "ied",)
    if verb in ("cancel", "travel"):
        return (verb + "ed", verb + "led")
    m = CONSONANT.search(verb)
    if m and verb not in ("open", "visit", "listen", "happen", "answer"):
        return (verb + m.group(1) + "ed",)
    return (verb + "ed",)


def rows() -> Iterator[tuple[tuple[str, ...], str, str, str | None]]:
    """The table's rows: an English verb's past forms (the simple past first), its German participle, auxiliary and
    infinitive (a regular verb's; None for an irregular one)."""
    for entry in IRREGULAR.replace("\n", " | ").split("|"):
        if entry.strip():
            forms, participle, auxiliary = entry.split()
            yield tuple(forms.split(",")), participle, auxiliary, None
    for entry in REGULAR.replace("\n", " | ").split("|"):
        if entry.strip():
            verb, participle, auxiliary = entry.split()
            yield pasts(verb), participle, auxiliary, verb


def table() -> dict[str, tuple[str, str]]:
    """Each English past form: its German participle and auxiliary ("haben", "sein" or "either")."""
    found = {}
    for forms, participle, auxiliary, _ in rows():
        found.update(dict.fromkeys(forms, (participle, auxiliary)))
    return found


def into_english() -> dict[str, list[tuple[str, str, str | None]]]:
    """Each German participle: the English verbs the table gives it, as (simple past, auxiliary, infinitive: a
    regular verb's, None for an irregular one's); a participle of two English verbs has two."""
    found: dict[str, list] = {}
    for forms, participle, auxiliary, verb in rows():
        found.setdefault(participle, []).append((forms[0], auxiliary, verb))
    return found


PARTICIPLES = table()
INTO_ENGLISH = into_english()
GERMAN = frozenset(participle for participle, _ in PARTICIPLES.values())
# the present forms of the two auxiliaries, in the order ich, du, er/sie/es, wir/sie/Sie, ihr
FORMS = {"haben": ("habe", "hast", "hat", "haben", "habt"), "sein": ("bin", "bist", "ist", "sind", "seid")}
AUXILIARY = {form: (verb, k) for verb, forms in FORMS.items() for k, form in enumerate(forms)}
# a German participle: "ge" and a stem of two letters or more ending in "t" or "en" ("gekauft", "gesehen"; not "gegen",
# "geht", "geben"), or a separable verb's ("eingeladen", "angerufen")
PARTICIPLE = re.compile(r"(?:ab|an|auf|aus|bei|ein|mit|nach|vor|weg|zu|zurück|um|los|her|hin|herunter)?"
                        r"ge[a-zäöüß]{2,}(?:t|en)")


def is_participle(word: str) -> bool:
    """Whether a German word is a participle: of a verb listed, or of the shape of one."""
    return word in GERMAN or bool(PARTICIPLE.fullmatch(word))


def auxiliary_as(form: str, verb: str) -> str:
    """`form`, a present form of "haben" or "sein", as the same person's form of `verb` ("bin", "haben" -> "habe")."""
    return FORMS[verb][AUXILIARY[form][1]]


# the English base forms of IRREGULAR's pasts (a regular one's is REGULAR's own): text/steps/english_past.py's verbs,
# the tense bridge's
BASES = dict(pair.split(":") for pair in """
lost:lose forgot:forget found:find bought:buy paid:pay sent:send made:make saw:see met:meet sold:sell broke:break
wrote:write took:take ate:eat drank:drink heard:hear gave:give brought:bring said:say won:win slept:sleep wore:wear
sang:sing stole:steal understood:understand began:begin kept:keep built:build lent:lend threw:throw fed:feed bit:bite
forgave:forgive dug:dig hid:hide spoke:speak drew:draw chose:choose went:go came:come ran:run flew:fly fell:fall
swam:swim became:become drove:drive rode:ride
""".split())

# the tense bridge's verbs (text/steps/tense_bridge.py): an English simple past (its base form) and the German
# infinitive of its participle; only verbs of one German verb that does not split ("anrufen": "ruft ... an"), of one
# auxiliary ("drove" takes either), and not "lost", "forgot": a model writes "Ich habe ..." for them, which
# text/steps/participles.py completes, but garbles their present ("I lose my keys." -> "Ich nehme verliere."); an
# irregular past and the German infinitive first (its English base form: BASES), then regular verbs by their base form
BRIDGE_IRREGULAR = """
found finden | bought kaufen | paid bezahlen | sent schicken | made machen | saw sehen | met treffen
sold verkaufen | wrote schreiben | ate essen | drank trinken | heard hören | gave geben | brought bringen
said sagen | won gewinnen | slept schlafen | sang singen | stole stehlen | understood verstehen | built bauen
threw werfen | fed füttern | went gehen | came kommen | ran laufen | flew fliegen | fell fallen | swam schwimmen
"""
BRIDGE_REGULAR = """
order bestellen | book buchen | reserve reservieren | miss verpassen | cook kochen | wash waschen | clean putzen
repair reparieren | fix reparieren | visit besuchen | play spielen | open öffnen | learn lernen | paint malen
ask fragen | help helfen | wait warten | work arbeiten | love lieben | try versuchen | use benutzen | plan planen
celebrate feiern | dance tanzen | laugh lachen | cry weinen | study studieren | rent mieten | install installieren
print drucken | pack packen | show zeigen | talk sprechen | finish beenden | enjoy genießen | kiss küssen
answer antworten | travel reisen | stay bleiben | die sterben | happen passieren | rain regnen
"""


def bridge() -> dict[str, tuple[str, str]]:
    """Each simple past of the bridge's verbs: its English base form and the German infinitive ("wrote" ->
    ("write", "schreiben"), "ordered" -> ("order", "bestellen"))."""
    found = {}
    for entry in BRIDGE_IRREGULAR.replace("\n", " | ").split("|"):
        if entry.strip():
            past, infinitive = entry.split()
            found[past] = (BASES[past], infinitive)
    for entry in BRIDGE_REGULAR.replace("\n", " | ").split("|"):
        if entry.strip():
            base, infinitive = entry.split()
            found.update(dict.fromkeys(pasts(base), (base, infinitive)))
    return found


BRIDGE = bridge()
