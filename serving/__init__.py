"""Serving: the web service's request checks, the micro-batching queue and the service that decodes concurrent
requests together. FastAPI itself is imported only by serve.py."""
