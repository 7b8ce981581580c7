"""The model: attentions and their registry, positions, blocks, the Transformer.

Importing the package registers the built-in attentions (full, sdpa, square, linear).
"""
from models import attention, kernelized  # noqa: F401  (registration happens on import)
