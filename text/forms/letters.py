"""A letter's or an e-mail's fixed sentences, (German, English) pairs the phrase tables (text/forms/phrase_tables.py)
read both ways: its salutations, thanks, requests, apologies and closings, an autoreply's. A letter speaks to its
reader formally: English becomes German's "Sie" ("Thank you for your email." -> "Vielen Dank für Ihre E-Mail.").
Where one side has several, each one's translation is the last named (an everyday phrase's kept so: "Have a nice
weekend" -> "Schönes Wochenende").
"""
from __future__ import annotations

# Multi30K's captions hold none ("Ich freue mich auf Ihre Antwort." -> "I am enjoying me on your Anoror.", "Thank
# you for your email." -> "Danke für duschün.", "Sorry for the delay." -> "Sory für die Hira." from a 30-minute model)
LETTERS = [("Sehr geehrte Damen und Herren", "To whom it may concern"),
           ("Sehr geehrte Damen und Herren", "Dear Sirs"), ("Sehr geehrte Damen und Herren", "Dear Sir or Madam"),
           ("Liebe Kolleginnen und Kollegen", "Dear colleagues"), ("Hallo zusammen", "Hi everyone"),
           ("Hallo zusammen", "Hi all"), ("Hallo zusammen", "Hello all"), ("Hallo zusammen", "Dear all"),
           ("Hallo zusammen", "Hello everyone"),
           ("Ich hoffe, es geht Ihnen gut", "I hope this email finds you well"),
           ("Ich hoffe, es geht Ihnen gut", "I hope you are well"),
           ("Vielen Dank für Ihre E-Mail", "Thank you for your e-mail"),
           ("Vielen Dank für Ihre E-Mail", "Thank you for your email"),
           ("Vielen Dank für Ihre Nachricht", "Thank you for your message"),
           ("Vielen Dank für Ihre schnelle Antwort", "Thank you for your quick reply"),
           ("Danke für die Info", "Thanks for the info"),
           ("Vielen Dank für die Informationen", "Thank you for the information"),
           ("Ich habe Ihre E-Mail erhalten", "I received your email"),
           ("Ich habe Ihre E-Mail erhalten", "I have received your email"),
           ("Siehe Anhang", "See attachment"), ("Siehe Anhang", "See attached"),
           ("Bitte bestätigen Sie den Erhalt", "Please confirm receipt"),
           ("Entschuldigen Sie die späte Antwort", "Sorry for the late reply"),
           ("Entschuldigen Sie die Verzögerung", "Sorry for the delay"),
           ("Ich hoffe, das hilft", "I hope this helps"),
           ("Geben Sie mir bitte Bescheid", "Please let me know"),
           ("Bitte geben Sie mir Bescheid", "Please let me know"),
           ("Bei Fragen stehe ich gerne zur Verfügung", "If you have any questions, please let me know"),
           ("Für Rückfragen stehe ich Ihnen gerne zur Verfügung", "If you have any questions, please let me know"),
           *(("Bei Fragen stehe ich Ihnen gerne zur Verfügung", en)
             for en in ("Please let me know if you have any questions", "Feel free to contact me with any questions",
                        "If you have any questions, please do not hesitate to contact me",
                        "If you have any questions, please let me know")),
           ("Ich melde mich bei Ihnen", "I'll get back to you"),
           ("Ich melde mich so bald wie möglich bei Ihnen", "I'll get back to you as soon as possible"),
           ("Ich freue mich, von Ihnen zu hören", "I look forward to hearing from you"),
           ("Ich freue mich auf Ihre Antwort", "I look forward to your reply"),
           ("Ich freue mich auf Ihre Antwort", "I look forward to hearing from you"),
           ("Ich wünsche Ihnen ein schönes Wochenende", "Have a nice weekend"),
           ("Schönes Wochenende", "Have a nice weekend"),
           ("Ich wünsche Ihnen einen schönen Tag", "Have a nice day"), ("Schönen Tag noch", "Have a nice day"),
           ("Bitte antworten Sie nicht auf diese E-Mail", "Please do not reply to this email"),
           ("Abwesenheitsnotiz", "Out of office"), ("Ich bin nicht im Büro", "I am out of the office"),
           ("Ich bin derzeit nicht im Büro", "I am currently out of the office"),
           ("Gesendet von meinem iPhone", "Sent from my iPhone"),
           ("Herzliche Grüße", "Warm regards"), ("Schöne Grüße", "Best wishes"), ("Viele Grüße", "Regards"),
           ("Viele Grüße", "Best wishes"), ("Mit besten Grüßen", "Best regards"), ("Beste Grüße", "Best regards"),
           ("Vielen Dank", "Many thanks"), ("Vielen Dank", "Thank you very much"),
           ("Hochachtungsvoll", "Yours faithfully"), ("Mit freundlichen Grüßen", "Yours faithfully"),
           ("Mit freundlichen Grüßen", "Kind regards")]
# the closings among them, which may open a line before the writer's name ("Herzliche Grüße, Anna", "Warm regards,
# Tom"): German's as sign-offs (SIGN_OFFS), English's as greetings (GREETINGS)
CLOSING_LINES = {"de": {"herzliche grüße": "Warm regards", "schöne grüße": "Best wishes",
                        "mit besten grüßen": "Best regards"},
                 "en": ["warm regards", "regards", "yours faithfully", "many thanks", "hi all", "hi everyone",
                        "hello all", "dear all", "dear colleagues"]}
# a letter's opener before what is attached ("Anbei finden Sie die Rechnung." -> "Please find attached" + " die
# Rechnung."; a model wrote "Anbei is taking the you."), the rest the model's
ATTACHED = {"de": {"anbei finden sie": "Please find attached", "im anhang finden sie": "Please find attached"},
            "en": {"please find attached": "Anbei finden Sie"}}
