"""The application layer: search, the Translator, the training step and its validation, corpus metrics."""
