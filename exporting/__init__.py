"""Exporting: a checkpoint as a CTranslate2 model directory (run by decoding/ct2_engine.py)."""
