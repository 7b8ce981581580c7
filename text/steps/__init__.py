"""The text steps, one a file, each a class with apply and reverse (text/step.py), in the pipeline's order."""
