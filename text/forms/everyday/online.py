"""Everyday nouns of phones and the internet: e-mail, apps, files, numbers, names one logs in with ("E-Mail", "Anhang").

Rows as text/forms/everyday/noun.py says; the table is text/forms/everyday_nouns.py's.
"""
from text.forms.everyday.noun import Noun

NOUNS = [
    Noun("E-Mail", "E-Mails", "f", "email", "emails"),
    Noun("App", "Apps", "f", "app", "apps"),
    Noun("Software", "", "f", "software", ""),
    Noun("Update", "Updates", "n", "update", "", ways="de-en"),
    Noun("Webseite", "Webseiten", "f", "website", "websites"),
    Noun("Browser", "", "m", "browser", "browsers"),
    Noun("Anhang", "Anhänge", "m", "attachment", "attachments"),
    Noun("Datei", "Dateien", "f", "file", "files", ways="de-en"),
    Noun("Handynummer", "Handynummern", "f", "cell phone number", "cell phone numbers"),
    Noun("Telefonnummer", "Telefonnummern", "f", "phone number", "phone numbers"),
    Noun("Benutzername", "Benutzernamen", "m", "username", "usernames"),
    Noun("Mailbox", "Mailboxen", "f", "voicemail", ""),
]
