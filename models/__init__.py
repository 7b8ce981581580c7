"""The model: attentions and their registry, positions, blocks, the Transformer.

Importing the package registers the built-in attentions: full, sdpa, square, linear, exact-topk, local, reformer,
clustered, improved-clustered, conditional-full, aft-simple, aft-full.
"""
from models import attention, kernelized  # noqa: F401  (registration happens on import)
from models import (attention_aft, attention_clustered, attention_conditional, attention_local,  # noqa: F401
                    attention_reformer, attention_topk)
