"""Training: the step (loss, optimizer, schedule, precision), validation, the run's state and its resume, and the
run directory (lock, metrics log)."""
