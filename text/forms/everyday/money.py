"""Everyday nouns of money, banks, shops and papers: bills, receipts, accounts, deliveries ("Quittung", "Überweisung").

Rows as text/forms/everyday/noun.py says; the table is text/forms/everyday_nouns.py's.
"""
from text.forms.everyday.noun import Noun

NOUNS = [
    Noun("Rechnung", "Rechnungen", "f", "bill", "bills", ways="de-en"),
    Noun("Quittung", "Quittungen", "f", "receipt", "receipts"),
    Noun("Kassenbon", "Kassenbons", "m", "receipt", "receipts", ways="de-en"),
    Noun("Konto", "Konten", "n", "account", "accounts", ways="de-en"),
    Noun("Kontostand", "", "m", "account balance", ""),
    Noun("Kontonummer", "Kontonummern", "f", "account number", "account numbers"),
    Noun("Bankkarte", "Bankkarten", "f", "bank card", "bank cards"),
    Noun("Geldautomat", "Geldautomaten", "m", "ATM", "ATMs"),
    Noun("Überweisung", "Überweisungen", "f", "bank transfer", "bank transfers"),
    Noun("Adresse", "Adressen", "f", "address", "addresses", ways="de-en"),
    Noun("Krankenkasse", "Krankenkassen", "f", "health insurance", "", ways="de-en"),
    Noun("Versicherung", "Versicherungen", "f", "insurance", "", ways="de-en"),
    Noun("Unterschrift", "Unterschriften", "f", "signature", "signatures"),
    Noun("Lieferung", "Lieferungen", "f", "delivery", "deliveries"),
    Noun("Gutschein", "Gutscheine", "m", "voucher", "vouchers"),
]
