"""The text pipeline: small steps that rewrite a source before the model reads it and undo the rewrite on the
translation (numbers and glossary terms as placeholders, ...). Training pairs go through the same steps, so what
the model learns and what it is given agree by construction. Nothing here knows tokenizers, vocabularies or models.
"""
