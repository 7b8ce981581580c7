"""The model: attention kernels and their registry, positions, blocks, the Transformer.

Importing the package registers the built-in attentions (full, sdpa, square, linear).
"""
from models import attention, kernels  # noqa: F401  (registration happens on import)
