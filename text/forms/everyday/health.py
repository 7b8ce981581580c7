"""Everyday nouns of health and applications: appointments, prescriptions, pharmacies, CVs ("Termin", "Rezept").

Rows as text/forms/everyday/noun.py says; the table is text/forms/everyday_nouns.py's.
"""
from text.forms.everyday.noun import Noun

NOUNS = [
    Noun("Termin", "Termine", "m", "appointment", "appointments"),
    Noun("Arzttermin", "Arzttermine", "m", "doctor's appointment", "doctor's appointments"),
    Noun("Impfung", "Impfungen", "f", "vaccination", "vaccinations"),
    Noun("Tablette", "Tabletten", "f", "pill", "pills", ways="de-en"),
    Noun("Rezept", "Rezepte", "n", "prescription", "prescriptions", ways="en-de"),
    Noun("Krankmeldung", "Krankmeldungen", "f", "doctor's note", "doctor's notes"),
    Noun("Lebenslauf", "Lebensläufe", "m", "CV", "CVs"),
    Noun("Bewerbung", "Bewerbungen", "f", "job application", "job applications"),
    Noun("Apotheke", "Apotheken", "f", "pharmacy", "pharmacies"),
]
