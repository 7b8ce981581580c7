"""The text pipeline: small steps that rewrite a source before the model reads it and undo the rewrite on the
translation (numbers and glossary terms as placeholders, ...). Training pairs go through the same steps, so what
the model learns and what it is given agree by construction. Nothing here knows tokenizers, vocabularies or models.

    pipeline.py   a checkpoint's steps, in order, and back (Pipeline.from_config)
    step.py       what a step is: apply, reverse
    steps/        the steps, one a file: normalize, sentences or quotations, case, placeholders, first_capital,
                  final_mark, inner_stop, spacing, marks
    finders/      what the placeholders step masks, one finder a file (finder.py: what a finder is): slots,
                  glossary, phrases, copy_through, number_compounds, numbers, calendar_names, names
    forms/        what steps and finders read: placeholders as text (masking), cleaning, sentence_ends,
                  number_forms, units, dates, titles, lexicon, language_id

Each floor imports only those below it: steps read finders and forms, finders read forms, forms read no step and
no finder (tests/test_layers.py).
"""
