"""Quality probes: lines written for them (probes/data/, read by lines.py), each with what a faithful translation
must contain, and the model-free checks (checks.py) and scoring (score.py) of a model's outputs on them.
`python -m probes` scores a checkpoint or a file of outputs; probes.digits, probes.glossary, probes.placeholders and
probes.nouns (the noun dictionary, no model) run as modules too. Speed and memory are bench/'s."""
