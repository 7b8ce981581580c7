"""Everyday nouns of the home: devices, keys, the flat, its bills and its landlord ("Akku", "Kühlschrank", "Vermieter").

Rows as text/forms/everyday/noun.py says; the table is text/forms/everyday_nouns.py's.
"""
from text.forms.everyday.noun import Noun

NOUNS = [
    Noun("Akku", "Akkus", "m", "battery", "batteries"),
    Noun("WLAN", "", "n", "Wi-Fi", ""),
    Noun("Passwort", "Passwörter", "n", "password", "passwords"),
    Noun("Stromrechnung", "Stromrechnungen", "f", "electricity bill", "electricity bills"),
    Noun("Ladegerät", "Ladegeräte", "n", "charger", "chargers"),
    Noun("Ladekabel", "", "n", "charging cable", "charging cables"),
    Noun("Schlüssel", "", "m", "key", "keys", ways="de-en"),
    Noun("Hausschlüssel", "", "m", "house key", "house keys"),
    Noun("Wohnungsschlüssel", "", "m", "apartment key", "apartment keys"),
    Noun("Kühlschrank", "Kühlschränke", "m", "fridge", "fridges"),
    Noun("Drucker", "", "m", "printer", "printers"),
    Noun("Router", "", "m", "router", "routers"),
    Noun("Steckdose", "Steckdosen", "f", "outlet", "outlets"),
    Noun("Heizung", "Heizungen", "f", "heating", "", ways="de-en"),
    Noun("Vermieter", "", "m", "landlord", "landlords"),
    Noun("Vermieterin", "Vermieterinnen", "f", "landlady", "landladies"),
    Noun("Nachbar", "", "m", "neighbor", "", ways="de-en"),
    Noun("Mikrowelle", "Mikrowellen", "f", "microwave", "microwaves"),
    Noun("Spülmaschine", "Spülmaschinen", "f", "dishwasher", "dishwashers"),
    Noun("Stromausfall", "Stromausfälle", "m", "power outage", "power outages"),
    Noun("Nebenkosten", "", "p", "utilities", ""),
    Noun("Einkaufszettel", "", "m", "shopping list", "shopping lists"),
    Noun("Rutschgefahr", "", "f", "slippery floor", "", ways="de-en"),
]
