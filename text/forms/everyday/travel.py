"""Everyday nouns of travel and the post: tickets, timetables, passports, stations ("Fahrplan", "Reisepass").

Rows as text/forms/everyday/noun.py says; the table is text/forms/everyday_nouns.py's.
"""
from text.forms.everyday.noun import Noun

NOUNS = [
    Noun("Reisepass", "Reisepässe", "m", "passport", "passports"),
    Noun("Führerschein", "Führerscheine", "m", "driver's license", "driver's licenses"),
    Noun("Verspätung", "Verspätungen", "f", "delay", "", ways="de-en"),
    Noun("Fahrplan", "Fahrpläne", "m", "timetable", "timetables"),
    Noun("Fahrkarte", "Fahrkarten", "f", "ticket", "", ways="de-en"),
    Noun("Bordkarte", "Bordkarten", "f", "boarding pass", "boarding passes"),
    Noun("Briefmarke", "Briefmarken", "f", "stamp", "stamps", ways="de-en"),
    Noun("Hauptbahnhof", "Hauptbahnhöfe", "m", "main station", "main stations"),
]
