"""Everyday nouns that image captions never hold ("Akku", "E-Mail", "password", "receipt"), German and English: a
caption model cannot write a word it never saw ("Mein Handy hat keinen Akku mehr." -> "My cellphone doesn't Akku each
other."; "Can I have a receipt?" -> "Könnene ich eine Rehung?"). text/finders/glossary.py's EverydayNouns masks
them as a glossary does, only those the model's corpus lacks.

    table("de", "en")["Akku"] -> "battery"        table("en", "de")["receipts"] -> "Quittungen"
    gender("receipt") -> "f"                      gender("receipts") -> "p"     # the German word's, for its article
"""
from __future__ import annotations

# German singular, its plural ("" where it is the singular's spelling), its gender, English singular and plural ("" for
# none); an English word that is also a verb or means something else too ("update", "delay", "heating", "form",
# "ticket") is left out, so only German -> English reads it; American English, as Multi30K's captions write it
NOUNS = [
    ("Akku", "Akkus", "m", "battery", "batteries"),
    ("E-Mail", "E-Mails", "f", "email", "emails"),
    ("WLAN", "", "n", "Wi-Fi", ""),
    ("Passwort", "Passwörter", "n", "password", "passwords"),
    ("Rechnung", "Rechnungen", "f", "bill", "bills"),
    ("Stromrechnung", "Stromrechnungen", "f", "electricity bill", "electricity bills"),
    ("Quittung", "Quittungen", "f", "receipt", "receipts"),
    ("Kassenbon", "Kassenbons", "m", "receipt", "receipts"),
    ("Termin", "Termine", "m", "appointment", "appointments"),
    ("Arzttermin", "Arzttermine", "m", "doctor's appointment", "doctor's appointments"),
    ("Ladegerät", "Ladegeräte", "n", "charger", "chargers"),
    ("Ladekabel", "", "n", "charging cable", "charging cables"),
    ("Schlüssel", "", "m", "key", "keys"),
    ("Hausschlüssel", "", "m", "house key", "house keys"),
    ("Wohnungsschlüssel", "", "m", "apartment key", "apartment keys"),
    ("Kühlschrank", "Kühlschränke", "m", "fridge", "fridges"),
    ("Drucker", "", "m", "printer", "printers"),
    ("Reisepass", "Reisepässe", "m", "passport", "passports"),
    ("Konto", "Konten", "n", "account", "accounts"),
    ("Kontostand", "", "m", "account balance", ""),
    ("Kontonummer", "Kontonummern", "f", "account number", "account numbers"),
    ("Bankkarte", "Bankkarten", "f", "bank card", "bank cards"),
    ("Geldautomat", "Geldautomaten", "m", "ATM", "ATMs"),
    ("Überweisung", "Überweisungen", "f", "bank transfer", "bank transfers"),
    ("Adresse", "Adressen", "f", "address", "addresses"),
    ("Router", "", "m", "router", "routers"),
    ("Steckdose", "Steckdosen", "f", "outlet", "outlets"),
    ("Heizung", "Heizungen", "f", "heating", ""),
    ("Vermieter", "", "m", "landlord", "landlords"),
    ("Vermieterin", "Vermieterinnen", "f", "landlady", "landladies"),
    ("Nachbar", "", "m", "neighbor", ""),
    ("Krankenkasse", "Krankenkassen", "f", "health insurance", ""),
    ("Versicherung", "Versicherungen", "f", "insurance", ""),
    ("Führerschein", "Führerscheine", "m", "driver's license", "driver's licenses"),
    ("Verspätung", "Verspätungen", "f", "delay", ""),
    ("Unterschrift", "Unterschriften", "f", "signature", "signatures"),
    ("Lieferung", "Lieferungen", "f", "delivery", "deliveries"),
    ("App", "Apps", "f", "app", "apps"),
    ("Software", "", "f", "software", ""),
    ("Update", "Updates", "n", "update", ""),
    ("Webseite", "Webseiten", "f", "website", "websites"),
    ("Browser", "", "m", "browser", "browsers"),
    ("Anhang", "Anhänge", "m", "attachment", "attachments"),
    ("Datei", "Dateien", "f", "file", "files"),
    ("Handynummer", "Handynummern", "f", "cell phone number", "cell phone numbers"),
    ("Telefonnummer", "Telefonnummern", "f", "phone number", "phone numbers"),
    ("Benutzername", "Benutzernamen", "m", "username", "usernames"),
    ("Mailbox", "Mailboxen", "f", "voicemail", ""),
    ("Mikrowelle", "Mikrowellen", "f", "microwave", "microwaves"),
    ("Spülmaschine", "Spülmaschinen", "f", "dishwasher", "dishwashers"),
    ("Stromausfall", "Stromausfälle", "m", "power outage", "power outages"),
    ("Fahrplan", "Fahrpläne", "m", "timetable", "timetables"),
    ("Fahrkarte", "Fahrkarten", "f", "ticket", ""),
    ("Bordkarte", "Bordkarten", "f", "boarding pass", "boarding passes"),
    ("Gutschein", "Gutscheine", "m", "voucher", "vouchers"),
    ("Briefmarke", "Briefmarken", "f", "stamp", "stamps"),
    ("Impfung", "Impfungen", "f", "vaccination", "vaccinations"),
    ("Tablette", "Tabletten", "f", "pill", "pills"),
    ("Rezept", "Rezepte", "n", "prescription", "prescriptions"),
    ("Krankmeldung", "Krankmeldungen", "f", "doctor's note", "doctor's notes"),
    ("Lebenslauf", "Lebensläufe", "m", "CV", "CVs"),
    ("Bewerbung", "Bewerbungen", "f", "job application", "job applications"),
    ("Nebenkosten", "", "p", "utilities", ""),
    ("Einkaufszettel", "", "m", "shopping list", "shopping lists"),
    ("Rutschgefahr", "", "f", "slippery floor", ""),
    ("Apotheke", "Apotheken", "f", "pharmacy", "pharmacies"),
    ("Hauptbahnhof", "Hauptbahnhöfe", "m", "main station", "main stations"),
]
# German -> English only: its English word is also a verb or another word ("update", "delay", "file", "bill", "stamp",
# "key", "address"), or it is a second German word for a thing
# ("Kassenbon" besides "Quittung": "receipt" is written "Quittung")
ONE_WAY = {"Update", "Verspätung", "Datei", "Dateien", "Rechnung", "Rechnungen", "Briefmarke",
           "Briefmarken", "Schlüssel", "Heizung", "Nachbar", "Konto", "Konten", "Tablette", "Tabletten", "Fahrkarte",
           "Versicherung", "Krankenkasse", "Kassenbon", "Kassenbons", "Adresse", "Adressen",
           "Rutschgefahr"}
# English -> German only: the German word means something else too ("Rezept": a recipe as well)
INTO_GERMAN = {"Rezept", "Rezepte"}


def forms() -> list[tuple[str, str, str, bool]]:
    """(German, its gender ("p": a plural), English, whether English is read into German too) of each singular and
    plural in NOUNS; a German plural without an English one is read from German only ("Verspätungen" -> "delay",
    but "delay" is no "Verspätungen")."""
    out = []
    for singular, plural, gender, english, english_plural in NOUNS:
        out.append((singular, gender, english, singular not in ONE_WAY))
        if plural or english_plural:
            german = plural or singular
            out.append((german, "p", english_plural or english, bool(english_plural) and german not in ONE_WAY))
    return out


def gender(english: str) -> str:
    """The gender of the German word an English noun of the table is written as ("p": a plural); "" for none."""
    return GENDERS.get(english.lower(), "")


def table(source: str, target: str) -> dict[str, str]:
    """The nouns of one direction, source word -> target word, a singular's before a plural of the same spelling
    ("Drucker" -> "printer"): German as written, English in lowercase and with its first letter capitalized (a
    sentence's first word)."""
    written: dict[str, str] = {}
    for german, _, english, both_ways in forms():
        if (source, target) == ("de", "en") and german not in INTO_GERMAN:
            written.setdefault(german, english)
        elif (source, target) == ("en", "de") and both_ways:
            written.setdefault(english, german)
            written.setdefault(english[:1].upper() + english[1:], german)
    return written


GENDERS: dict[str, str] = {}
for _german, _gender, _english, _both_ways in forms():
    if _both_ways:
        GENDERS.setdefault(_english.lower(), _gender)
