"""The model: attentions and their registry (attention/), positions, blocks, the Transformer.

Importing the package registers the built-in attentions: full, sdpa, square, linear, exact-topk, local, reformer,
clustered, improved-clustered, conditional-full, aft-simple, aft-full.
"""
from models import attention  # noqa: F401  (registration happens on import)
