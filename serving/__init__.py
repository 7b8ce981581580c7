"""Serving: the web service's request checks, the micro-batching queue, the service that decodes concurrent requests
together, and the FastAPI app around it (serving/app.py, which imports FastAPI only when it builds the app)."""
