"""Training: a run (train.py, which the script train.py calls; its epochs loop.py, its end finish.py), the step
(loss, optimizer, schedule, precision), validation, the run's state and its resume, and the run directory (lock,
metrics log)."""
